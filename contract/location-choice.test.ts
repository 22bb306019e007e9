import { describe, expect, it } from 'vitest';
import {
  type ChosenLocation,
  chosenLocationCookieValue,
  hasLocationFilter,
  locationChoiceInputSchema,
  locationFilterParams,
  parseChosenLocation,
} from './location-choice.ts';
import { MAP_SEARCH_RADIUS_MILES } from './search.ts';

const riyadh: ChosenLocation = {
  kind: 'city',
  city: { id: 1, name: 'الرياض' },
  township: { id: 3, name: 'الياسمين' },
  language: 'ar',
};

describe('the chosen location cookie', () => {
  it('reads back what was written: a city with a township, a city alone, a point', () => {
    const cityAlone: ChosenLocation = { ...riyadh, township: null };
    const point: ChosenLocation = { kind: 'near', lat: 24.714, lng: 46.675 };
    for (const choice of [riyadh, cityAlone, point]) {
      expect(parseChosenLocation(chosenLocationCookieValue(choice))).toEqual(choice);
    }
  });

  it('rounds a point to 3 decimals, on writing and on reading', () => {
    expect(chosenLocationCookieValue({ kind: 'near', lat: 24.713649, lng: 46.675301 })).toBe(
      '{"lat":24.714,"lng":46.675}',
    );
    expect(parseChosenLocation('{"lat":24.7136491,"lng":-46.6753}')).toEqual({
      kind: 'near',
      lat: 24.714,
      lng: -46.675,
    });
  });

  it.each([
    ['nothing', undefined],
    ['an empty value', ''],
    ['not JSON', 'riyadh'],
    ['broken JSON', '{"city":{"id":1,'],
    ['JSON null', 'null'],
    ['a number', '42'],
    ['an array', '[1,2]'],
    ['an empty object', '{}'],
    ['a city without a language', '{"city":{"id":1,"name":"Riyadh"},"township":null}'],
    ['an unknown language', '{"city":{"id":1,"name":"Riyadh"},"township":null,"lang":"xx"}'],
    ['a city id as text', '{"city":{"id":"1","name":"Riyadh"},"township":null,"lang":"en"}'],
    ['a negative city id', '{"city":{"id":-1,"name":"Riyadh"},"township":null,"lang":"en"}'],
    ['a fractional city id', '{"city":{"id":1.5,"name":"Riyadh"},"township":null,"lang":"en"}'],
    ['a huge city id', '{"city":{"id":99999999999,"name":"Riyadh"},"township":null,"lang":"en"}'],
    ['an empty name', '{"city":{"id":1,"name":"  "},"township":null,"lang":"en"}'],
    ['a name with a control character', '{"city":{"id":1,"name":"Riy\\u0000adh"},"township":null,"lang":"en"}'],
    ['a name too long', JSON.stringify({ city: { id: 1, name: 'x'.repeat(121) }, township: null, lang: 'en' })],
    ['an extra field', '{"city":{"id":1,"name":"Riyadh"},"township":null,"lang":"en","admin":true}'],
    ['an extra field in the city', '{"city":{"id":1,"name":"Riyadh","x":1},"township":null,"lang":"en"}'],
    ['a township without an id', '{"city":{"id":1,"name":"Riyadh"},"township":{"name":"Olaya"},"lang":"en"}'],
    ['a point and a city at once', '{"lat":1,"lng":2,"city":{"id":1,"name":"Riyadh"},"township":null,"lang":"en"}'],
    ['a latitude out of range', '{"lat":91,"lng":46}'],
    ['a longitude out of range', '{"lat":24,"lng":-181}'],
    ['coordinates as text', '{"lat":"24.7","lng":"46.6"}'],
    ['only a latitude', '{"lat":24.7}'],
    ['a prototype key', '{"__proto__":{"kind":"near"},"lat":1,"lng":2}'],
    ['a value far too long', `{"city":{"id":1,"name":"${'a'.repeat(2000)}"},"township":null,"lang":"en"}`],
  ])('ignores %s', (_name, value) => {
    expect(parseChosenLocation(value)).toBeNull();
  });
});

describe('locationFilterParams', () => {
  it('gives nothing for all locations', () => {
    expect(locationFilterParams(null)).toEqual({});
  });

  it('gives the city and township ids and names', () => {
    expect(locationFilterParams(riyadh)).toEqual({
      item_location_id: '1',
      item_location_name: 'الرياض',
      item_location_township_id: '3',
      item_location_township_name: 'الياسمين',
    });
    expect(locationFilterParams({ ...riyadh, township: null })).toEqual({
      item_location_id: '1',
      item_location_name: 'الرياض',
    });
  });

  it('gives the point with the default radius, or the one asked for', () => {
    const point: ChosenLocation = { kind: 'near', lat: 24.714, lng: 46.675 };
    expect(locationFilterParams(point)).toEqual({
      lat: '24.714',
      lng: '46.675',
      mile: String(MAP_SEARCH_RADIUS_MILES),
    });
    expect(locationFilterParams(point, 20).mile).toBe('20');
  });

  it('tells whether a list URL already filters by location', () => {
    expect(hasLocationFilter(new URLSearchParams('cat_id=2&item_location_id='))).toBe(false);
    expect(hasLocationFilter(new URLSearchParams('cat_id=2&item_location_id=4'))).toBe(true);
    expect(hasLocationFilter(new URLSearchParams('lat=24.7&lng=46.6'))).toBe(true);
  });
});

describe('the location dialog form', () => {
  it('accepts all locations, a city with or without a township, and a point', () => {
    expect(locationChoiceInputSchema.parse({ choice: 'all' })).toEqual({ choice: 'all' });
    expect(locationChoiceInputSchema.parse({ choice: 'city', city_id: '1', township_id: '' })).toEqual({
      choice: 'city',
      city_id: 1,
    });
    expect(locationChoiceInputSchema.parse({ choice: 'city', city_id: '1', township_id: '3' })).toEqual({
      choice: 'city',
      city_id: 1,
      township_id: 3,
    });
    expect(locationChoiceInputSchema.parse({ choice: 'near', lat: '24.71364', lng: '46.6753' })).toEqual({
      choice: 'near',
      lat: 24.714,
      lng: 46.675,
    });
  });

  it.each([
    { choice: 'everywhere' },
    { choice: 'city' },
    { choice: 'city', city_id: 'riyadh' },
    { choice: 'city', city_id: '0' },
    { choice: 'city', city_id: '1', township_id: '-3' },
    { choice: 'near', lat: '95', lng: '46' },
    { choice: 'near', lat: 'x', lng: '46' },
    { choice: 'near' },
  ])('refuses %o', (input) => {
    expect(locationChoiceInputSchema.safeParse(input).success).toBe(false);
  });
});
