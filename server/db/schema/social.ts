import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { items } from './catalog.ts';
import { addedDate, updatedDate } from './columns.ts';

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
    index('follows_followed_idx').on(table.followedId),
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

/** One row per counted view of a listing; visitors are counted by an anonymous key. */
export const itemTouches = pgTable(
  'item_touches',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    visitorKey: text('visitor_key'),
    addedDate: addedDate(),
  },
  (table) => [index('item_touches_item_idx').on(table.itemId, table.addedDate.desc())],
);

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
  },
  (table) => [
    uniqueIndex('ratings_once_idx').on(table.fromUserId, table.toUserId),
    index('ratings_to_user_idx').on(table.toUserId, table.addedDate.desc()),
    check('ratings_range', sql`${table.rating} between 1 and 5`),
    check('ratings_not_self', sql`${table.fromUserId} <> ${table.toUserId}`),
  ],
);
