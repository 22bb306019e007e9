import { getCountries, getCountryCallingCode } from 'libphonenumber-js';
import { useTranslation } from 'react-i18next';
import { Field, inputClass } from '../../components/ui/form.tsx';
import type { FieldErrors } from '../../lib/form-errors.ts';

/** A choice of the country picker: ISO code and its name with the calling code. */
export type CountryOption = { code: string; label: string };

/**
 * Countries named in `language` and sorted as it sorts them. Built in the page's loader, so the server's
 * and the browser's Intl data (which may differ) cannot make the rendered lists disagree.
 */
export function countryOptions(language: string): CountryOption[] {
  const names = new Intl.DisplayNames([language], { type: 'region' });
  const collator = new Intl.Collator(language);
  return (
    getCountries()
      // The calling code is isolated left-to-right (U+2066 … U+2069) so it reads "+966" inside Arabic names too.
      .map((code) => ({ code, label: `${names.of(code) ?? code} (\u2066+${getCountryCallingCode(code)}\u2069)` }))
      .sort((a, b) => collator.compare(a.label, b.label))
  );
}

/**
 * A phone number: the country picker (`country`, the site's default country first selected) and the
 * number as the person dials it, locally or with + and the country code. The server stores E.164.
 * Used by every form that takes a number (phone sign-in, registration, phone change, contact).
 */
export function PhoneNumberField({
  idPrefix,
  errors,
  countries,
  defaultCountry,
  defaultValue,
  name = 'user_phone',
  label,
}: {
  idPrefix: string;
  errors: FieldErrors;
  countries: CountryOption[];
  defaultCountry: string;
  defaultValue?: string;
  /** The number's form field (the contact form calls it `phone`). */
  name?: string;
  label?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="space-y-2">
      <div>
        <label htmlFor={`${idPrefix}-country`} className="text-sm font-semibold">
          {t('fields.country')}
        </label>
        <select id={`${idPrefix}-country`} name="country" defaultValue={defaultCountry} className={inputClass}>
          {countries.map((country) => (
            <option key={country.code} value={country.code}>
              {country.label}
            </option>
          ))}
        </select>
      </div>
      <Field
        idPrefix={idPrefix}
        name={name}
        type="tel"
        autoComplete="tel-national"
        dir="ltr"
        defaultValue={defaultValue}
        label={label ?? t('fields.user_phone')}
        hint={t('fields.phoneHint')}
        errors={errors}
      />
    </div>
  );
}
