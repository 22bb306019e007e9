import { useTranslation } from 'react-i18next';
import { Form, Link, useNavigation } from 'react-router';
import type { ConsoleCategory } from '../../../contract/console.ts';
import { CheckboxField, Field, FormAlert, SubmitButton } from '../../components/ui/form.tsx';
import type { FormResult } from '../../lib/form-errors.ts';
import { ConsoleHeading } from './console-nav.tsx';
import { LocalizedFields } from './localized-fields.tsx';

/** A category's name in every language (Arabic and English required), its order and whether it is shown. */
export function CategoryForm({ category, failure }: { category: ConsoleCategory; failure: FormResult | undefined }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === 'submitting';
  const errors = failure?.errors ?? {};
  const value = (name: string, saved: string) => failure?.values?.[name] ?? saved;
  return (
    <section className="mx-auto max-w-3xl px-4 py-6" aria-labelledby="category-title">
      <p className="text-sm">
        <Link to="/admin/categories" className="text-brand-700 underline dark:text-brand-300">
          {t('console.categories.back')}
        </Link>
      </p>
      <div className="mt-2">
        <ConsoleHeading id="category-title" title={category.names.en ?? category.slug} />
      </div>
      <Form method="post" className="mt-5 flex flex-col gap-5" noValidate>
        {failure?.formError && <FormAlert messageKey={failure.formError} values={failure.formErrorValues} />}
        <LocalizedFields
          prefix="names"
          idPrefix="category"
          legend={t('console.categories.names')}
          saved={category.names}
          failedValues={failure?.values}
          errors={errors}
          maxLength={80}
        />
        <Field
          name="cat_ordering"
          idPrefix="category"
          label={t('console.categories.ordering')}
          hint={t('console.categories.orderingHint')}
          errors={errors}
          type="number"
          min={0}
          defaultValue={value('cat_ordering', String(category.cat_ordering))}
        />
        <CheckboxField
          name="is_published"
          idPrefix="category"
          label={t('console.categories.published')}
          errors={errors}
          defaultChecked={failure?.values ? failure.values.is_published === 'on' : category.is_published}
        />
        <div>
          <SubmitButton busy={busy} label={t('console.categories.save')} busyLabel={t('console.settings.saving')} />
        </div>
      </Form>
    </section>
  );
}
