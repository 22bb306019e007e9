import type { LanguageCode } from './language.ts';
import { MAP_SEARCH_RADIUS_MILES } from './search-basics.ts';

// The chosen location's types and the list filter it sets, without schemas: the header, the dashboard and the
// item list load these, so they must not bring zod along. contract/location-choice.ts re-exports them with the
// cookie and form schemas.

/**
 * The location a reader chose in the header (SPEC.md 3 "Local device settings": chosen location and
 * sub-location), remembered on the device in a cookie so the server renders the header and the lists with it.
 * A city (with an optional township), or "near me" (a point the browser gave), or nothing: all locations.
 */
export type ChosenLocation = ChosenCity | ChosenPoint;

/** A city and optionally one of its townships, with their names in `language` (what the header shows). */
export interface ChosenCity {
  kind: 'city';
  city: NamedPlace;
  township: NamedPlace | null;
  /** The language the names are in; another page language gets them renamed (app/lib/chosen-location.server.ts). */
  language: LanguageCode;
}

/** "Near me": where the browser said the reader was, rounded to 3 decimals (about 100 m). */
export interface ChosenPoint {
  kind: 'near';
  lat: number;
  lng: number;
}

export interface NamedPlace {
  id: number;
  name: string;
}

export const LOCATION_COOKIE = 'souk_location';
export const LOCATION_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** Names longer than this are not names: the cookie is ignored. */
export const PLACE_NAME_MAX_LENGTH = 120;

const COORDINATE_DECIMALS = 3;

/** 24.71364 -> 24.714: about 100 m, enough for "near me" and less exact than where the reader stands. */
export const roundCoordinate = (value: number) => {
  const factor = 10 ** COORDINATE_DECIMALS;
  return Math.round(value * factor) / factor;
};

/** What /chosen-location answers: the remembered choice, or why it was refused (a locale key). */
export type LocationChoiceResult =
  | { ok: true; location: ChosenLocation | null }
  | { ok: false; messageKey: 'location.saveFailed' | 'location.cityUnavailable' };

/** The item-list query parameters a chosen location sets (contract/search.ts itemSearchSchema reads them). */
export interface LocationFilterParams {
  item_location_id?: string;
  item_location_name?: string;
  item_location_township_id?: string;
  item_location_township_name?: string;
  lat?: string;
  lng?: string;
  mile?: string;
}

/** Every parameter locationFilterParams may set: a list URL holding any of them already has a location filter. */
export const LOCATION_FILTER_PARAMS = [
  'item_location_id',
  'item_location_name',
  'item_location_township_id',
  'item_location_township_name',
  'lat',
  'lng',
  'mile',
] as const satisfies ReadonlyArray<keyof LocationFilterParams>;

/**
 * The item-list filter of a chosen location: a city gives item_location_id and item_location_name (plus the
 * township's id and name), near me gives lat, lng and the default radius (MAP_SEARCH_RADIUS_MILES), and no
 * choice (all locations) gives nothing. Values are strings, ready for URLSearchParams or a page URL.
 */
export function locationFilterParams(
  choice: ChosenLocation | null,
  radiusMiles: number = MAP_SEARCH_RADIUS_MILES,
): LocationFilterParams {
  if (!choice) return {};
  if (choice.kind === 'near') {
    return { lat: String(choice.lat), lng: String(choice.lng), mile: String(radiusMiles) };
  }
  return {
    item_location_id: String(choice.city.id),
    item_location_name: choice.city.name,
    ...(choice.township && {
      item_location_township_id: String(choice.township.id),
      item_location_township_name: choice.township.name,
    }),
  };
}

/** Whether a list URL already filters by location (then the chosen location does not replace it). */
export function hasLocationFilter(params: URLSearchParams): boolean {
  return LOCATION_FILTER_PARAMS.some((name) => (params.get(name) ?? '').trim() !== '');
}
