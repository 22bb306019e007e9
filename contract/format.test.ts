import { describe, expect, it } from 'vitest';
import { formatDateTime, isTimeZone } from './format.ts';

describe('dates in the reader time zone', () => {
  const date = new Date(Date.UTC(2026, 10, 2, 9, 5));

  it('shows month-day-year hour:minute as a clock in the given zone shows it', () => {
    expect(formatDateTime(date, 'en')).toBe('11-02-2026 09:05');
    expect(formatDateTime(date, 'en', 'Asia/Tokyo')).toBe('11-02-2026 18:05');
    expect(formatDateTime(date, 'ar', 'America/New_York')).toBe('11-02-2026 04:05');
    expect(formatDateTime(date.toISOString(), 'de', 'Pacific/Kiritimati')).toBe('11-02-2026 23:05');
    expect(formatDateTime(new Date(Date.UTC(2026, 10, 2, 23, 30)), 'en', 'Asia/Riyadh')).toBe('11-03-2026 02:30');
  });

  it('falls back to UTC for a zone that does not exist', () => {
    expect(formatDateTime(date, 'en', 'Mars/Olympus_Mons')).toBe('11-02-2026 09:05');
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone(42)).toBe(false);
  });
});
