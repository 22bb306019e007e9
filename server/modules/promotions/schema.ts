import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { addedDate, updatedDate } from '../../db/schema/columns.ts';
import { items } from '../items/schema.ts';
import { payments } from '../payments/schema.ts';
import { users } from '../users/schema.ts';

/**
 * A promotion of a listing (SPEC.md 3 "Paid ad"). package_type 1: 7/14/30/60 days, type 2: one day.
 * status (the money): awaiting_payment, waiting_approval (an offline payment an operator has not judged),
 * paid, rejected, cancelled (the payment failed), refunded.
 * phase (the clock, moved only by the promotions job): scheduled, running, finished. The listing carries its
 * badge and ranks first exactly while one of its paid ads is running.
 */
export const paidAds = pgTable(
  'paid_ads',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    packageType: smallint('package_type').notNull().default(1),
    days: integer('days').notNull(),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    amount: numeric('amount', { precision: 14, scale: 3 }).notNull(),
    currency: text('currency').notNull().default(''),
    paymentMethod: text('payment_method').notNull(),
    paymentId: uuid('payment_id').references(() => payments.id),
    status: text('status').notNull().default('awaiting_payment'),
    phase: text('phase').notNull().default('scheduled'),
    addedDate: addedDate(),
    updatedDate: updatedDate(),
  },
  (table) => [
    index('paid_ads_item_idx').on(table.itemId, table.endDate.desc()),
    index('paid_ads_user_idx').on(table.userId, table.addedDate.desc()),
    uniqueIndex('paid_ads_payment_idx').on(table.paymentId),
    index('paid_ads_due_idx').on(table.startDate).where(sql`${table.status} = 'paid' and ${table.phase} = 'scheduled'`),
    index('paid_ads_ending_idx').on(table.endDate).where(sql`${table.phase} = 'running'`),
  ],
);

/**
 * Bumps of a listing to the top of "Latest" (issue 23). kind: free (one per period, more for members) or paid.
 * status: awaiting_payment, waiting_approval (offline), done (the listing was moved up at bumped_at), cancelled.
 */
export const itemBumps = pgTable(
  'item_bumps',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    status: text('status').notNull(),
    amount: numeric('amount', { precision: 14, scale: 3 }).notNull().default('0'),
    currency: text('currency').notNull().default(''),
    paymentId: uuid('payment_id').references(() => payments.id),
    bumpedAt: timestamp('bumped_at', { withTimezone: true }),
    addedDate: addedDate(),
  },
  (table) => [
    index('item_bumps_item_idx').on(table.itemId, table.bumpedAt.desc()),
    uniqueIndex('item_bumps_payment_idx').on(table.paymentId),
  ],
);
