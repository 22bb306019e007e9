import { type SQL, sql } from 'drizzle-orm';
import type { LanguageCode } from '../../../contract/language.ts';
import { type SearchSuggestion, SUGGESTION_LIMIT } from '../../../contract/search.ts';
import type { Db } from '../../kernel/database.ts';
import { type Listings, publicListings } from '../items/index.ts';
import type { LookupsService } from '../lookups/index.ts';
import { searchWords } from './schema.ts';
import { termsOf } from './text-query.ts';

/** The words of a listing the dictionary holds: its title, brand and keyword, normalized as written. */
const dictionaryDocument = (listings: Listings) =>
  sql`to_tsvector('simple', souk_normalize(concat_ws(' ', ${listings.title}, ${listings.brand}, ${listings.keyword})))`;
/** Suggested titles and brands come from this many of the newest listings that match what was typed. */
const SUGGESTION_SOURCE_ITEMS = 60;

/** Each word of the public listings `which` picks, with how many of them hold it (what ts_stat's ndoc counts). */
const wordsOf = (which: (listings: Listings) => SQL = () => sql`true`) => {
  const listings = publicListings();
  return sql`select word, count(*)::int as listings
    from ${listings}, unnest(tsvector_to_array(${dictionaryDocument(listings)})) as word
    where ${which(listings)} and char_length(word) between 2 and 60
    group by word`;
};

/** Builds the dictionary again from every public listing (start-up when empty, and nightly). */
export async function rebuildSearchWords(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from ${searchWords}`);
    await tx.execute(sql`insert into ${searchWords} (word, listings) ${wordsOf()}`);
  });
}

/** Adds the words of one listing that has just become public or changed. */
export async function addSearchWordsOf(db: Db, itemId: string): Promise<void> {
  await db.execute(sql`
    insert into ${searchWords} (word, listings)
    select word, 1 from (${wordsOf((listings) => sql`${listings.id} = ${itemId}`)}) found
    on conflict (word) do update set listings = search_words.listings + 1`);
}

export async function searchWordsAreEmpty(db: Db): Promise<boolean> {
  const result = await db.execute<{ empty: boolean }>(sql`select not exists (select 1 from ${searchWords}) as empty`);
  return result.rows[0]?.empty ?? true;
}

/**
 * What the search box offers for a prefix: categories and subcategories whose name (in the reader's
 * language) has a word starting with it, then titles and brands of the newest public listings matching it.
 */
export async function suggestionsFor(
  db: Db,
  lookups: LookupsService,
  prefix: string,
  language: LanguageCode,
): Promise<SearchSuggestion[]> {
  const [groups, listings] = await Promise.all([
    lookups.catalogMatches(prefix, language, 3),
    listingSuggestions(db, prefix),
  ]);
  const catalog: SearchSuggestion[] = groups.map((row) =>
    row.sub_cat_id === null
      ? { kind: 'category', text: row.text, cat_id: row.cat_id }
      : { kind: 'subcategory', text: row.text, cat_id: row.cat_id, sub_cat_id: row.sub_cat_id },
  );
  return [...catalog.slice(0, 3), ...listings].slice(0, SUGGESTION_LIMIT);
}

async function listingSuggestions(db: Db, prefix: string): Promise<SearchSuggestion[]> {
  const terms = termsOf(prefix);
  if (terms.length === 0) return [];
  const query = sql.join(
    terms.map((term) => sql`to_tsquery('simple', quote_literal(souk_normalize(${term})) || ':*')`),
    sql` && `,
  );
  const listings = publicListings();
  const result = await db.execute<{ title: string; brand: string | null }>(sql`
    select ${listings.title} as title, ${listings.brand} as brand from ${listings}
    where ${listings.searchVector} @@ (${query})
    order by ${listings.addedDate} desc nulls last, ${listings.id} desc nulls last
    limit ${SUGGESTION_SOURCE_ITEMS}`);
  const normalizedPrefix = prefix.toLocaleLowerCase();
  const titles = new Map<string, SearchSuggestion>();
  const brands = new Map<string, SearchSuggestion>();
  for (const row of result.rows) {
    const title = row.title.trim();
    if (!titles.has(title.toLocaleLowerCase())) titles.set(title.toLocaleLowerCase(), { kind: 'title', text: title });
    const brand = row.brand?.trim();
    if (brand?.toLocaleLowerCase().startsWith(normalizedPrefix) && !brands.has(brand.toLocaleLowerCase())) {
      brands.set(brand.toLocaleLowerCase(), { kind: 'brand', text: brand });
    }
  }
  return [...[...brands.values()].slice(0, 2), ...titles.values()];
}
