import { LANGUAGES } from '../../../contract/language.ts';
import { Field } from '../../components/ui/form.tsx';
import type { FieldErrors } from '../../lib/form-errors.ts';

/**
 * One short text in every language (a category's name, a banner's words), each field written in its own
 * language and direction; Arabic and English are required. The form posts them as `<prefix>.<code>`.
 */
export function LocalizedFields({
  prefix,
  idPrefix,
  legend,
  saved,
  failedValues,
  errors,
  maxLength,
}: {
  prefix: string;
  idPrefix: string;
  legend: string;
  saved: Record<string, string | undefined>;
  failedValues: Record<string, string> | undefined;
  errors: FieldErrors;
  maxLength: number;
}) {
  return (
    <fieldset className="grid gap-4 rounded-2xl border border-slate-200 p-4 sm:grid-cols-2 dark:border-slate-800">
      <legend className="px-1 font-semibold">{legend}</legend>
      {LANGUAGES.map((language) => {
        const name = `${prefix}.${language.code}`;
        return (
          <Field
            key={language.code}
            name={name}
            idPrefix={idPrefix}
            label={language.name}
            lang={language.code}
            dir={language.dir}
            errors={errors}
            maxLength={maxLength}
            required={language.code === 'ar' || language.code === 'en'}
            defaultValue={failedValues?.[name] ?? saved[language.code] ?? ''}
          />
        );
      })}
    </fieldset>
  );
}
