import { index, integer, pgTable, primaryKey, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { items } from '../../modules/items/schema.ts';
import { users } from '../../modules/users/schema.ts';
import { addedDate } from './columns.ts';

export const favourites = pgTable(
  'favourites',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    addedDate: addedDate(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.itemId] }), index('favourites_item_idx').on(table.itemId)],
);

/** A user's report of a listing. status: 0 open, 1 reviewed (kept), 2 reviewed (listing removed). */
export const itemReports = pgTable(
  'item_reports',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    status: smallint('status').notNull().default(0),
    addedDate: addedDate(),
  },
  (table) => [
    uniqueIndex('item_reports_once_idx').on(table.itemId, table.reporterId),
    index('item_reports_reporter_idx').on(table.reporterId, table.addedDate.desc()),
  ],
);
