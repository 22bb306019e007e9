import { useTranslation } from 'react-i18next';
import { CheckboxField, Field } from '../../components/ui/form.tsx';
import type { FormResult } from '../../lib/form-errors.ts';

/**
 * A console row's place in its list and whether the site shows it (banners, collections): `ordering` and
 * `is_published`, as saved or as the refused form sent them.
 */
export function OrderAndVisibility({
  idPrefix,
  publishedLabel,
  saved,
  failure,
}: {
  idPrefix: string;
  publishedLabel: string;
  saved: { ordering: number; is_published: boolean } | null;
  failure: FormResult | undefined;
}) {
  const { t } = useTranslation();
  const errors = failure?.errors ?? {};
  return (
    <>
      <Field
        name="ordering"
        idPrefix={idPrefix}
        label={t('console.categories.ordering')}
        hint={t('console.categories.orderingHint')}
        errors={errors}
        type="number"
        min={0}
        defaultValue={failure?.values?.ordering ?? String(saved?.ordering ?? 0)}
      />
      <CheckboxField
        name="is_published"
        idPrefix={idPrefix}
        label={publishedLabel}
        errors={errors}
        defaultChecked={failure?.values ? failure.values.is_published === 'on' : (saved?.is_published ?? true)}
      />
    </>
  );
}
