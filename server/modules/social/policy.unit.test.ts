import { describe, expect, it } from 'vitest';
import { isSelf, reachesThreshold } from './policy.ts';

describe('social policy', () => {
  it('never lets someone act on themselves', () => {
    expect(isSelf('a', 'a')).toBe(true);
    expect(isSelf('a', 'b')).toBe(false);
  });

  it('holds a listing once enough distinct people reported it; a threshold of 0 never does', () => {
    expect(reachesThreshold(2, 3)).toBe(false);
    expect(reachesThreshold(3, 3)).toBe(true);
    expect(reachesThreshold(10, 0)).toBe(false);
  });
});
