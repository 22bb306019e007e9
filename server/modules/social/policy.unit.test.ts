import { describe, expect, it } from 'vitest';
import { isSelf, reachesThreshold, reporterWeight } from './policy.ts';

describe('social policy', () => {
  it('never lets someone act on themselves', () => {
    expect(isSelf('a', 'a')).toBe(true);
    expect(isSelf('a', 'b')).toBe(false);
  });

  it('holds a listing once its reports weigh the threshold; a threshold of 0 never does', () => {
    expect(reachesThreshold(2.9, 3)).toBe(false);
    expect(reachesThreshold(3, 3)).toBe(true);
    expect(reachesThreshold(0.1 + 0.2 + 2.7, 3)).toBe(true);
    expect(reachesThreshold(10, 0)).toBe(false);
  });

  it('weighs a report by its reporter’s age, proven phone and record', () => {
    const now = new Date('2026-11-30T12:00:00Z');
    const joined = (days: number) => new Date(now.getTime() - days * 24 * 3600 * 1000);
    const clean = { upheld: 0, dismissed: 0 };
    const trusted = { addedDate: joined(45), phoneVerify: true, isBanned: false };
    expect(reporterWeight(trusted, clean, now)).toBe(1);
    expect(reporterWeight({ ...trusted, phoneVerify: false }, clean, now)).toBe(0.5);
    expect(reporterWeight({ ...trusted, addedDate: joined(3) }, clean, now)).toBeCloseTo(0.1);
    expect(reporterWeight({ ...trusted, addedDate: now }, clean, now)).toBe(0);
    // Upheld reports make up for youth; dismissed ones cost weight.
    expect(reporterWeight({ ...trusted, addedDate: now }, { upheld: 4, dismissed: 0 }, now)).toBe(1);
    expect(reporterWeight(trusted, { upheld: 0, dismissed: 3 }, now)).toBe(0.25);
    expect(reporterWeight({ ...trusted, isBanned: true }, clean, now)).toBe(0);
  });
});
