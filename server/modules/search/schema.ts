import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { addedDate, localized, ordering, publishStatus } from '../../db/schema/columns.ts';
import { items } from '../items/schema.ts';

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
