import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { addedDate, localized, ordering, publishStatus } from '../../db/schema/columns.ts';
import { items } from '../items/schema.ts';
import { users } from '../users/schema.ts';

const tsquery = customType<{ data: string }>({ dataType: () => 'tsquery' });

/**
 * The words of public listings' titles, brands and keywords (normalized as written), with how many
 * listings hold each: the dictionary a misspelled query word is corrected against (trigram similarity).
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
    listings: integer('listings').notNull(),
  },
  (table) => [index('search_words_trgm_idx').using('gin', sql`${table.word} gin_trgm_ops`)],
);

/** Where a group of words that mean the same comes from: the code's list, the vehicle catalogue, the operator. */
export const SYNONYM_SOURCES = ['curated', 'catalogue', 'operator'] as const;
export type SynonymSource = (typeof SYNONYM_SOURCES)[number];

/**
 * Words a search reads as one another (car, سيارة, عربية; toyota, تويوتا): a query word found in a group is
 * searched as each of the group's words too. `words` are normalized (souk_normalize), `written` as given.
 */
export const searchSynonymGroups = pgTable(
  'search_synonym_groups',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    source: text('source').$type<SynonymSource>().notNull(),
    written: text('written').array().notNull(),
    words: text('words').array().notNull(),
  },
  (table) => [index('search_synonym_groups_words_idx').using('gin', table.words)],
);

/** Curated groups of listings an operator puts together (SPEC.md 3 "collections"). */
export const collections = pgTable('collections', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  names: localized('names'),
  ordering: ordering(),
  status: publishStatus(),
  addedDate: addedDate(),
});

export const collectionItems = pgTable(
  'collection_items',
  {
    collectionId: integer('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    ordering: ordering(),
  },
  (table) => [primaryKey({ columns: [table.collectionId, table.itemId] })],
);

type SavedSearchColumns = Record<
  'lat' | 'lng' | 'radiusMeters' | 'catId' | 'subCatId' | 'itemLocationId' | 'minPrice' | 'maxPrice',
  AnyPgColumn | SQL
>;

/** No id nor price reaches this: the upper end of "any". */
const ANY_ABOVE = 1e13;

/**
 * A 'place' search as a box in five dimensions: its circle's earth box (three), its category (a point, or every
 * category) and its price bounds (or any price). A listing's point, category and price lie in it when the search
 * could match (saved-search-matching.ts).
 */
export const placeCube = (table: SavedSearchColumns) =>
  sql`cube(cube(earth_box(ll_to_earth(${table.lat}, ${table.lng}), ${table.radiusMeters}), coalesce(${table.catId}, 0)::float8, coalesce(${table.catId}, ${sql.raw(String(ANY_ABOVE))})::float8), coalesce(${table.minPrice}, 0)::float8, coalesce(${table.maxPrice}, ${sql.raw(String(ANY_ABOVE))})::float8)`;

/**
 * A 'category' search as a box: its category, its subcategory (or any), its city (or any) and its price bounds
 * (or any).
 */
export const categoryCube = (table: SavedSearchColumns) =>
  sql`cube(array[${table.catId}, coalesce(${table.subCatId}, 0), coalesce(${table.itemLocationId}, 0), coalesce(${table.minPrice}, 0)]::float8[], array[${table.catId}, coalesce(${table.subCatId}, ${sql.raw(String(ANY_ABOVE))}), coalesce(${table.itemLocationId}, ${sql.raw(String(ANY_ABOVE))}), coalesce(${table.maxPrice}, ${sql.raw(String(ANY_ABOVE))})]::float8[])`;

/** A search with none of the other anchors as its price bounds (or any price). */
export const priceCube = (table: Pick<SavedSearchColumns, 'minPrice' | 'maxPrice'>) =>
  sql`cube(array[coalesce(${table.minPrice}, 0)]::float8[], array[coalesce(${table.maxPrice}, ${sql.raw(String(ANY_ABOVE))})]::float8[])`;

/** How a saved search is found when a listing becomes public (saved-search-matching.ts): one index each. */
export const SAVED_SEARCH_ANCHORS = ['words', 'place', 'category', 'location', 'any'] as const;
export type SavedSearchAnchor = (typeof SAVED_SEARCH_ANCHORS)[number];

/**
 * A search someone keeps to be told of new listings (issue 22 point 5). `query` holds the item list's
 * parameters as its schema parsed them (shown in words and run again); the other columns are the same filters
 * normalized for matching, and `anchor` says which index finds the search: the words of its text, its map
 * circle, its category, its city, or, with none of these, the short list of searches that could match anything.
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    query: jsonb('query').$type<Record<string, string | number | boolean>>().notNull(),
    /** The parameters in one canonical order: the same search saved twice is one. */
    queryKey: text('query_key').notNull(),
    anchor: text('anchor').$type<SavedSearchAnchor>().notNull(),
    /** The normalized forms and stems of the text's rarest word (the 'words' anchor). */
    words: text('words').array(),
    /** Those of its second rarest word (of the rarest again for one word): the index asks for both. */
    secondWords: text('second_words').array(),
    /** The text as the item list searched it when the search was saved (its words, stems and corrections). */
    textQuery: tsquery('text_query'),
    catId: integer('cat_id'),
    subCatId: integer('sub_cat_id'),
    itemTypeId: integer('item_type_id'),
    itemPriceTypeId: integer('item_price_type_id'),
    dealOptionId: integer('deal_option_id'),
    itemCurrencyId: integer('item_currency_id'),
    itemLocationId: integer('item_location_id'),
    itemLocationTownshipId: integer('item_location_township_id'),
    conditionOfItemId: integer('condition_of_item_id'),
    engineStatusId: integer('engine_status_id'),
    manufacturerId: integer('manufacturer_id'),
    modelId: integer('model_id'),
    sellerTypeId: integer('seller_type_id'),
    vehicleTypeId: integer('vehicle_type_id'),
    bodyStyleId: integer('body_style_id'),
    transmissionId: integer('transmission_id'),
    fuelTypeId: integer('fuel_type_id'),
    colorId: integer('color_id'),
    minPrice: numeric('min_price', { precision: 14, scale: 2 }),
    maxPrice: numeric('max_price', { precision: 14, scale: 2 }),
    /** souk_normalize of the brand. */
    brand: text('brand'),
    minYear: integer('min_year'),
    maxYear: integer('max_year'),
    maxMileage: integer('max_mileage'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    radiusMeters: doublePrecision('radius_meters'),
    sellerId: text('seller_id'),
    onlyPaid: boolean('only_paid').notNull().default(false),
    isSoldOut: boolean('is_sold_out'),
    addedDate: addedDate(),
  },
  (table) => [
    uniqueIndex('saved_searches_owner_query_idx').on(table.userId, table.queryKey),
    index('saved_searches_owner_newest_idx').on(table.userId, table.addedDate.desc(), table.id.desc()),
    // fastupdate off: a search is saved now and then, a listing matched often; a pending list would be read in full.
    index('saved_searches_words_idx')
      .using('gin', table.words, table.secondWords)
      .with({ fastupdate: false })
      .where(sql`anchor = 'words'`),
    index('saved_searches_place_idx')
      .using('gist', sql`(${placeCube(table)})`)
      .where(sql`anchor = 'place'`),
    index('saved_searches_category_idx')
      .using('gist', sql`(${categoryCube(table)})`)
      .where(sql`anchor = 'category'`),
    index('saved_searches_location_idx').on(table.itemLocationId).where(sql`anchor = 'location'`),
    index('saved_searches_any_idx')
      .using('gist', sql`(${priceCube(table)})`)
      .where(sql`anchor = 'any'`),
  ],
);

/** A listing a saved search matched: at most once per pair; "new" until its owner runs the search. */
export const savedSearchMatches = pgTable(
  'saved_search_matches',
  {
    savedSearchId: uuid('saved_search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    matchedAt: timestamp('matched_at', { withTimezone: true }).notNull().defaultNow(),
    seenAt: timestamp('seen_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.savedSearchId, table.itemId] }),
    index('saved_search_matches_new_idx').on(table.savedSearchId).where(sql`seen_at is null`),
    index('saved_search_matches_item_idx').on(table.itemId),
  ],
);
