import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { addedDate } from '../../db/schema/columns.ts';
import { payments } from '../payments/schema.ts';
import { users } from '../users/schema.ts';

/**
 * A membership bought (SPEC.md 1, 3: its price and days from the settings). status: pending (its payment not
 * verified yet), active, cancelled (the payment failed), refunded. An active one's days follow the member's
 * previous membership, so buying early adds days rather than losing them.
 */
export const memberships = pgTable(
  'memberships',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: numeric('amount', { precision: 14, scale: 3 }).notNull(),
    currency: text('currency').notNull().default(''),
    durationDays: integer('duration_days').notNull(),
    startDate: timestamp('start_date', { withTimezone: true }),
    endDate: timestamp('end_date', { withTimezone: true }),
    paymentId: uuid('payment_id').references(() => payments.id),
    status: text('status').notNull().default('pending'),
    addedDate: addedDate(),
  },
  (table) => [
    index('memberships_user_idx').on(table.userId, table.endDate.desc()),
    uniqueIndex('memberships_payment_idx').on(table.paymentId),
    index('memberships_active_idx').on(table.userId, table.endDate).where(sql`${table.status} = 'active'`),
  ],
);
