import { index, integer, numeric, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { addedDate, updatedDate } from '../../db/schema/columns.ts';
import { items } from '../items/schema.ts';
import { payments } from '../payments/schema.ts';
import { users } from '../users/schema.ts';

/**
 * A promotion of a listing (SPEC.md 3 "Paid ad"). package_type 1: 7/14/30/60 days, type 2: one day.
 * status: waiting_approval, approved, rejected; progress (Progress / Finished / Not yet start) follows
 * from start_date and end_date.
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
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    paymentMethod: text('payment_method').notNull(),
    paymentId: uuid('payment_id').references(() => payments.id),
    status: text('status').notNull().default('waiting_approval'),
    addedDate: addedDate(),
    updatedDate: updatedDate(),
  },
  (table) => [
    index('paid_ads_item_idx').on(table.itemId, table.endDate.desc()),
    index('paid_ads_running_idx').on(table.status, table.startDate, table.endDate),
    index('paid_ads_user_idx').on(table.userId, table.addedDate.desc()),
  ],
);
