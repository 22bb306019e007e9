import { z } from 'zod';
import { VALIDATION } from './fields.ts';
import { ITEM_VIEWS, type Item, type ItemCardView } from './items.ts';
import { MAX_OFFSET, MAX_PAGE_SIZE, PAGE_SIZE, type Paged } from './paging.ts';
import { ITEM_ORDERS, MAX_SEARCH_RADIUS_MILES, PAID_FILTER, SEARCH_TERM_MAX_LENGTH } from './search-basics.ts';

export {
  ITEM_LIST_PARAMS,
  ITEM_ORDERS,
  type ItemListParam,
  type ItemOrder,
  itemListSearchParams,
  itemOrderOf,
  MAP_SEARCH_RADIUS_MILES,
  MAX_SEARCH_RADIUS_MILES,
  PAID_FILTER,
  type PaidFilter,
  RESULT_COUNT_CAP,
  SEARCH_TERM_MAX_LENGTH,
} from './search-basics.ts';
export { SORT_OPTIONS } from './sort-options.ts';

/** An empty query value ("?brand=") means the filter is not set. */
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());
const id = optional(z.coerce.number().int().positive().max(2_147_483_647));
const label = optional(z.string().trim().max(120));
const price = optional(z.coerce.number().min(0, VALIDATION.priceRange).max(1e12, VALIDATION.priceRange));
const year = optional(
  z.coerce.number().int(VALIDATION.wholeNumber).min(1900, VALIDATION.outOfRange).max(2100, VALIDATION.outOfRange),
);
const flag = optional(z.enum(['0', '1', 'true', 'false']).transform((value) => value === '1' || value === 'true'));

/**
 * Every filter of an item list, as the page URL and GET /api/v1/items carry them. The same schema checks the
 * filter panel in the browser. Min and max price: 'Your min and max price are not valid.' (SPEC.md 5).
 */
export const itemSearchSchema = z
  .object({
    search_term: optional(z.string().trim().max(SEARCH_TERM_MAX_LENGTH, VALIDATION.tooLong)),
    cat_id: id,
    cat_name: label,
    sub_cat_id: id,
    sub_cat_name: label,
    item_type_id: id,
    item_type_name: label,
    item_price_type_id: id,
    item_price_type_name: label,
    deal_option_id: id,
    deal_option_name: label,
    item_currency_id: id,
    item_location_id: id,
    item_location_name: label,
    item_location_township_id: id,
    item_location_township_name: label,
    condition_of_item_id: id,
    item_condition_name: label,
    min_price: price,
    max_price: price,
    brand: optional(z.string().trim().max(60, VALIDATION.tooLong)),
    lat: optional(z.coerce.number().min(-90, VALIDATION.outOfRange).max(90, VALIDATION.outOfRange)),
    lng: optional(z.coerce.number().min(-180, VALIDATION.outOfRange).max(180, VALIDATION.outOfRange)),
    mile: optional(
      z.coerce.number().positive(VALIDATION.outOfRange).max(MAX_SEARCH_RADIUS_MILES, VALIDATION.outOfRange),
    ),
    engine_status_id: id,
    engine_status_name: label,
    manufacturer_id: id,
    manufacturer_name: label,
    model_id: id,
    model_name: label,
    min_year: year,
    max_year: year,
    max_mileage: optional(
      z.coerce
        .number()
        .int(VALIDATION.wholeNumber)
        .min(0, VALIDATION.outOfRange)
        .max(10_000_000, VALIDATION.outOfRange),
    ),
    seller_type_id: id,
    seller_type_name: label,
    vehicle_type_id: id,
    vehicle_type_name: label,
    body_style_id: id,
    body_style_name: label,
    transmission_id: id,
    transmission_name: label,
    fuel_type_id: id,
    fuel_type_name: label,
    color_id: id,
    color_name: label,
    sorting_id: optional(z.coerce.number().int().min(1).max(2)),
    sorting_name: label,
    order_by: optional(z.enum(ITEM_ORDERS)),
    orderType: optional(z.enum(['asc', 'desc'])),
    addedUserId: optional(z.string().trim().min(1).max(64)),
    isPaid: optional(z.enum(PAID_FILTER)),
    /** Public lists show active items only (SPEC.md 9 default item status filter 1). */
    status: optional(z.coerce.number().pipe(z.literal(1, VALIDATION.outOfRange))),
    is_sold_out: flag,
    limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE.items),
    offset: z.coerce.number().int().min(0).max(MAX_OFFSET).default(0),
    cursor: optional(z.string().max(300)),
    /** card: each item as its card (contract/items.ts ItemCard) instead of the whole Item. */
    view: optional(z.enum(ITEM_VIEWS)),
  })
  .refine(
    (query) => query.min_price === undefined || query.max_price === undefined || query.min_price <= query.max_price,
    {
      message: VALIDATION.priceRange,
      path: ['max_price'],
    },
  )
  .refine((query) => query.min_year === undefined || query.max_year === undefined || query.min_year <= query.max_year, {
    message: VALIDATION.outOfRange,
    path: ['max_year'],
  })
  .refine((query) => (query.lat === undefined) === (query.lng === undefined), {
    message: VALIDATION.required,
    path: ['lng'],
  });
export type ItemSearchQuery = z.infer<typeof itemSearchSchema>;
export type ItemSearchInput = z.input<typeof itemSearchSchema>;

/** A word of the query that matched nothing, and the indexed word searched instead. */
export interface SearchCorrection {
  term: string;
  replacement: string;
}

export interface ItemSearchResult<T = Item> extends Paged<T> {
  /** Matches counted up to RESULT_COUNT_CAP; capped means "at least that many". */
  total: { count: number; capped: boolean };
  /** Misspelled words the search corrected to find these items (shown as "showing results for"). */
  corrections: SearchCorrection[];
  /** When nothing matched: the query with each unknown word replaced by its closest indexed word ("did you mean"). */
  suggestion: string | null;
}

/**
 * A rail of a page: the first items of a public list, the newest of the sellers the viewer follows, or what the
 * viewer opened lately (the latest first); the last two are a signed-in viewer's only.
 */
export type RailRequest =
  | { query: ItemSearchQuery }
  | { followed: number }
  | { viewed: number }
  | { collection: number; limit: number };

/** A list page's results: cards. */
export type ItemCardSearchResult = ItemSearchResult<ItemCardView>;

export const SUGGESTION_KINDS = ['title', 'category', 'subcategory', 'brand'] as const;
export type SuggestionKind = (typeof SUGGESTION_KINDS)[number];
export const SUGGEST_PREFIX_MAX_LENGTH = 60;
export const SUGGESTION_LIMIT = 8;

/** One line of the search box's suggestions: its text, and for a category, where it leads. */
export interface SearchSuggestion {
  kind: SuggestionKind;
  text: string;
  cat_id?: number;
  sub_cat_id?: number;
}

export const suggestQuerySchema = z.object({
  q: z.string().trim().min(1).max(SUGGEST_PREFIX_MAX_LENGTH),
});
