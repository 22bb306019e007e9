import { and, sql } from 'drizzle-orm';
import type { LanguageCode } from '../../../contract/language.ts';
import { type SearchSuggestion, SUGGESTION_LIMIT } from '../../../contract/search.ts';
import type { Db } from '../../db/database.ts';
import { categories, items, subcategories } from '../../db/schema/index.ts';
import { localizedText } from '../../kernel/localized-text.ts';
import { visibleTo } from './item-filters.ts';
import { termsOf } from './text-query.ts';

/** The words of a listing the dictionary holds: its title, brand and keyword, normalized as written. */
const DICTIONARY_DOCUMENT = `to_tsvector('simple', souk_normalize(concat_ws(' ', title, brand, keyword)))`;
/** Suggested titles and brands come from this many of the newest listings that match what was typed. */
const SUGGESTION_SOURCE_ITEMS = 60;

/** Builds the dictionary again from every public listing (start-up when empty, and nightly). */
export async function rebuildSearchWords(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from search_words`);
    await tx.execute(sql`
      insert into search_words (word, listings)
      select word, ndoc from ts_stat(${`select ${DICTIONARY_DOCUMENT} from items where status = 1 and deleted_at is null`})
      where char_length(word) between 2 and 60`);
  });
}

/** Adds the words of one listing that has just become public or changed. */
export async function addSearchWordsOf(db: Db, itemId: string): Promise<void> {
  const source = sql`${`select ${DICTIONARY_DOCUMENT} from items where status = 1 and deleted_at is null and id = `} || quote_literal(${itemId}::text)`;
  await db.execute(sql`
    insert into search_words (word, listings)
    select word, 1 from ts_stat(${source})
    where char_length(word) between 2 and 60
    on conflict (word) do update set listings = search_words.listings + 1`);
}

export async function searchWordsAreEmpty(db: Db): Promise<boolean> {
  const result = await db.execute<{ empty: boolean }>(sql`select not exists (select 1 from search_words) as empty`);
  return result.rows[0]?.empty ?? true;
}

/**
 * What the search box offers for a prefix: categories and subcategories whose name (in the reader's
 * language) has a word starting with it, then titles and brands of the newest public listings matching it.
 */
export async function suggestionsFor(db: Db, prefix: string, language: LanguageCode): Promise<SearchSuggestion[]> {
  const [groups, listings] = await Promise.all([
    categorySuggestions(db, prefix, language),
    listingSuggestions(db, prefix),
  ]);
  return [...groups.slice(0, 3), ...listings].slice(0, SUGGESTION_LIMIT);
}

async function categorySuggestions(db: Db, prefix: string, language: LanguageCode): Promise<SearchSuggestion[]> {
  const categoryName = localizedText(categories.names, language, categories.catName);
  const subcategoryName = localizedText(subcategories.names, language, subcategories.name);
  const startsAWord = (name: unknown) =>
    sql`(' ' || souk_normalize(${name})) like '% ' || replace(replace(souk_normalize(${prefix}), '%', ''), '_', '') || '%'`;
  const result = await db.execute<{
    kind: 'category' | 'subcategory';
    text: string;
    cat_id: number;
    sub_cat_id: number | null;
  }>(sql`
    (select 'category' as kind, ${categoryName} as text, ${categories.id} as cat_id, null::int as sub_cat_id
     from ${categories} where ${categories.status} = 1 and ${startsAWord(categoryName)} limit 3)
    union all
    (select 'subcategory', ${subcategoryName}, ${subcategories.catId}, ${subcategories.id}
     from ${subcategories} join ${categories} on ${categories.id} = ${subcategories.catId}
     where ${subcategories.status} = 1 and ${categories.status} = 1 and ${startsAWord(subcategoryName)} limit 3)`);
  return result.rows.map((row) =>
    row.kind === 'category'
      ? { kind: 'category', text: row.text, cat_id: row.cat_id }
      : { kind: 'subcategory', text: row.text, cat_id: row.cat_id, sub_cat_id: row.sub_cat_id ?? undefined },
  );
}

async function listingSuggestions(db: Db, prefix: string): Promise<SearchSuggestion[]> {
  const terms = termsOf(prefix);
  if (terms.length === 0) return [];
  const query = sql.join(
    terms.map((term) => sql`to_tsquery('simple', quote_literal(souk_normalize(${term})) || ':*')`),
    sql` && `,
  );
  const result = await db.execute<{ title: string; brand: string | null }>(sql`
    select ${items.title} as title, ${items.brand} as brand from ${items}
    where ${and(...visibleTo(null), sql`${items.searchVector} @@ (${query})`)}
    order by ${items.addedDate} desc nulls last, ${items.id} desc nulls last
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
