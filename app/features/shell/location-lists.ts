import { useEffect, useRef, useState } from 'react';
import type { NamedPlace } from '../../../contract/location-choice.ts';
import type { ItemLocation, Township } from '../../../contract/lookups.ts';
import type { Paged } from '../../../contract/paging.ts';
import { apiGet } from '../../lib/api-client.ts';

// The largest page the lookups give (contract/paging.ts MAX_PAGE_SIZE; not imported: that module brings zod).
const PAGE_LIMIT = 100;
// Enough for any country's cities; past this the search asks the server instead of the loaded list.
const MAX_PAGES = 10;
const SEARCH_DELAY_MS = 250;

/** A list of places as loaded: `complete` when every page of it came. */
export type LoadedPlaces = { places: NamedPlace[]; complete: boolean };
export type Listing = { state: 'loading' } | { state: 'failed' } | ({ state: 'ready' } & LoadedPlaces);
export type PlaceSearch = (keyword: string) => Promise<{ places: NamedPlace[] }>;

const cityPlace = (city: ItemLocation): NamedPlace => ({ id: city.id, name: city.name });

/** The cities, in the page's language. */
export const loadCities = (language: string) => loadAll('/api/v1/locations', { lang: language }, cityPlace);

/** The cities whose name (in any language) matches `keyword`. */
export const searchCities = (language: string, keyword: string) =>
  loadAll('/api/v1/locations', { lang: language, keyword }, cityPlace);

/** The townships of a city, in the page's language. */
export const loadTownships = (language: string, cityId: number) =>
  loadAll<Township>('/api/v1/townships', { lang: language, city_id: cityId }, (township) => ({
    id: township.id,
    name: township.township_name,
  }));

/** Lists already loaded in this page, by language and parent: reopening the dialog asks nothing again. */
const loaded = new Map<string, Promise<LoadedPlaces>>();

/** The list under `key`, loaded once per page (a failed load is tried again when asked again). */
export function useListing(key: string, load: () => Promise<LoadedPlaces>): Listing {
  const [listing, setListing] = useState<Listing>({ state: 'loading' });
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    let live = true;
    let request = loaded.get(key);
    if (!request) {
      request = loadRef.current();
      loaded.set(key, request);
    }
    setListing({ state: 'loading' });
    request.then(
      (result) => live && setListing({ state: 'ready', ...result }),
      () => {
        loaded.delete(key);
        if (live) setListing({ state: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [key]);
  return listing;
}

/** The server's answer for `keyword` once typing pauses; null while it is on its way. */
export function useServerSearch(keyword: string, search: PlaceSearch | undefined) {
  const [answer, setAnswer] = useState<{ keyword: string; places: NamedPlace[] } | null>(null);
  const searchRef = useRef(search);
  searchRef.current = search;
  useEffect(() => {
    if (!keyword || !searchRef.current) return;
    let live = true;
    const timer = setTimeout(() => {
      searchRef.current?.(keyword).then(
        ({ places }) => live && setAnswer({ keyword, places }),
        () => live && setAnswer({ keyword, places: [] }),
      );
    }, SEARCH_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [keyword]);
  return { places: answer && answer.keyword === keyword ? answer.places : null };
}

/** Every page of a lookup list (up to MAX_PAGES of PAGE_LIMIT), as id and name. */
async function loadAll<T>(
  path: string,
  query: Record<string, string | number>,
  toPlace: (row: T) => NamedPlace,
): Promise<LoadedPlaces> {
  const places: NamedPlace[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result: Paged<T> = await apiGet<Paged<T>>(path, { ...query, limit: PAGE_LIMIT, cursor });
    places.push(...result.items.map(toPlace));
    cursor = result.next_cursor;
    if (!cursor) return { places, complete: true };
  }
  return { places, complete: false };
}
