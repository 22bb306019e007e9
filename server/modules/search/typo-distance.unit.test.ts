import { describe, expect, it } from 'vitest';
import { allowedTypos, bestCorrection, typoDistance } from './typo-distance.ts';

describe('typoDistance', () => {
  it.each([
    ['مرسدس', 'مرسيدس', 1, 'a dropped long vowel'],
    ['تيوتا', 'تويوتا', 1, 'a dropped long vowel'],
    ['نضيفه', 'نظيفه', 0.5, 'ض for ظ'],
    ['زهب', 'ذهب', 0.5, 'ز for ذ'],
    ['سيراة', 'سيارة', 1, 'a swapped pair'],
    ['toyta', 'toyota', 1, 'a dropped letter'],
    ['toyotta', 'toyota', 1, 'an extra letter'],
    ['camry', 'camry', 0, 'the same word'],
    ['bmw', 'vw', 2, 'two edits'],
  ])('%s → %s is %d (%s)', (typed, word, distance) => {
    expect(typoDistance(typed, word)).toBe(distance);
  });
});

describe('the typo rule', () => {
  it('allows none below 4 letters, one up to 8, two beyond', () => {
    expect([3, 4, 8, 9, 14].map(allowedTypos)).toEqual([0, 1, 1, 2, 2]);
  });

  it('takes the closest word within the limit, the most listed among equals', () => {
    const candidates = [
      { word: 'نظيفه', listings: 40 },
      { word: 'نظيف', listings: 90 },
      { word: 'نضيد', listings: 5 },
    ];
    expect(bestCorrection('نضيفه', candidates)).toBe('نظيفه');
    expect(
      bestCorrection('camry', [
        { word: 'carry', listings: 3 },
        { word: 'canry', listings: 9 },
      ]),
    ).toBe('canry');
    expect(bestCorrection('kia', [{ word: 'kim', listings: 3 }])).toBeNull();
    expect(bestCorrection('playstaton', [{ word: 'playstation', listings: 3 }])).toBe('playstation');
  });
});
