import { describe, expect, it } from 'vitest';
import { typedWordStart } from './search-highlight.ts';

describe('the typed part of a suggestion', () => {
  it('is found where a word starts with it, in any case', () => {
    expect(typedWordStart('Toyota Camry', 'to')).toBe(0);
    expect(typedWordStart('Toyota Camry', 'CAM')).toBe(7);
    expect(typedWordStart('سيارة سياحية', 'سيا')).toBe(0);
  });

  it('skips a match inside a word for a later word start', () => {
    expect(typedWordStart('Photo toys', 'to')).toBe(6);
    expect(typedWordStart('Photo', 'to')).toBe(-1);
  });

  it('finds nothing when nothing was typed', () => {
    expect(typedWordStart('Toyota', '')).toBe(-1);
  });

  it('leaves a text plain when its lower case is longer (Turkish İ)', () => {
    expect(typedWordStart('İzmir Bike', 'bi')).toBe(-1);
    expect(typedWordStart('Izmir Bike', 'bi')).toBe(6);
  });
});
