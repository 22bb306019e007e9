import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';

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
