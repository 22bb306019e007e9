import { z } from 'zod';
import { LANGUAGE_CODES } from './language.ts';
import {
  type ChosenCity,
  type ChosenLocation,
  type ChosenPoint,
  PLACE_NAME_MAX_LENGTH,
  roundCoordinate,
} from './location-basics.ts';

export {
  type ChosenCity,
  type ChosenLocation,
  type ChosenPoint,
  hasLocationFilter,
  LOCATION_COOKIE,
  LOCATION_COOKIE_MAX_AGE_SECONDS,
  LOCATION_FILTER_PARAMS,
  type LocationChoiceResult,
  type LocationFilterParams,
  locationFilterParams,
  type NamedPlace,
  PLACE_NAME_MAX_LENGTH,
  roundCoordinate,
} from './location-basics.ts';

const COOKIE_MAX_LENGTH = 1024;

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
