import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { addedDate, updatedDate } from '../../db/schema/columns.ts';
import { items } from '../items/schema.ts';
import { users } from '../users/schema.ts';

/** A review of one user by another (one per rater and rated user). */
export const ratings = pgTable(
  'ratings',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    fromUserId: text('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toUserId: text('to_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id').references(() => items.id, { onDelete: 'set null' }),
    rating: smallint('rating').notNull(),
    title: text('title').notNull().default(''),
    message: text('message').notNull().default(''),
    addedDate: addedDate(),
    updatedDate: updatedDate(),
    /** Set when an operator hid the review (issue 24): it no longer shows nor counts in the rating. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('ratings_once_idx').on(table.fromUserId, table.toUserId),
    index('ratings_to_user_idx').on(table.toUserId, table.addedDate.desc()),
    check('ratings_range', sql`${table.rating} between 1 and 5`),
    check('ratings_not_self', sql`${table.fromUserId} <> ${table.toUserId}`),
  ],
);
