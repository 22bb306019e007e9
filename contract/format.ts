import { DEFAULT_LANGUAGE, type LanguageCode } from './constants.ts';

/** Prices use the pattern #,##0.0: grouped thousands and exactly one decimal. */
export function formatPrice(value: number | string, language: LanguageCode = DEFAULT_LANGUAGE): string {
  const amount = typeof value === 'string' ? Number.parseFloat(value) : value;
  return new Intl.NumberFormat(numberingLocale(language), {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
    useGrouping: true,
  }).format(Number.isFinite(amount) ? amount : 0);
}

/** Dates are shown as month-day-year hour:minute (SPEC.md 9), digits in the reader's script. */
export function formatDateTime(value: Date | string, language: LanguageCode = DEFAULT_LANGUAGE): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  const parts = new Intl.DateTimeFormat(numberingLocale(language), {
    month: '2-digit',
    day: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZone: 'UTC',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('month')}-${part('day')}-${part('year')} ${part('hour')}:${part('minute')}`;
}

/** Latin digits for every language keeps prices comparable; Arabic readers in our markets expect them too. */
function numberingLocale(language: LanguageCode) {
  return `${language}-u-nu-latn`;
}
