import { z } from 'zod';
import { LANGUAGE_CODES, type LanguageCode } from './language.ts';
import { MAP_SEARCH_RADIUS_MILES } from './search.ts';

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
const COOKIE_MAX_LENGTH = 1024;
const COORDINATE_DECIMALS = 3;

/** 24.71364 -> 24.714: about 100 m, enough for "near me" and less exact than where the reader stands. */
export const roundCoordinate = (value: number) => {
  const factor = 10 ** COORDINATE_DECIMALS;
  return Math.round(value * factor) / factor;
};

const placeIdSchema = z.number().int().positive().max(2_147_483_647);
// Trimmed, not empty, no control characters (a name is shown as it is in the header).
const placeNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(PLACE_NAME_MAX_LENGTH)
  .regex(/^[^\p{Cc}]+$/u);
const namedPlaceSchema = z.strictObject({ id: placeIdSchema, name: placeNameSchema });
const latitudeSchema = z.number().min(-90).max(90).transform(roundCoordinate);
const longitudeSchema = z.number().min(-180).max(180).transform(roundCoordinate);

/** The cookie's JSON: `{"city":{id,name},"township":{id,name}|null,"lang":"ar"}` or `{"lat":..,"lng":..}`. */
const cookieValueSchema = z.union([
  z
    .strictObject({
      city: namedPlaceSchema,
      township: namedPlaceSchema.nullable(),
      lang: z.enum(LANGUAGE_CODES),
    })
    .transform(({ city, township, lang }): ChosenCity => ({ kind: 'city', city, township, language: lang })),
  z
    .strictObject({ lat: latitudeSchema, lng: longitudeSchema })
    .transform(({ lat, lng }): ChosenPoint => ({ kind: 'near', lat, lng })),
]);

/**
 * The chosen location in a cookie value (already %-decoded), or null for anything else: no value, broken
 * JSON, unknown fields, wrong types, out-of-range numbers. A forged cookie is ignored, never an error.
 */
export function parseChosenLocation(value: string | null | undefined): ChosenLocation | null {
  if (!value || value.length > COOKIE_MAX_LENGTH) return null;
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    return null;
  }
  const parsed = cookieValueSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/** The cookie value (JSON, before %-encoding) that remembers `choice`. */
export function chosenLocationCookieValue(choice: ChosenLocation): string {
  if (choice.kind === 'near')
    return JSON.stringify({ lat: roundCoordinate(choice.lat), lng: roundCoordinate(choice.lng) });
  return JSON.stringify({ city: choice.city, township: choice.township, lang: choice.language });
}

/** An empty form value ("township_id=") means the field is not given. */
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const formId = z.preprocess(blankToUndefined, z.coerce.number().pipe(placeIdSchema).optional());

/**
 * What the location dialog posts to /chosen-location: all locations, a city with an optional township of it
 * (ids only: the names come from the lookups), or a point for "near me".
 */
export const locationChoiceInputSchema = z.discriminatedUnion('choice', [
  z.object({ choice: z.literal('all') }),
  z.object({ choice: z.literal('city'), city_id: z.coerce.number().pipe(placeIdSchema), township_id: formId }),
  z.object({
    choice: z.literal('near'),
    lat: z.coerce.number().pipe(latitudeSchema),
    lng: z.coerce.number().pipe(longitudeSchema),
  }),
]);
export type LocationChoiceInput = z.infer<typeof locationChoiceInputSchema>;

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
