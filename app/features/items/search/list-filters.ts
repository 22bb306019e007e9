import type { z } from 'zod';
import { VALIDATION } from '../../../../contract/field-basics.ts';
import {
  ITEM_LIST_PARAMS,
  type ItemListParam,
  type ItemOrder,
  itemListSearchParams,
  itemOrderOf,
} from '../../../../contract/search-basics.ts';

/** The filters of an item list as its URL carries them: raw texts, list parameters only, never empty. */
export type FilterValues = Partial<Record<ItemListParam, string>>;

export const ITEM_LIST_PATH = '/item-list';

/** Where a message about the whole list (not one field) goes among the field errors. */
export const FORM_ERROR = '_list';

const LIST_PARAMS = new Set<string>(ITEM_LIST_PARAMS);
export const isListParam = (name: string): name is ItemListParam => LIST_PARAMS.has(name);

/** The list parameters of a URL, trimmed; empty ones ("?brand=") and foreign ones (lang) are left out. */
export function filterValuesOf(search: URLSearchParams): FilterValues {
  const values: FilterValues = {};
  for (const [name, value] of search) {
    const text = value.trim();
    if (isListParam(name) && text !== '' && values[name] === undefined) values[name] = text;
  }
  return values;
}

/**
 * The problems of the filters, one locale key per field (SPEC.md 5 'Your min and max price are not valid.');
 * a value that is not even of the right kind ("cat_id=abc") reads "… is out of range."
 */
export function filterErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? FORM_ERROR);
    errors[field] ??= issue.message.startsWith('validation.') ? issue.message : VALIDATION.outOfRange;
  }
  return errors;
}

/** The address of a list with these filters: only the non-empty ones, in the order of SPEC.md 2. */
export function listHref(values: FilterValues, path = ITEM_LIST_PATH): string {
  const query = itemListSearchParams(values).toString();
  return query ? `${path}?${query}` : path;
}

/** The label parameter of each id filter (cat_id → cat_name): it names the choice on the page, the id filters. */
export const NAME_PARAM: Partial<Record<ItemListParam, ItemListParam>> = {
  cat_id: 'cat_name',
  sub_cat_id: 'sub_cat_name',
  item_type_id: 'item_type_name',
  item_price_type_id: 'item_price_type_name',
  deal_option_id: 'deal_option_name',
  item_location_id: 'item_location_name',
  item_location_township_id: 'item_location_township_name',
  condition_of_item_id: 'item_condition_name',
  engine_status_id: 'engine_status_name',
  manufacturer_id: 'manufacturer_name',
  model_id: 'model_name',
  seller_type_id: 'seller_type_name',
  vehicle_type_id: 'vehicle_type_name',
  body_style_id: 'body_style_name',
  transmission_id: 'transmission_name',
  fuel_type_id: 'fuel_type_name',
  color_id: 'color_name',
};

/** The parameters of the order (footer links and the sort control write them); they are not filters. */
export const SORT_PARAMS = ['sorting_id', 'sorting_name', 'order_by', 'orderType'] as const satisfies ItemListParam[];

/**
 * The filters a person sets and removes, one chip each. Removing one removes its parameters and those that
 * depend on it (a category takes its subcategory along, a city its township, a manufacturer its model).
 */
export const FILTER_CHIPS = [
  { id: 'search_term', params: ['search_term'] },
  { id: 'category', params: ['cat_id', 'cat_name', 'sub_cat_id', 'sub_cat_name'] },
  { id: 'subcategory', params: ['sub_cat_id', 'sub_cat_name'] },
  { id: 'price', params: ['min_price', 'max_price'] },
  {
    id: 'location',
    params: ['item_location_id', 'item_location_name', 'item_location_township_id', 'item_location_township_name'],
  },
  { id: 'township', params: ['item_location_township_id', 'item_location_township_name'] },
  { id: 'condition', params: ['condition_of_item_id', 'item_condition_name'] },
  { id: 'dealOption', params: ['deal_option_id', 'deal_option_name'] },
  { id: 'itemType', params: ['item_type_id', 'item_type_name'] },
  { id: 'priceType', params: ['item_price_type_id', 'item_price_type_name'] },
  { id: 'currency', params: ['item_currency_id'] },
  { id: 'brand', params: ['brand'] },
  { id: 'manufacturer', params: ['manufacturer_id', 'manufacturer_name', 'model_id', 'model_name'] },
  { id: 'model', params: ['model_id', 'model_name'] },
  { id: 'year', params: ['min_year', 'max_year'] },
  { id: 'engineStatus', params: ['engine_status_id', 'engine_status_name'] },
  { id: 'mileage', params: ['max_mileage'] },
  { id: 'sellerType', params: ['seller_type_id', 'seller_type_name'] },
  { id: 'vehicleType', params: ['vehicle_type_id', 'vehicle_type_name'] },
  { id: 'bodyStyle', params: ['body_style_id', 'body_style_name'] },
  { id: 'transmission', params: ['transmission_id', 'transmission_name'] },
  { id: 'fuelType', params: ['fuel_type_id', 'fuel_type_name'] },
  { id: 'color', params: ['color_id', 'color_name'] },
  { id: 'soldOut', params: ['is_sold_out'] },
  { id: 'paid', params: ['isPaid'] },
  { id: 'map', params: ['lat', 'lng', 'mile'] },
  { id: 'seller', params: ['addedUserId'] },
] as const satisfies ReadonlyArray<{ id: string; params: readonly ItemListParam[] }>;
export type FilterChipId = (typeof FILTER_CHIPS)[number]['id'];

/** The parameter whose presence makes a chip show (its id, or the first of a range). */
const CHIP_KEYS: Record<FilterChipId, readonly ItemListParam[]> = {
  search_term: ['search_term'],
  category: ['cat_id'],
  subcategory: ['sub_cat_id'],
  price: ['min_price', 'max_price'],
  location: ['item_location_id'],
  township: ['item_location_township_id'],
  condition: ['condition_of_item_id'],
  dealOption: ['deal_option_id'],
  itemType: ['item_type_id'],
  priceType: ['item_price_type_id'],
  currency: ['item_currency_id'],
  brand: ['brand'],
  manufacturer: ['manufacturer_id'],
  model: ['model_id'],
  year: ['min_year', 'max_year'],
  engineStatus: ['engine_status_id'],
  mileage: ['max_mileage'],
  sellerType: ['seller_type_id'],
  vehicleType: ['vehicle_type_id'],
  bodyStyle: ['body_style_id'],
  transmission: ['transmission_id'],
  fuelType: ['fuel_type_id'],
  color: ['color_id'],
  soldOut: ['is_sold_out'],
  paid: ['isPaid'],
  map: ['lat'],
  seller: ['addedUserId'],
};

/** The chips of the filters that are set, in the panel's order. */
export function activeChips(values: FilterValues): FilterChipId[] {
  return FILTER_CHIPS.filter((chip) => CHIP_KEYS[chip.id].some((param) => values[param] !== undefined)).map(
    (chip) => chip.id,
  );
}

/** The filters without one chip's parameters. */
export function withoutChip(values: FilterValues, chip: FilterChipId): FilterValues {
  const params: readonly ItemListParam[] = FILTER_CHIPS.find((entry) => entry.id === chip)?.params ?? [];
  const rest: FilterValues = { ...values };
  for (const param of params) delete rest[param];
  return rest;
}

/** Only the order of a list: what "Clear filters" keeps. */
export function sortOnly(values: FilterValues): FilterValues {
  const kept: FilterValues = {};
  for (const param of SORT_PARAMS) if (values[param] !== undefined) kept[param] = values[param];
  return kept;
}

/** The orders a list offers: Latest and Popular always, best match for a text search, nearest around a pin. */
export type SortChoice = 'latest' | 'popular' | 'relevance' | 'distance';

const ORDER_OF_CHOICE: Record<SortChoice, ItemOrder> = {
  latest: 'added_date',
  popular: 'touch_count',
  relevance: 'relevance',
  distance: 'distance',
};

/** The parameters of each order: the spec's two default sorts by id and name, the others by order_by. */
const SORT_VALUES: Record<SortChoice, FilterValues> = {
  latest: { sorting_id: '1', sorting_name: 'LATEST', order_by: 'added_date', orderType: 'desc' },
  popular: { sorting_id: '2', sorting_name: 'POPULAR', order_by: 'touch_count', orderType: 'desc' },
  relevance: { order_by: 'relevance' },
  distance: { order_by: 'distance' },
};

const hasPoint = (values: FilterValues) => values.lat !== undefined && values.lng !== undefined;

/**
 * The order a list is shown in, as the search reads it (contract itemOrderOf); order_by touch_count shows as
 * sort 2, POPULAR (SPEC.md 2).
 */
export function currentSort(values: FilterValues): SortChoice {
  const sortingId = Number(values.sorting_id);
  const order = itemOrderOf({
    order_by: (['added_date', 'touch_count', 'relevance', 'distance'] as const).find(
      (name) => name === values.order_by,
    ),
    sorting_id: sortingId === 1 || sortingId === 2 ? sortingId : undefined,
    search_term: values.search_term,
    lat: values.lat === undefined ? undefined : Number(values.lat),
  });
  return (Object.keys(ORDER_OF_CHOICE) as SortChoice[]).find((choice) => ORDER_OF_CHOICE[choice] === order) ?? 'latest';
}

/** The orders to offer with these filters (the current one always among them). */
export function sortChoices(values: FilterValues): SortChoice[] {
  const current = currentSort(values);
  return (['latest', 'popular', 'relevance', 'distance'] as const).filter(
    (choice) =>
      choice === current ||
      choice === 'latest' ||
      choice === 'popular' ||
      (choice === 'relevance' && values.search_term !== undefined) ||
      (choice === 'distance' && hasPoint(values)),
  );
}

/** The filters with another order. */
export function withSort(values: FilterValues, choice: SortChoice): FilterValues {
  const next: FilterValues = { ...values };
  for (const param of SORT_PARAMS) delete next[param];
  return { ...next, ...SORT_VALUES[choice] };
}

/** Parameters that keep a list indexable: its category, subcategory and city (and their labels). */
const INDEXABLE_PARAMS = new Set<string>([
  'cat_id',
  'cat_name',
  'sub_cat_id',
  'sub_cat_name',
  'item_location_id',
  'item_location_name',
]);

/**
 * The canonical address of a list (SPEC.md issue 10 point 8): its path (a manufacturer's list keeps it) with
 * only the category, subcategory and city; whether it should stay out of indexes (any other filter or order).
 */
export function listSeo(pathname: string, values: FilterValues): { canonicalPath: string; noindex: boolean } {
  const canonicalPath = listHref(
    { cat_id: values.cat_id, sub_cat_id: values.sub_cat_id, item_location_id: values.item_location_id },
    pathname,
  );
  const noindex = Object.keys(values).some((param) => !INDEXABLE_PARAMS.has(param));
  return { canonicalPath, noindex };
}
