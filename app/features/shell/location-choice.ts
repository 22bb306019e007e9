import type { LocationChoiceResult, NamedPlace } from '../../../contract/location-choice.ts';

/** What the location dialog saves: all locations, a city (and maybe one of its townships), or a point near me. */
export type LocationChoice =
  | { choice: 'all' }
  | { choice: 'city'; city_id: number; township?: NamedPlace }
  | { choice: 'near'; lat: number; lng: number };

/** Where "near me" stands: asking, or why the browser gave no position. */
export type Geolocating = 'idle' | 'locating' | 'denied' | 'failed';

/** The form /chosen-location takes for a choice. */
export function choiceFields(choice: LocationChoice): Record<string, string> {
  const fields: Record<string, string> = { choice: choice.choice };
  if (choice.choice === 'city') {
    fields.city_id = String(choice.city_id);
    if (choice.township) fields.township_id = String(choice.township.id);
  } else if (choice.choice === 'near') {
    fields.lat = String(choice.lat);
    fields.lng = String(choice.lng);
  }
  return fields;
}

/** 24.71364 -> 24.714: about 100 m, as the server keeps it (contract/location-choice.ts). */
export const roundCoordinate = (value: number) => Math.round(value * 1000) / 1000;

/** Why the last choice could not be saved (a locale key). */
export type SaveError = Extract<LocationChoiceResult, { ok: false }>['messageKey'];

/** The message the dialog shows: why "near me" failed, else why saving failed, else none. */
export function locationProblem(
  geolocating: Geolocating,
  saveError: SaveError | null,
): 'location.nearMeDenied' | 'location.nearMeFailed' | SaveError | null {
  if (geolocating === 'denied') return 'location.nearMeDenied';
  if (geolocating === 'failed') return 'location.nearMeFailed';
  return saveError;
}
