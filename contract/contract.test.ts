import { describe, expect, it } from 'vitest';
import { NETWORK_ERROR_CODE, networkErrorText, parseErrorMessage } from './errors.ts';
import { formatCountdown, formatDateTime, formatPrice } from './format.ts';
import { directionOf, isLanguageCode, LANGUAGE_CODES, pickLanguage, readCookie } from './language.ts';
import { PAGE_SIZE } from './paging.ts';
import { PROMOTION_PACKAGES } from './promotions.ts';

describe('error convention (SPEC.md 8)', () => {
  it('splits "code##text" into code and text', () => {
    expect(parseErrorMessage('10001##Not allowed', 403)).toEqual({ code: 10001, text: 'Not allowed' });
  });
  it('keeps the HTTP status as the code otherwise', () => {
    expect(parseErrorMessage('This category does not exist.', 404)).toEqual({
      code: 404,
      text: 'This category does not exist.',
    });
    expect(parseErrorMessage('abc##text', 400)).toEqual({ code: 400, text: 'abc##text' });
  });
  it('names network failures Get Error / Post Error with code 404', () => {
    expect(NETWORK_ERROR_CODE).toBe(404);
    expect(networkErrorText('GET', 1)).toBe('Get Error 1');
    expect(networkErrorText('POST', 2)).toBe('Post Error 2');
  });
});

describe('formats (SPEC.md 9)', () => {
  it('shows prices as #,##0.0', () => {
    expect(formatPrice(1234567, 'en')).toBe('1,234,567.0');
    expect(formatPrice('85000.5', 'en')).toBe('85,000.5');
    expect(formatPrice(0, 'en')).toBe('0.0');
    expect(formatPrice(1234.56, 'ar')).toMatch(/^1.234.6$/);
  });
  it('shows dates as month-day-year hour:minute', () => {
    const date = new Date(Date.UTC(2026, 10, 2, 9, 5));
    expect(formatDateTime(date, 'en')).toBe('11-02-2026 09:05');
    expect(formatDateTime(date.toISOString(), 'de')).toBe('11-02-2026 09:05');
  });
  it('shows countdowns as minutes:seconds', () => {
    expect(formatCountdown(42, 'en')).toBe('0:42');
    expect(formatCountdown(60, 'ar')).toBe('1:00');
    expect(formatCountdown(5.2, 'ja')).toBe('0:06');
    expect(formatCountdown(-3, 'en')).toBe('0:00');
  });
});

describe('languages', () => {
  it('has the 16 codes of the spec with Arabic right to left', () => {
    expect([...LANGUAGE_CODES].sort()).toEqual([
      'ar',
      'de',
      'en',
      'es',
      'fr',
      'hi',
      'id',
      'it',
      'ja',
      'ko',
      'ms',
      'pt',
      'ru',
      'th',
      'tr',
      'zh',
    ]);
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('en')).toBe('ltr');
    expect(isLanguageCode('xx')).toBe(false);
  });
  it('picks ?lang, then cookie, then Accept-Language, else Arabic', () => {
    expect(pickLanguage({ query: 'fr', cookie: 'de', acceptLanguage: 'en' })).toBe('fr');
    expect(pickLanguage({ query: 'xx', cookie: 'de' })).toBe('de');
    expect(pickLanguage({ acceptLanguage: 'ja-JP,ja;q=0.9' })).toBe('ja');
    expect(pickLanguage({ acceptLanguage: 'xx, tr;q=0.5' })).toBe('tr');
    expect(pickLanguage({})).toBe('ar');
  });
  it('reads cookies', () => {
    expect(readCookie('a=1; lang=en; b=2', 'lang')).toBe('en');
    expect(readCookie(undefined, 'lang')).toBeUndefined();
  });
});

describe('constants', () => {
  it('match SPEC.md 9', () => {
    expect(PAGE_SIZE).toMatchObject({
      items: 10,
      blogs: 30,
      categories: 30,
      chatHistory: 30,
      locations: 30,
      featured: 10,
    });
    expect(PROMOTION_PACKAGES.map((entry) => [entry.type, entry.days])).toEqual([
      [1, 7],
      [1, 14],
      [1, 30],
      [1, 60],
      [2, 1],
    ]);
  });
});
