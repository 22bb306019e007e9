import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { NotificationPreferences } from '../../../contract/notification-basics.ts';
import { addedDate } from '../../db/schema/columns.ts';
import { items } from '../items/schema.ts';
import { users } from '../users/schema.ts';

/**
 * A notice for one user, or for everyone when user_id is null (an operator broadcast). Events of one group
 * (messages of one conversation) add to the group's unread row (`count`) instead of a row each.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull().default('broadcast'),
    /** A broadcast's own words; other kinds are worded in the reader's language from `data` when read. */
    title: text('title').notNull(),
    message: text('message').notNull().default(''),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    itemId: uuid('item_id').references(() => items.id, { onDelete: 'set null' }),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    groupKey: text('group_key'),
    count: integer('count').notNull().default(1),
    readAt: timestamp('read_at', { withTimezone: true }),
    addedDate: addedDate(),
    /** The latest event of the row's group: lists are in this order. */
    updatedDate: timestamp('updated_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('notifications_user_idx').on(table.userId, table.updatedDate.desc(), table.id.desc()),
    index('notifications_unread_idx').on(table.userId).where(sql`${table.readAt} is null`),
    // One unread row per group: the next event of the group adds to it.
    uniqueIndex('notifications_open_group_idx')
      .on(table.userId, table.groupKey)
      .where(sql`${table.readAt} is null and ${table.groupKey} is not null`),
  ],
);

/** Who has read which broadcast (a broadcast is one row for everyone). */
export const notificationReads = pgTable(
  'notification_reads',
  {
    notificationId: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.notificationId, table.userId] })],
);

/**
 * The follow-up runs (job ids) whose notice was made: claimed in the notice's transaction, so a run repeated
 * after a crash finds its claim and adds nothing (grouped rows cannot carry the job's id themselves).
 */
export const notificationSources = pgTable('notification_sources', {
  jobId: text('job_id').primaryKey(),
  addedDate: addedDate(),
});

/** Per kind, where notices may reach the person; none stored means the defaults. */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  choices: jsonb('choices').$type<Partial<NotificationPreferences>>().notNull().default({}),
  updatedDate: timestamp('updated_date', { withTimezone: true }).notNull().defaultNow(),
});

/** What the next digest mail tells a person (saved-search matches of the day), until it is sent. */
export const notificationDigestEntries = pgTable(
  'notification_digest_entries',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    itemId: uuid('item_id').references(() => items.id, { onDelete: 'cascade' }),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    mailed: boolean('mailed').notNull().default(false),
    addedDate: addedDate(),
  },
  (table) => [index('notification_digest_waiting_idx').on(table.userId, table.id).where(sql`not ${table.mailed}`)],
);

export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh'),
    auth: text('auth'),
    platform: text('platform').notNull().default('frontend'),
    addedDate: addedDate(),
  },
  (table) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(table.endpoint),
    index('push_subscriptions_user_idx').on(table.userId),
  ],
);

/**
 * The server's VAPID key pair (Web Push, RFC 8292), one row made at the first start (insert on conflict do
 * nothing, so instances starting together keep the same one). Browsers subscribed with its public key: a new
 * pair would orphan every subscription.
 */
export const pushKeys = pgTable('push_keys', {
  id: text('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  addedDate: addedDate(),
});
