import { describe, expect, it } from 'vitest';
import { containsPattern } from './like-pattern.ts';

describe('containsPattern', () => {
  it('matches the text anywhere and takes %, _ and \\ literally', () => {
    expect(containsPattern('car')).toBe('%car%');
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
