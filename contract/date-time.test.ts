import { describe, expect, it } from 'vitest';
import { formatWallClock } from './date-time.ts';
import { LANGUAGE_CODES, type LanguageCode } from './language.ts';

const referenceFormats = new Map<string, Intl.DateTimeFormat>();

/** What Intl itself shows for one value: the slow way the fast one must agree with. */
function reference(epoch: number, language: LanguageCode, zone: string) {
  const key = `${language} ${zone}`;
  const format =
    referenceFormats.get(key) ??
    new Intl.DateTimeFormat(`${language}-u-nu-latn`, {
      month: '2-digit',
      day: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: zone,
    });
  referenceFormats.set(key, format);
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value } of format.formatToParts(epoch)) part[type] = value;
  return `${part.month}-${part.day}-${part.year} ${part.hour}:${part.minute}`;
}

const ZONES = [
  'UTC',
  'Asia/Riyadh',
  'America/New_York',
  'Europe/Berlin',
  'Australia/Lord_Howe', // a daylight-saving shift of half an hour
  'Asia/Kathmandu', // +05:45
  'Pacific/Chatham', // +12:45 / +13:45
  'America/St_Johns', // -03:30 with daylight saving
  'Africa/Casablanca', // leaves daylight saving for Ramadan
];

describe('the wall clock without Intl per value', () => {
  it('agrees with Intl in every language and zone at random instants over two years', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const start = Date.UTC(2025, 0, 1);
    for (let sample = 0; sample < 3_000; sample += 1) {
      const epoch = start + Math.floor(random() * 2 * 365 * 86_400_000);
      const zone = ZONES[sample % ZONES.length] ?? 'UTC';
      const language = LANGUAGE_CODES[sample % LANGUAGE_CODES.length] ?? 'en';
      expect(formatWallClock(epoch, language, zone), `${new Date(epoch).toISOString()} ${zone}`).toBe(
        reference(epoch, language, zone),
      );
    }
  });

  it('agrees with Intl every few minutes across the days a zone changes its offset', () => {
    const shifts = [
      ['America/New_York', Date.UTC(2026, 2, 8)],
      ['America/New_York', Date.UTC(2026, 10, 1)],
      ['Europe/Berlin', Date.UTC(2026, 2, 29)],
      ['Australia/Lord_Howe', Date.UTC(2026, 3, 4)],
      ['Pacific/Chatham', Date.UTC(2026, 3, 4)],
    ] as const;
    for (const [zone, day] of shifts) {
      for (let epoch = day - 86_400_000; epoch < day + 2 * 86_400_000; epoch += 7 * 60_000 + 13_000) {
        expect(formatWallClock(epoch, 'en', zone), `${new Date(epoch).toISOString()} ${zone}`).toBe(
          reference(epoch, 'en', zone),
        );
      }
    }
  });

  it('counts Buddhist years in Thai and Gregorian ones elsewhere', () => {
    const epoch = Date.UTC(2026, 2, 5, 22, 7);
    expect(formatWallClock(epoch, 'th', 'Asia/Riyadh')).toBe('03-06-2569 01:07');
    expect(formatWallClock(epoch, 'ar', 'Asia/Riyadh')).toBe('03-06-2026 01:07');
    expect(formatWallClock(epoch + 59_999, 'en', 'UTC')).toBe('03-05-2026 22:07');
  });
});
