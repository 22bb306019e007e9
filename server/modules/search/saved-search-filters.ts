import { type SQL, sql } from 'drizzle-orm';
import type { SavedSearchInput, SavedSearchQuery } from '../../../contract/saved-searches.ts';
import { type ItemListParam, type ItemSearchQuery, itemListSearchParams } from '../../../contract/search.ts';
import type { Db } from '../../kernel/database.ts';
import { radiusOf } from './item-filters.ts';
import type { SavedSearchAnchor, savedSearches } from './schema.ts';
import { termsOf, textQueryOf } from './text-query.ts';

/** A word of a saved search is indexed by its first letters up to this many (a prefix of it is a prefix too). */
export const WORD_KEY_LENGTH = 24;

/** The parameters that only page or shape a list: a saved search keeps none of them. */
const NOT_KEPT = new Set(['limit', 'offset', 'cursor', 'view', 'name']);

/** The item list's parameters of a search, as its address carries them, in the list's order. */
export function keptQueryOf(input: SavedSearchInput): SavedSearchQuery {
  const values = Object.fromEntries(Object.entries(input).filter(([name]) => !NOT_KEPT.has(name))) as Partial<
    Record<ItemListParam, string | number | boolean>
  >;
  return Object.fromEntries(itemListSearchParams(values)) as SavedSearchQuery;
}

type Row = typeof savedSearches.$inferInsert;

/** The id filters of the list and their columns on a saved search. */
const ID_COLUMNS = {
  cat_id: 'catId',
  sub_cat_id: 'subCatId',
  item_type_id: 'itemTypeId',
  item_price_type_id: 'itemPriceTypeId',
  deal_option_id: 'dealOptionId',
  item_currency_id: 'itemCurrencyId',
  item_location_id: 'itemLocationId',
  item_location_township_id: 'itemLocationTownshipId',
  condition_of_item_id: 'conditionOfItemId',
  engine_status_id: 'engineStatusId',
  manufacturer_id: 'manufacturerId',
  model_id: 'modelId',
  seller_type_id: 'sellerTypeId',
  vehicle_type_id: 'vehicleTypeId',
  body_style_id: 'bodyStyleId',
  transmission_id: 'transmissionId',
  fuel_type_id: 'fuelTypeId',
  color_id: 'colorId',
} as const satisfies Partial<Record<keyof ItemSearchQuery, keyof Row>>;

/** The filters as columns (the text and its words come from textColumnsOf). */
export function filterColumnsOf(
  query: ItemSearchQuery,
): Omit<Row, 'userId' | 'name' | 'query' | 'queryKey' | 'anchor'> {
  const ids = Object.fromEntries(
    Object.entries(ID_COLUMNS).map(([param, column]) => [column, query[param as keyof typeof ID_COLUMNS] ?? null]),
  );
  const radius = radiusOf(query);
  return {
    ...ids,
    minPrice: query.min_price === undefined ? null : String(query.min_price),
    maxPrice: query.max_price === undefined ? null : String(query.max_price),
    brand: null,
    minYear: query.min_year ?? null,
    maxYear: query.max_year ?? null,
    maxMileage: query.max_mileage ?? null,
    lat: radius?.lat ?? null,
    lng: radius?.lng ?? null,
    radiusMeters: radius?.meters ?? null,
    sellerId: query.addedUserId ?? null,
    onlyPaid: query.isPaid === 'only_paid_item',
    isSoldOut: query.is_sold_out ?? null,
  };
}

export interface TextColumns {
  /** The tsquery the item list runs for these words, as SQL to store. */
  textQuery: SQL | null;
  words: string[] | null;
  /** The keys of the second rarest word (those of the rarest again for a one-word text). */
  secondWords: string[] | null;
}

/**
 * The text as the item list searches it (each word as a prefix, its stems, a misspelled word's correction and
 * a word's synonyms too), and the index keys of its two rarest words: each word's lexemes (as written and
 * stemmed, and its correction's and synonyms'), of which a matching listing must hold one as a prefix of its own.
 */
export async function textColumnsOf(db: Db, searchTerm: string | undefined): Promise<TextColumns> {
  const text = searchTerm ? await textQueryOf(db, searchTerm, undefined, { future: true }) : null;
  if (!text || !searchTerm) return { textQuery: null, words: null, secondWords: null };
  const [rarest = '', second = rarest] = await rarestTerms(db, termsOf(searchTerm));
  const keysOf = async (term: string) => wordKeys(db, [term, ...(text.alternatives.get(term) ?? [])]);
  const words = await keysOf(rarest);
  if (words.length === 0) return { textQuery: text.tsquery, words: null, secondWords: null };
  const secondWords = second === rarest ? words : await keysOf(second);
  return { textQuery: text.tsquery, words, secondWords: secondWords.length > 0 ? secondWords : words };
}

/** The index keys of a word's forms: their lexemes in the three configurations the listings are indexed with. */
async function wordKeys(db: Db, forms: string[]): Promise<string[]> {
  const result = await db.execute<{ words: string[] | null }>(sql`
    select array(
      select distinct left(lexeme, ${WORD_KEY_LENGTH})
      from unnest(array[${sql.join(
        forms.map((form) => sql`${form}::text`),
        sql`, `,
      )}]) form,
      lateral souk_normalize(form) as norm,
      lateral unnest(tsvector_to_array(
        to_tsvector('simple'::regconfig, norm) || to_tsvector('arabic'::regconfig, norm) || to_tsvector('english'::regconfig, norm)
      )) as lexeme
    ) as words`);
  return result.rows[0]?.words ?? [];
}

/**
 * The two words of the text fewest listings hold (as the dictionary of words counts them, the word as a
 * prefix), the rarest first: every word must match, so a listing holding both is the only kind that can, and
 * the index finds the search among the fewest other searches.
 */
async function rarestTerms(db: Db, terms: string[]): Promise<string[]> {
  const result = await db.execute<{ term: string }>(sql`
    select t.term from unnest(array[${sql.join(
      terms.map((term) => sql`${term}::text`),
      sql`, `,
    )}]) with ordinality as t(term, n),
    lateral (select souk_normalize(t.term) collate "C" as norm) n,
    lateral (
      select coalesce(sum(w.listings), 0) as listings from search_words w
      where w.word >= n.norm and w.word < n.norm || chr(1114111)
    ) held
    order by held.listings, char_length(n.norm) desc, t.n
    limit 2`);
  const rarest = result.rows.map((row) => row.term);
  return rarest.length > 0 ? rarest : terms.slice(0, 1);
}

/** Which index finds the search: the most selective filter it has. */
export function anchorOf(columns: {
  words: string[] | null;
  lat?: number | null;
  catId?: number | null;
  itemLocationId?: number | null;
}): SavedSearchAnchor {
  if (columns.words) return 'words';
  if (columns.lat != null) return 'place';
  if (columns.catId != null) return 'category';
  if (columns.itemLocationId != null) return 'location';
  return 'any';
}
