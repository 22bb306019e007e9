import { LANGUAGES } from '../../../contract/language.ts';
import { Field, FieldError } from '../../components/ui/form.tsx';
import { inputClass } from '../../components/ui/form-classes.ts';
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
  multiline = false,
}: {
  prefix: string;
  idPrefix: string;
  legend: string;
  saved: Record<string, string | undefined>;
  failedValues: Record<string, string> | undefined;
  errors: FieldErrors;
  maxLength: number;
  /** A few lines each (an offline method's instructions) instead of one. */
  multiline?: boolean;
}) {
  return (
    <fieldset className="grid gap-4 rounded-2xl border border-slate-200 p-4 sm:grid-cols-2 dark:border-slate-800">
      <legend className="px-1 font-semibold">{legend}</legend>
      {LANGUAGES.map((language) => {
        const name = `${prefix}.${language.code}`;
        const required = language.code === 'ar' || language.code === 'en';
        const defaultValue = failedValues?.[name] ?? saved[language.code] ?? '';
        if (multiline) {
          const id = `${idPrefix}-${name}`;
          return (
            <div key={language.code}>
              <label htmlFor={id} className="text-sm font-semibold">
                {language.name}
              </label>
              <textarea
                id={id}
                name={name}
                lang={language.code}
                dir={language.dir}
                rows={4}
                maxLength={maxLength}
                required={required}
                aria-invalid={Boolean(errors[name])}
                aria-describedby={errors[name] ? `${id}-error` : undefined}
                defaultValue={defaultValue}
                className={inputClass}
              />
              <FieldError id={`${id}-error`} messageKey={errors[name]} field={language.name} />
            </div>
          );
        }
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
            required={required}
            defaultValue={defaultValue}
          />
        );
      })}
    </fieldset>
  );
}
