import type { LanguageCode } from '../../../contract/language.ts';

/** Money as the payer's pages write it. */
export { formatAmount } from '../../lib/money.ts';

/** A count with the app's Latin digits and the language's grouping. */
export function formatNumber(value: number, language: LanguageCode) {
  return new Intl.NumberFormat(`${language}-u-nu-latn`).format(value);
}

/** A day ("2026-11-30", UTC) as a short date: "30 Nov". */
export function formatDay(day: string, language: LanguageCode) {
  return new Intl.DateTimeFormat(`${language}-u-nu-latn`, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}
