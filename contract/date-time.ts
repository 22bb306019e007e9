import type { LanguageCode } from './language.ts';

/**
 * Dates as month-day-year hour:minute (SPEC.md 9) without asking Intl for every value: a list answer shows
 * hundreds of dates, and `formatToParts` costs far more than arithmetic. Intl is asked once per zone and UTC
 * day (the zone's offset that day) and once per language and local day (the calendar date: Thai counts
 * Buddhist years); the clock is worked out from the offset.
 */

const MINUTE = 60_000;
const DAY = 86_400_000;
/** Bounds each cache: readers bring any of about 600 zones and dates span years. */
const MAX_ENTRIES = 4096;

const zoneClocks = new Map<string, Intl.DateTimeFormat>();
const dayFormats = new Map<LanguageCode, Intl.DateTimeFormat>();
/** `zone day` → the zone's offset in ms for that whole UTC day, or null on a day its offset changes. */
const dayOffsets = new Map<string, number | null>();
/** `language localDay` → "MM-DD-YYYY". */
const calendarDates = new Map<string, string>();

const pad = (value: number) => (value < 10 ? `0${value}` : String(value));

function remember<K, V>(cache: Map<K, V>, key: K, value: V): V {
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(key, value);
  return value;
}

/** The zone's clock at an instant, as the UTC instant showing the same wall time, minus the instant. */
function offsetAt(epoch: number, zone: string): number {
  let clock = zoneClocks.get(zone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-US-u-nu-latn', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    remember(zoneClocks, zone, clock);
  }
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const { type, value } of clock.formatToParts(epoch)) part[type] = Number(value);
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = part;
  const wholeSeconds = Math.floor(epoch / 1000) * 1000;
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  return wall - wholeSeconds;
}

function zoneOffset(epoch: number, zone: string): number {
  if (zone === 'UTC') return 0;
  const day = Math.floor(epoch / DAY);
  const key = `${zone} ${day}`;
  let offset = dayOffsets.get(key);
  if (offset === undefined) {
    const start = offsetAt(day * DAY, zone);
    offset = remember(dayOffsets, key, start === offsetAt(day * DAY + DAY - 1, zone) ? start : null);
  }
  return offset ?? offsetAt(epoch, zone);
}

function calendarDate(localDay: number, language: LanguageCode): string {
  const key = `${language} ${localDay}`;
  const known = calendarDates.get(key);
  if (known) return known;
  let format = dayFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(`${language}-u-nu-latn`, {
      month: '2-digit',
      day: '2-digit',
      year: 'numeric',
      timeZone: 'UTC',
    });
    dayFormats.set(language, format);
  }
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value } of format.formatToParts(localDay * DAY)) part[type] = value;
  return remember(calendarDates, key, `${part.month}-${part.day}-${part.year}`);
}

/** "MM-DD-YYYY HH:mm" as a clock in `zone` (a zone this runtime knows) shows `epoch`, in `language`'s calendar. */
export function formatWallClock(epoch: number, language: LanguageCode, zone: string): string {
  const local = epoch + zoneOffset(epoch, zone);
  const localDay = Math.floor(local / DAY);
  const minuteOfDay = Math.floor((local - localDay * DAY) / MINUTE);
  return `${calendarDate(localDay, language)} ${pad(Math.floor(minuteOfDay / 60))}:${pad(minuteOfDay % 60)}`;
}

/** The first moment of a UTC day written YYYY-MM-DD (a date field's value). */
export const utcDayStart = (day: string) => new Date(`${day}T00:00:00Z`);

/** The first moment after that UTC day: where "through that day" ends. */
export const utcDayEnd = (day: string) => new Date(utcDayStart(day).getTime() + 86_400_000);
