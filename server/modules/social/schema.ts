import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { addedDate } from '../../db/schema/columns.ts';
import { items } from '../items/schema.ts';
import { users } from '../users/schema.ts';

export const follows = pgTable(
  'follows',
  {
    followerId: text('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followedId: text('followed_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addedDate: addedDate(),
  },
  (table) => [
    primaryKey({ columns: [table.followerId, table.followedId] }),
    index('follows_followed_idx').on(table.followedId, table.addedDate.desc()),
    index('follows_follower_newest_idx').on(table.followerId, table.addedDate.desc()),
    check('follows_not_self', sql`${table.followerId} <> ${table.followedId}`),
  ],
);

export const blocks = pgTable(
  'blocks',
  {
    blockerId: text('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: text('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addedDate: addedDate(),
  },
  (table) => [
    primaryKey({ columns: [table.blockerId, table.blockedId] }),
    index('blocks_blocked_idx').on(table.blockedId),
    check('blocks_not_self', sql`${table.blockerId} <> ${table.blockedId}`),
  ],
);

/** A user's favourite listings; the listing's favourite_count follows from the social events. */
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
  (table) => [
    primaryKey({ columns: [table.userId, table.itemId] }),
    index('favourites_item_idx').on(table.itemId),
    index('favourites_user_newest_idx').on(table.userId, table.addedDate.desc()),
  ],
);

/**
 * A user's report of a listing (contract/social.ts REPORT_REASONS; `note` holds their words).
 * status: policy.ts REPORT_STATUS (0 open, 1 dismissed: kept, 2 upheld: removed, 3 withdrawn: the owner deleted it).
 */
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
    note: text('note').notNull().default(''),
    status: smallint('status').notNull().default(0),
    addedDate: addedDate(),
  },
  (table) => [
    uniqueIndex('item_reports_once_idx').on(table.itemId, table.reporterId),
    index('item_reports_reporter_idx').on(table.reporterId, table.addedDate.desc()),
  ],
);
