// The item list's parameters, orders and limits without schemas: the list, its links and its filter form load
// these, so they must not bring zod along. contract/search.ts re-exports them with the search schemas.

export const PAID_FILTER = ['paid_item_first', 'only_paid_item'] as const;
export type PaidFilter = (typeof PAID_FILTER)[number];
export const MAP_SEARCH_RADIUS_MILES = 8;
export const MAX_SEARCH_RADIUS_MILES = 300;
/** Result counts stop here: a list says "1,000+" instead of counting every match. */
export const RESULT_COUNT_CAP = 1000;
export const SEARCH_TERM_MAX_LENGTH = 100;
/** Orders of an item list: the spec's Latest and Popular, best match for a text search, nearest around a pin. */
export const ITEM_ORDERS = ['added_date', 'touch_count', 'relevance', 'distance'] as const;
export type ItemOrder = (typeof ITEM_ORDERS)[number];

/**
 * The query parameters of /item-list (SPEC.md 2), in the order a list emits them, plus the ones the issues'
 * filters need (township; a vehicle's make, model, mileage, seller type, vehicle type, body style, transmission,
 * fuel and colour). The *_name values only label the chosen filter on the page; the server filters by the ids.
 */
export const ITEM_LIST_PARAMS = [
  'search_term',
  'cat_id',
  'cat_name',
  'sub_cat_id',
  'sub_cat_name',
  'item_type_id',
  'item_type_name',
  'item_price_type_id',
  'item_price_type_name',
  'deal_option_id',
  'deal_option_name',
  'item_currency_id',
  'item_location_id',
  'item_location_name',
  'item_location_township_id',
  'item_location_township_name',
  'condition_of_item_id',
  'item_condition_name',
  'min_price',
  'max_price',
  'brand',
  'lat',
  'lng',
  'mile',
  'engine_status_id',
  'engine_status_name',
  'manufacturer_id',
  'manufacturer_name',
  'model_id',
  'model_name',
  'min_year',
  'max_year',
  'max_mileage',
  'seller_type_id',
  'seller_type_name',
  'vehicle_type_id',
  'vehicle_type_name',
  'body_style_id',
  'body_style_name',
  'transmission_id',
  'transmission_name',
  'fuel_type_id',
  'fuel_type_name',
  'color_id',
  'color_name',
  'sorting_id',
  'sorting_name',
  'order_by',
  'orderType',
  'addedUserId',
  'isPaid',
  'status',
  'is_sold_out',
] as const;
export type ItemListParam = (typeof ITEM_LIST_PARAMS)[number];

/** The order a query asks for: an explicit order_by, then sorting_id, then best match for text, nearest around a pin, else newest. */
export function itemOrderOf(query: {
  order_by?: ItemOrder;
  sorting_id?: number;
  search_term?: string;
  lat?: number;
}): ItemOrder {
  if (query.order_by) return query.order_by;
  if (query.sorting_id === 2) return 'touch_count';
  if (query.sorting_id === 1) return 'added_date';
  if (query.search_term) return 'relevance';
  if (query.lat !== undefined) return 'distance';
  return 'added_date';
}

/** Only non-empty filters, in the order of ITEM_LIST_PARAMS (SPEC.md 2): the URL of a list. */
export function itemListSearchParams(
  filters: Partial<Record<ItemListParam, string | number | boolean | undefined | null>>,
) {
  const params = new URLSearchParams();
  for (const name of ITEM_LIST_PARAMS) {
    const value = filters[name];
    if (value === undefined || value === null || value === '') continue;
    params.set(name, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
  }
  return params;
}
