import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '../../../lib/form-errors.ts';
import { ErrorOf, fieldId, useFieldLabel } from './entry-fields.tsx';

/** Is-shop, yes or no (required): yes, it can be ordered several times; no, one buyer only. */
export function ShopChoice({
  value,
  onValue,
  errors,
}: {
  value: string;
  onValue: (value: string) => void;
  errors: FieldErrors;
}) {
  const { t } = useTranslation();
  const label = useFieldLabel();
  const id = fieldId('business_mode');
  const error = errors.business_mode;
  const choices = [
    { value: 'true', label: t('itemEntry.isShop.yes'), hint: t('itemEntry.isShop.yesHint') },
    { value: 'false', label: t('itemEntry.isShop.no'), hint: t('itemEntry.isShop.noHint') },
  ];
  return (
    <fieldset>
      <legend className="text-sm font-semibold">{label('business_mode')}</legend>
      <div className="mt-1 grid gap-2 sm:grid-cols-2">
        {choices.map((choice) => (
          <label
            key={choice.value}
            className={`flex cursor-pointer items-start gap-3 rounded-xl border p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 dark:has-[:checked]:bg-brand-900 ${error ? 'border-red-500' : 'border-slate-300 dark:border-slate-700'}`}
          >
            <input
              type="radio"
              id={`${id}-${choice.value}`}
              name="business_mode"
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onValue(choice.value)}
              aria-invalid={Boolean(error)}
              aria-describedby={[`${id}-${choice.value}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
              className="mt-1 size-4 shrink-0 accent-brand-600"
            />
            <span>
              <span className="block font-semibold">{choice.label}</span>
              <span id={`${id}-${choice.value}-hint`} className="block text-xs text-slate-600 dark:text-slate-400">
                {choice.hint}
              </span>
            </span>
          </label>
        ))}
      </div>
      <ErrorOf name="business_mode" errors={errors} label={label('business_mode')} />
    </fieldset>
  );
}
