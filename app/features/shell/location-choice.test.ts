import { describe, expect, it } from 'vitest';
import { choiceFields, locationProblem, roundCoordinate } from './location-choice.ts';

describe('the location choice the dialog posts', () => {
  it('posts all locations, a city, a township of it, or a point', () => {
    expect(choiceFields({ choice: 'all' })).toEqual({ choice: 'all' });
    expect(choiceFields({ choice: 'city', city_id: 7 })).toEqual({ choice: 'city', city_id: '7' });
    expect(choiceFields({ choice: 'city', city_id: 7, township: { id: 31, name: 'Olaya' } })).toEqual({
      choice: 'city',
      city_id: '7',
      township_id: '31',
    });
    expect(choiceFields({ choice: 'near', lat: 24.714, lng: 46.675 })).toEqual({
      choice: 'near',
      lat: '24.714',
      lng: '46.675',
    });
  });

  it('rounds a position to about 100 m', () => {
    expect(roundCoordinate(24.7136491)).toBe(24.714);
    expect(roundCoordinate(46.6753012)).toBe(46.675);
  });

  it('tells why near me failed before a failed save', () => {
    expect(locationProblem('denied', 'location.saveFailed')).toBe('location.nearMeDenied');
    expect(locationProblem('failed', null)).toBe('location.nearMeFailed');
    expect(locationProblem('locating', 'location.cityUnavailable')).toBe('location.cityUnavailable');
    expect(locationProblem('idle', null)).toBeNull();
  });
});
