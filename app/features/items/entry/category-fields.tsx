import { useTranslation } from 'react-i18next';
import type { Category, Subcategory } from '../../../../contract/lookups.ts';
import type { FieldErrors } from '../../../lib/form-errors.ts';
import { useDependentOptions } from './dependent-options.ts';
import { SelectField, useFieldLabel } from './entry-fields.tsx';
import type { EntryValues, TextField } from './entry-values.ts';

/** Category, then its subcategory: the second list loads for the chosen category and waits until there is one. */
export function CategoryFields({
  values,
  set,
  errors,
  categories,
}: {
  values: EntryValues;
  set: (field: TextField, value: string) => void;
  errors: FieldErrors;
  categories: Category[];
}) {
  const { t } = useTranslation();
  const label = useFieldLabel();
  const subcategories = useDependentOptions<Subcategory>(
    values.cat_id ? `/api/v1/categories/${encodeURIComponent(values.cat_id)}/subcategories` : null,
    (row) => ({ value: String(row.id), label: row.name }),
  );
  return (
    <>
      <SelectField
        name="cat_id"
        label={label('cat_id')}
        value={values.cat_id}
        onValue={(value) => set('cat_id', value)}
        options={categories.map((category) => ({ value: String(category.cat_id), label: category.cat_name }))}
        errors={errors}
      />
      <SelectField
        name="sub_cat_id"
        label={label('sub_cat_id')}
        value={values.sub_cat_id}
        onValue={(value) => set('sub_cat_id', value)}
        options={subcategories.options}
        errors={errors}
        disabled={!values.cat_id}
        aria-busy={subcategories.status === 'loading'}
        placeholder={
          !values.cat_id
            ? t('itemEntry.chooseCategoryFirst')
            : subcategories.status === 'loading' && subcategories.options.length === 0
              ? t('itemEntry.loadingOptions')
              : undefined
        }
        hint={subcategories.status === 'failed' ? t('itemEntry.optionsFailed') : undefined}
      />
      {subcategories.status === 'failed' && <RetryList onRetry={subcategories.retry} />}
    </>
  );
}

export function RetryList({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={onRetry}
      className="-mt-2 text-sm font-semibold text-brand-700 underline dark:text-brand-300"
    >
      {t('itemEntry.upload.retry')}
    </button>
  );
}
