import { useTranslation } from 'react-i18next';
import { Form, Link, useNavigation } from 'react-router';
import type { ConsoleCategory } from '../../../contract/console.ts';
import { CATEGORY_ICON_NAMES } from '../../../contract/console-basics.ts';
import { CategoryIcon } from '../../components/ui/category-icon.tsx';
import { CheckboxField, Field, FormAlert, SubmitButton } from '../../components/ui/form.tsx';
import { ChevronRight } from '../../components/ui/icons.tsx';
import { type CategoryFormResult, CategoryPictures } from './category-pictures.tsx';
import { ConsoleHeading } from './console-nav.tsx';
import { LocalizedFields } from './localized-fields.tsx';

export type { CategoryFormResult } from './category-pictures.tsx';

/**
 * A category's name in every language (Arabic and English required), its order, whether it is shown and its
 * drawn icon; a new one also chooses whether it holds vehicles. An existing one has its pictures and
 * subcategories below.
 */
export function CategoryForm({
  category,
  failure,
}: {
  category: ConsoleCategory | null;
  failure: CategoryFormResult | undefined;
}) {
  const { t, i18n } = useTranslation();
  const title = category
    ? (category.names[i18n.language] ?? category.names.en ?? category.slug)
    : t('console.categories.newTitle');
  const savedFailure = failure?.intent === 'save' || !failure?.intent ? failure : undefined;
  return (
    <section className="mx-auto max-w-3xl px-4 py-6" aria-labelledby="category-title">
      <p className="text-sm">
        <Link to="/admin/categories" className="text-brand-700 underline dark:text-brand-300">
          {t('console.categories.back')}
        </Link>
      </p>
      <div className="mt-2">
        <ConsoleHeading
          id="category-title"
          title={title}
          intro={category ? undefined : t('console.categories.newIntro')}
        />
      </div>
      <CategoryFields category={category} failure={savedFailure} />
      {category && (
        <>
          <SubcategoriesLink catId={category.cat_id} />
          <CategoryPictures category={category} failure={failure?.intent === 'save' ? undefined : failure} />
        </>
      )}
    </section>
  );
}

function CategoryFields({
  category,
  failure,
}: {
  category: ConsoleCategory | null;
  failure: CategoryFormResult | undefined;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save';
  const errors = failure?.errors ?? {};
  const value = (name: string, saved: string) => failure?.values?.[name] ?? saved;
  return (
    <Form method="post" className="mt-5 flex flex-col gap-5" noValidate>
      <input type="hidden" name="intent" value="save" />
      {failure?.formError && <FormAlert messageKey={failure.formError} values={failure.formErrorValues} />}
      <LocalizedFields
        prefix="names"
        idPrefix="category"
        legend={t('console.categories.names')}
        saved={category?.names ?? {}}
        failedValues={failure?.values}
        errors={errors}
        maxLength={80}
      />
      <IconChoice chosen={value('icon', category?.icon ?? 'tag')} />
      <Field
        name="cat_ordering"
        idPrefix="category"
        label={t('console.categories.ordering')}
        hint={t('console.categories.orderingHint')}
        errors={errors}
        type="number"
        min={0}
        defaultValue={value('cat_ordering', String(category?.cat_ordering ?? 0))}
      />
      <CheckboxField
        name="is_published"
        idPrefix="category"
        label={t('console.categories.published')}
        errors={errors}
        defaultChecked={failure?.values ? failure.values.is_published === 'on' : (category?.is_published ?? true)}
      />
      {!category && (
        <CheckboxField
          name="is_vehicle"
          idPrefix="category"
          label={t('console.categories.isVehicle')}
          errors={errors}
          defaultChecked={failure?.values?.is_vehicle === 'on'}
        />
      )}
      <div>
        <SubmitButton busy={busy} label={t('console.categories.save')} busyLabel={t('console.settings.saving')} />
      </div>
    </Form>
  );
}

/** The drawn icons as a group of radio buttons, each showing its icon with its name. */
function IconChoice({ chosen }: { chosen: string }) {
  const { t } = useTranslation();
  return (
    <fieldset aria-describedby="category-icon-hint">
      <legend className="text-sm font-semibold">{t('console.categories.icon')}</legend>
      <p id="category-icon-hint" className="mt-1 text-xs text-slate-500 dark:text-slate-400">
        {t('console.categories.iconHint')}
      </p>
      <div className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-5">
        {CATEGORY_ICON_NAMES.map((name) => (
          <label
            key={name}
            className="flex cursor-pointer flex-col items-center gap-1 rounded-xl border border-slate-200 px-2 py-2 text-center text-xs has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500 dark:border-slate-700 dark:has-[:checked]:border-brand-300 dark:has-[:checked]:bg-brand-950"
          >
            <input type="radio" name="icon" value={name} defaultChecked={chosen === name} className="sr-only" />
            <CategoryIcon name={name} className="size-6" />
            {t(`console.categories.iconNames.${name}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function SubcategoriesLink({ catId }: { catId: number }) {
  const { t } = useTranslation();
  return (
    <Link
      to={`/admin/categories/lists/subcategories?parent=${catId}`}
      className="mt-8 flex items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white px-4 py-3 hover:border-brand-300 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-brand-700"
    >
      <span>
        <span className="block font-semibold">{t('console.categories.subcategories')}</span>
        <span className="block text-sm text-slate-600 dark:text-slate-400">
          {t('console.categories.subcategoriesHint')}
        </span>
      </span>
      <ChevronRight className="size-5 shrink-0 text-slate-400 rtl:rotate-180" aria-hidden />
    </Link>
  );
}
