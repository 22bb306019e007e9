import { type LanguageCode, readCookie } from '../../contract/language.ts';
import {
  type ChosenLocation,
  chosenLocationCookieValue,
  LOCATION_COOKIE,
  LOCATION_COOKIE_MAX_AGE_SECONDS,
  parseChosenLocation,
} from '../../contract/location-choice.ts';
import type { CatalogPages } from '../../contract/pages.ts';

/**
 * The location the reader chose in the header (contract/location-choice.ts), read from the device's cookie.
 * For page loaders: the dashboard and the item lists filter by it (locationFilterParams). A missing, broken or
 * forged cookie reads as null (all locations), never as an error.
 */
export function chosenLocation(request: Request): ChosenLocation | null {
  return parseChosenLocation(readCookie(request.headers.get('cookie'), LOCATION_COOKIE));
}

/**
 * The Set-Cookie that remembers `choice` on the device for a year, or forgets it (null: all locations).
 * HttpOnly: only the server reads it (the header is rendered with it) and only /chosen-location writes it.
 */
export function rememberLocation(choice: ChosenLocation | null): string {
  const attributes = 'Path=/; SameSite=Lax; HttpOnly';
  if (!choice) return `${LOCATION_COOKIE}=; Max-Age=0; ${attributes}`;
  const value = encodeURIComponent(chosenLocationCookieValue(choice));
  return `${LOCATION_COOKIE}=${value}; Max-Age=${LOCATION_COOKIE_MAX_AGE_SECONDS}; ${attributes}`;
}

/**
 * The chosen location as the header of a page in `language` shows it. A city chosen on a page in another
 * language gets its names in this one (one query, then the cookie is rewritten, so only the first page after a
 * language change asks); a city or township no longer offered is forgotten. A cookie that cannot be read is
 * removed. `setCookie` goes on the page's answer.
 */
export async function chosenLocationForPage(
  request: Request,
  catalog: Pick<CatalogPages, 'placeNames'>,
  language: LanguageCode,
): Promise<{ location: ChosenLocation | null; setCookie: string | null }> {
  const header = request.headers.get('cookie');
  if (!header?.includes(`${LOCATION_COOKIE}=`)) return { location: null, setCookie: null };
  const choice = parseChosenLocation(readCookie(header, LOCATION_COOKIE));
  if (!choice) return { location: null, setCookie: rememberLocation(null) };
  if (choice.kind === 'near' || choice.language === language) return { location: choice, setCookie: null };
  const { city, township } = choice;
  const names = await catalog.placeNames(city.id, township?.id ?? null, language);
  if (!names) return { location: null, setCookie: rememberLocation(null) };
  const renamed: ChosenLocation = {
    kind: 'city',
    city: { id: city.id, name: names.city },
    township: township && names.township !== null ? { id: township.id, name: names.township } : null,
    language,
  };
  return { location: renamed, setCookie: rememberLocation(renamed) };
}
