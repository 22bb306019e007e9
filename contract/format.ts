import { formatWallClock } from './date-time.ts';
import { DEFAULT_LANGUAGE, type LanguageCode } from './language.ts';

/** How prices are shown (SPEC.md 9): grouped thousands and exactly one decimal. */
export const PRICE_FORMAT = '#,##0.0';

// Building an Intl formatter costs far more than using one: keep one per language.
const priceFormats = new Map<LanguageCode, Intl.NumberFormat>();

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

/** The zone dates are shown in until the browser has told its own: the server and the first render agree on it. */
export const DEFAULT_TIME_ZONE = 'UTC';
/** The cookie in which the browser tells the server its time zone (a client hint, app/lib/time-zone.tsx). */
export const TIME_ZONE_COOKIE = 'souk_tz';

const knownTimeZones = new Set<string>([DEFAULT_TIME_ZONE]);

/** Whether `value` names a time zone this runtime knows (an IANA name such as Asia/Riyadh). */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 64) return false;
  if (knownTimeZones.has(value)) return true;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
  } catch {
    return false;
  }
  knownTimeZones.add(value);
  return true;
}

/**
 * Dates are shown as month-day-year hour:minute (SPEC.md 9), as a clock in `timeZone` shows them (the
 * reader's zone on pages, UTC in API texts).
 */
export function formatDateTime(
  value: Date | string,
  language: LanguageCode = DEFAULT_LANGUAGE,
  timeZone: string = DEFAULT_TIME_ZONE,
): string {
  const epoch = (typeof value === 'string' ? new Date(value) : value).getTime();
  return formatWallClock(epoch, language, isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE);
}

/** Latin digits for every language keeps prices comparable; Arabic readers in our markets expect them too. */
function numberingLocale(language: LanguageCode) {
  return `${language}-u-nu-latn`;
}

/** Intl.DurationFormat (Node 24, current browsers); TypeScript's ES2024 library does not declare it yet. */
const { DurationFormat } = Intl as unknown as {
  DurationFormat: new (
    locale: string,
    options: { style: 'long' },
  ) => { format(duration: { hours: number; minutes: number }): string };
};

/** A wait in hours and minutes, spelled out ("3 hours, 5 minutes"), in the language with the app's Latin digits. */
export function formatWait(totalMinutes: number, language: LanguageCode = DEFAULT_LANGUAGE): string {
  const minutes = Math.max(1, Math.ceil(totalMinutes));
  return new DurationFormat(numberingLocale(language), { style: 'long' }).format({
    hours: Math.floor(minutes / 60),
    minutes: minutes % 60,
  });
}

/** A countdown as minutes:seconds ("0:42"), in the page's language with the app's Latin digits. */
export function formatCountdown(totalSeconds: number, language: LanguageCode = DEFAULT_LANGUAGE): string {
  const seconds = Math.max(0, Math.ceil(totalSeconds));
  const locale = numberingLocale(language);
  const minutes = new Intl.NumberFormat(locale).format(Math.floor(seconds / 60));
  const rest = new Intl.NumberFormat(locale, { minimumIntegerDigits: 2 }).format(seconds % 60);
  return `${minutes}:${rest}`;
}
