import { describe, expect, it } from 'vitest';
import { appInfoQuerySchema, parseCallDate } from './app-info.ts';

describe('the dates of the app info call', () => {
  it('reads a day, the legacy clients’ date and time (UTC), and ISO 8601 with a zone', () => {
    expect(parseCallDate('2026-11-29')?.toISOString()).toBe('2026-11-29T00:00:00.000Z');
    expect(parseCallDate('2026-11-29 08:30:00')?.toISOString()).toBe('2026-11-29T08:30:00.000Z');
    expect(parseCallDate('2026-11-29T08:30:00+03:00')?.toISOString()).toBe('2026-11-29T05:30:00.000Z');
    expect(parseCallDate('2026-11-29T08:30:00.5Z')?.toISOString()).toBe('2026-11-29T08:30:00.500Z');
  });

  it('refuses what names no moment', () => {
    for (const text of [
      '2026-02-30',
      '2026-13-01',
      '2026-11-29T25:00',
      'yesterday',
      '1700000000',
      '2026-11-29+03:00',
    ]) {
      expect(parseCallDate(text), text).toBeNull();
    }
    expect(appInfoQuerySchema.safeParse({ start_date: '2026-11-29', end_date: '2026-11-28' }).success).toBe(false);
    expect(appInfoQuerySchema.safeParse({ start_date: '2026-11-28', end_date: '2026-11-28' }).success).toBe(true);
  });
});
