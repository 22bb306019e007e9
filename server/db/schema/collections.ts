import { integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { items } from '../../modules/items/schema.ts';
import { addedDate, localized, ordering, publishStatus } from './columns.ts';

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
