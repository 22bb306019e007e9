import { DEFAULT_LANGUAGE, type LanguageCode } from './language.ts';

/** How prices are shown (SPEC.md 9): grouped thousands and exactly one decimal. */
export const PRICE_FORMAT = '#,##0.0';

// Building an Intl formatter costs far more than using one: keep one per language.
const priceFormats = new Map<LanguageCode, Intl.NumberFormat>();
const dateFormats = new Map<LanguageCode, Intl.DateTimeFormat>();

/** Prices use the pattern #,##0.0: grouped thousands and exactly one decimal. */
export function formatPrice(value: number | string, language: LanguageCode = DEFAULT_LANGUAGE): string {
  const amount = typeof value === 'string' ? Number.parseFloat(value) : value;
  let format = priceFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(numberingLocale(language), {
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
      useGrouping: true,
    });
    priceFormats.set(language, format);
  }
  return format.format(Number.isFinite(amount) ? amount : 0);
}

/** Dates are shown as month-day-year hour:minute (SPEC.md 9), in UTC so server and browser agree. */
export function formatDateTime(value: Date | string, language: LanguageCode = DEFAULT_LANGUAGE): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  let format = dateFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(numberingLocale(language), {
      month: '2-digit',
      day: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: 'UTC',
    });
    dateFormats.set(language, format);
  }
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value: text } of format.formatToParts(date)) part[type] = text;
  return `${part.month}-${part.day}-${part.year} ${part.hour}:${part.minute}`;
}

/** Latin digits for every language keeps prices comparable; Arabic readers in our markets expect them too. */
function numberingLocale(language: LanguageCode) {
  return `${language}-u-nu-latn`;
}

/** A countdown as minutes:seconds ("0:42"), in the page's language with the app's Latin digits. */
export function formatCountdown(totalSeconds: number, language: LanguageCode = DEFAULT_LANGUAGE): string {
  const seconds = Math.max(0, Math.ceil(totalSeconds));
  const locale = numberingLocale(language);
  const minutes = new Intl.NumberFormat(locale).format(Math.floor(seconds / 60));
  const rest = new Intl.NumberFormat(locale, { minimumIntegerDigits: 2 }).format(seconds % 60);
  return `${minutes}:${rest}`;
}
