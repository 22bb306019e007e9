import { data, redirect } from 'react-router';
import { type AppContext, appContext } from '#app-context';
import { isAppError } from '../../../../contract/errors.ts';
import type { LanguageCode } from '../../../../contract/language.ts';
import { hasLocationFilter, locationFilterParams } from '../../../../contract/location-choice.ts';
import type { Category, ItemLocation, Lookup } from '../../../../contract/lookups.ts';
import type { ItemEntryOptions } from '../../../../contract/pages.ts';
import { PAGE_SIZE } from '../../../../contract/paging.ts';
import { type ItemCardSearchResult, type ItemListParam, itemSearchSchema } from '../../../../contract/search.ts';
import { chosenLocation } from '../../../lib/chosen-location.server.ts';
import { pageLanguage } from '../../../lib/cookies.server.ts';
import type { FieldErrors } from '../../../lib/form-errors.ts';
import {
  type FilterValues,
  FORM_ERROR,
  filterErrors,
  filterValuesOf,
  ITEM_LIST_PATH,
  isListParam,
  listHref,
} from './list-filters.ts';

type RouterContext = { get(key: typeof appContext): AppContext };

/** One choice of a filter list: only what the panel and the chips show. */
export interface ListOption {
  id: number;
  name: string;
}

/** The lists the filter panel offers, in the page's language (dependent lists load in the browser). */
export interface ItemListOptions {
  categories: Array<ListOption & { is_vehicle: boolean }>;
  /** Subcategories of the chosen category (so the panel works before, and without, JavaScript). */
  subcategories: ListOption[];
  locations: Array<ListOption & { lat: number; lng: number }>;
  item_types: ListOption[];
  price_types: ListOption[];
  currencies: ListOption[];
  conditions: ListOption[];
  deal_options: ListOption[];
  manufacturers: ListOption[];
  engine_statuses: ListOption[];
  seller_types: ListOption[];
  vehicle_types: ListOption[];
  body_styles: ListOption[];
  transmissions: ListOption[];
  fuel_types: ListOption[];
  colors: ListOption[];
}

const option = (row: Lookup): ListOption => ({ id: row.id, name: row.name });
const categoryOption = (row: Category) => ({ id: row.cat_id, name: row.cat_name, is_vehicle: row.is_vehicle });
const locationOption = (row: ItemLocation) => ({ id: row.id, name: row.name, lat: row.lat, lng: row.lng });

export function listOptions(entry: ItemEntryOptions, subcategories: ListOption[]): ItemListOptions {
  return {
    categories: entry.categories.map(categoryOption),
    subcategories,
    locations: entry.locations.map(locationOption),
    item_types: entry.item_types.map(option),
    price_types: entry.price_types.map(option),
    currencies: entry.currencies.map((row) => ({ id: row.id, name: `${row.name} (${row.currency_short_form})` })),
    conditions: entry.conditions.map(option),
    deal_options: entry.deal_options.map(option),
    manufacturers: entry.manufacturers.map(option),
    engine_statuses: entry.engine_statuses.map(option),
    seller_types: entry.seller_types.map(option),
    vehicle_types: entry.vehicle_types.map(option),
    body_styles: entry.body_styles.map(option),
    transmissions: entry.transmissions.map(option),
    fuel_types: entry.fuel_types.map(option),
    colors: entry.colors.map(option),
  };
}

/** How names in an address compare: case and the separators a link may use for spaces do not count. */
const nameKey = (name: string) =>
  name
    .normalize('NFKC')
    .toLocaleLowerCase('en')
    .replace(/[\s_-]+/g, ' ')
    .trim();

/** The manufacturer an address names (in the page's language, or in English), or null. */
async function manufacturerNamed(
  name: string,
  pageOptions: ItemEntryOptions,
  language: LanguageCode,
  entryOptions: (language: LanguageCode) => Promise<ItemEntryOptions>,
): Promise<Lookup | null> {
  const wanted = nameKey(name);
  const inPage = pageOptions.manufacturers.find((row) => nameKey(row.name) === wanted);
  if (inPage || language === 'en') return inPage ?? null;
  const english = (await entryOptions('en')).manufacturers.find((row) => nameKey(row.name) === wanted);
  return english ? (pageOptions.manufacturers.find((row) => row.id === english.id) ?? english) : null;
}

/**
 * A list address that a form without JavaScript wrote (every field, most of them empty) or that repeats a
 * parameter: the same list with only its non-empty filters, or null when the address is already so. On a
 * manufacturer's address, a manufacturer chosen in the form (or cleared) leaves that address for /item-list.
 */
function tidyAddress(url: URL, manufacturerId: number | null): string | null {
  const seen = new Set<string>();
  let untidy = false;
  for (const [name, value] of url.searchParams) {
    if (!isListParam(name)) continue;
    if (value.trim() === '' || seen.has(name)) untidy = true;
    seen.add(name);
  }
  const values = filterValuesOf(url.searchParams);
  let path = url.pathname;
  if (manufacturerId !== null && url.searchParams.has('manufacturer_id')) {
    untidy = true;
    if (values.manufacturer_id === String(manufacturerId)) {
      delete values.manufacturer_id;
      delete values.manufacturer_name;
    } else {
      path = ITEM_LIST_PATH;
    }
  }
  if (!untidy) return null;
  const href = listHref(values, path);
  const language = url.searchParams.get('lang');
  return language ? `${href}${href.includes('?') ? '&' : '?'}lang=${encodeURIComponent(language)}` : href;
}

/** The search, with a refusal of the filters (a 400 of the service) read as a message about the whole list. */
async function search(
  run: () => Promise<ItemCardSearchResult>,
): Promise<{ result: ItemCardSearchResult | null; errors: FieldErrors }> {
  try {
    return { result: await run(), errors: {} };
  } catch (error) {
    if (!isAppError(error) || error.status !== 400) throw error;
    const key = error.messageKey.startsWith('validation.') ? error.messageKey : 'itemList.invalidFilters';
    return { result: null, errors: { [FORM_ERROR]: key } };
  }
}

export interface ItemListData {
  /** The list's filters as its address gives them (a manufacturer's address adds its manufacturer). */
  values: FilterValues;
  /** The filters that come from the location chosen in the header, not from the address. */
  defaulted: ItemListParam[];
  /** The path the filters apply to: /item-list, or /item-list/{manufacturerName}. */
  path: string;
  /** The manufacturer of a /item-list/{manufacturerName} address. */
  manufacturer: ListOption | null;
  /** Locale keys of the filters that are not valid; then there is no result. */
  errors: FieldErrors;
  result: ItemCardSearchResult | null;
  options: ItemListOptions;
  language: LanguageCode;
  publicUrl: string;
  mapTiles: AppContext['mapTiles'];
}

/**
 * The item list page (/item-list and /item-list/{manufacturerName}): the URL's filters checked by the same
 * schema as the API (invalid ones are shown beside their field, with a 400 and no search), the first page of
 * results and the lists the filter panel offers.
 */
export async function loadItemList(
  request: Request,
  manufacturerName: string | undefined,
  context: RouterContext,
): Promise<ItemListData> {
  const { services, viewer, publicUrl, mapTiles } = context.get(appContext);
  const url = new URL(request.url);
  const language = await pageLanguage(request);
  const entryOptions = (lang: LanguageCode) => services.items.filterOptions(lang);
  const pageOptions = await entryOptions(language);

  let manufacturer: ListOption | null = null;
  if (manufacturerName !== undefined) {
    const found = await manufacturerNamed(manufacturerName, pageOptions, language, entryOptions);
    if (!found) throw data(null, { status: 404 });
    manufacturer = option(found);
  }
  const tidy = tidyAddress(url, manufacturer?.id ?? null);
  if (tidy) throw redirect(tidy);

  const values = filterValuesOf(url.searchParams);
  // The location chosen in the header filters the list when its address names no place (SPEC.md 3); one
  // seller's ads (their profile's "See all") are all of them, wherever they are.
  const placeFree = hasLocationFilter(url.searchParams) || url.searchParams.has('addedUserId');
  const chosen = placeFree ? null : chosenLocation(request);
  const defaultLocation = locationFilterParams(chosen);
  Object.assign(values, defaultLocation);
  if (manufacturer) {
    values.manufacturer_id = String(manufacturer.id);
    values.manufacturer_name = manufacturer.name;
  }
  const parsed = itemSearchSchema.safeParse({ ...values, limit: PAGE_SIZE.items, offset: 0 });
  const catId = parsed.success ? parsed.data.cat_id : undefined;
  const [outcome, subcategories] = await Promise.all([
    parsed.success ? search(() => services.search.items(parsed.data, viewer, language)) : null,
    catId
      ? services
          .listSubcategories(catId, { limit: 1000, offset: 0, orderBy: 'ordering', orderType: 'asc' }, language)
          .then((page) => page.items.map((row) => ({ id: row.id, name: row.name })))
      : [],
  ]);
  const loaded: ItemListData = {
    values,
    defaulted: Object.keys(defaultLocation) as ItemListParam[],
    path: manufacturer ? url.pathname : ITEM_LIST_PATH,
    manufacturer,
    errors: parsed.success ? (outcome?.errors ?? {}) : filterErrors(parsed.error),
    result: outcome?.result ?? null,
    options: listOptions(pageOptions, subcategories),
    language,
    publicUrl,
    mapTiles,
  };
  return loaded;
}

/** The answer of the loader: a 400 when a filter is not valid (the page still shows, with the message). */
export const withStatus = (loaded: ItemListData) => data(loaded, { status: loaded.result ? 200 : 400 });
