import { describe, expect, it } from 'vitest';
import { mergePlaces, placeNameMatches } from './location-place-match.ts';

describe('finding a place by what was typed', () => {
  it('matches any part of the name, in any case; nothing typed matches all', () => {
    expect(placeNameMatches('Riyadh', 'yad')).toBe(true);
    expect(placeNameMatches('Riyadh', 'RIY')).toBe(true);
    expect(placeNameMatches('Riyadh', 'jed')).toBe(false);
    expect(placeNameMatches('Riyadh', '')).toBe(true);
  });

  it('ignores accents', () => {
    expect(placeNameMatches('Düsseldorf', 'dusseld')).toBe(true);
    expect(placeNameMatches('Sao Paulo', 'São')).toBe(true);
  });

  it('ignores Arabic marks, tatweel and letter variants', () => {
    // Hamza forms of alif, alif maqsura for ya, ta marbuta for ha.
    expect(placeNameMatches('الأحساء', 'الاحساء')).toBe(true);
    expect(placeNameMatches('إربد', 'اربد')).toBe(true);
    expect(placeNameMatches('المنى', 'المني')).toBe(true);
    expect(placeNameMatches('جدة', 'جده')).toBe(true);
    expect(placeNameMatches('مَكَّة', 'مكة')).toBe(true);
    expect(placeNameMatches('الرياض', 'الريـاض')).toBe(true);
    // As typed on a Persian keyboard: keheh for kaf, farsi yeh for ya.
    expect(placeNameMatches('مكة', 'مکة')).toBe(true);
    expect(placeNameMatches('الرياض', 'الریاض')).toBe(true);
  });
});

describe('the server’s places after the loaded ones', () => {
  it('adds only the places not already listed', () => {
    const riyadh = { id: 1, name: 'Riyadh' };
    const jeddah = { id: 2, name: 'Jeddah' };
    const dammam = { id: 3, name: 'Dammam' };
    expect(mergePlaces([riyadh, jeddah], [jeddah, dammam])).toEqual([riyadh, jeddah, dammam]);
    expect(mergePlaces([], [dammam])).toEqual([dammam]);
  });
});
