import type { LanguageCode } from '../../../../contract/language.ts';

const formats = new Map<LanguageCode, Intl.NumberFormat>();

/** A whole number grouped as the reader's language groups it, in Latin digits as prices and dates are. */
export function formatCount(value: number, language: LanguageCode): string {
  let format = formats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(`${language}-u-nu-latn`, { maximumFractionDigits: 0 });
    formats.set(language, format);
  }
  return format.format(value);
}
