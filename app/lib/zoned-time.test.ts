import { describe, expect, it } from 'vitest';
import { instantOfWallClock, wallClockOf } from './zoned-time.ts';

describe('wall-clock times of a time zone', () => {
  it('writes an instant as the zone’s clock shows it, to the minute', () => {
    const instant = Date.UTC(2026, 10, 30, 11, 5, 42);
    expect(wallClockOf(instant, 'UTC')).toBe('2026-11-30T11:05');
    expect(wallClockOf(instant, 'Asia/Riyadh')).toBe('2026-11-30T14:05');
    expect(wallClockOf(instant, 'America/Los_Angeles')).toBe('2026-11-30T03:05');
  });

  it('reads a wall-clock time back as the instant it names in that zone', () => {
    expect(instantOfWallClock('2026-11-30T14:05', 'Asia/Riyadh')).toBe(Date.UTC(2026, 10, 30, 11, 5));
    expect(instantOfWallClock('2026-11-30T14:05', 'UTC')).toBe(Date.UTC(2026, 10, 30, 14, 5));
    expect(instantOfWallClock('2026-07-01T09:30', 'Europe/Berlin')).toBe(Date.UTC(2026, 6, 1, 7, 30));
    expect(instantOfWallClock('2026-01-01T09:30', 'Europe/Berlin')).toBe(Date.UTC(2026, 0, 1, 8, 30));
  });

  it('round-trips around a change of the clocks (an hour that happens twice excepted)', () => {
    for (const zone of ['Europe/Berlin', 'America/New_York', 'Asia/Kolkata']) {
      for (const instant of [Date.UTC(2026, 2, 29, 0, 30), Date.UTC(2026, 2, 29, 1, 30), Date.UTC(2026, 10, 1, 8, 0)]) {
        expect(instantOfWallClock(wallClockOf(instant, zone), zone), `${zone} ${instant}`).toBe(instant);
      }
    }
  });

  it('refuses what is not a wall-clock time', () => {
    for (const text of ['', 'tomorrow', '2026-02-30T10:00', '2026-11-30', '2026-11-30T25:00']) {
      expect(instantOfWallClock(text, 'UTC'), text).toBeNull();
    }
  });
});
