import { z } from 'zod';
import { ACCOUNT_LIST_SIZE, REPORT_OUTCOMES } from './console-account-basics.ts';
import { dateTimeSchema } from './fields.ts';
import { itemCardSchema, REPORT_REASONS } from './items.ts';
import { pagedSchema, pageQuerySchema } from './paging.ts';

export {
  ACCOUNT_LIST_SIZE,
  PAYMENT_METHODS,
  PAYMENT_PURPOSES,
  PAYMENT_STATUSES,
  REPORT_DIRECTIONS,
  REPORT_OUTCOMES,
  type ReportDirection,
  type ReportOutcome,
} from './console-account-basics.ts';

/** The paging of one of an account's lists in the console. */
export const accountListQuerySchema = pageQuerySchema(ACCOUNT_LIST_SIZE);

/** One listing of an account, whatever its state, as the console lists it: deleted ones too. */
export const consoleAccountListingSchema = z
  .object({
    id: z.string(),
    item_name: itemCardSchema.shape.item_name,
    title: z.string(),
    price: itemCardSchema.shape.price,
    item_currency: itemCardSchema.shape.item_currency,
    status: z.number().int().describe('0 pending, 1 active, 2 disabled, 3 rejected'),
    is_sold_out: z.boolean(),
    added_date: dateTimeSchema,
    deleted_at: dateTimeSchema.nullable().describe('When its owner or an operator deleted it; null while it exists'),
  })
  .meta({ id: 'ConsoleAccountListing' });
export type ConsoleAccountListing = z.infer<typeof consoleAccountListingSchema>;

/** A report an account made, or one made of its listings, as the console lists it. */
export const consoleAccountReportSchema = z
  .object({
    id: z.number().int(),
    item_id: z.string(),
    item_name: itemCardSchema.shape.item_name,
    item_title: z.string(),
    item_deleted: z.boolean(),
    reporter_id: z.string(),
    reporter_name: z.string(),
    reason: z.enum(REPORT_REASONS),
    note: z.string(),
    outcome: z.enum(REPORT_OUTCOMES),
    added_date: dateTimeSchema,
  })
  .meta({ id: 'ConsoleAccountReport' });
export type ConsoleAccountReport = z.infer<typeof consoleAccountReportSchema>;

/** An open session of an account: the device it was opened from, when, when it was last renewed, when it ends. */
export const consoleAccountSessionSchema = z
  .object({
    user_agent: z.string().nullable(),
    created_at: dateTimeSchema,
    last_seen_at: dateTimeSchema.describe('When the session was last renewed (at most a minute behind its last use)'),
    expires_at: dateTimeSchema,
  })
  .meta({ id: 'ConsoleAccountSession' });
export type ConsoleAccountSession = z.infer<typeof consoleAccountSessionSchema>;

/** A payment of an account, read only (money is handled by a later issue). */
export const consoleAccountPaymentSchema = z
  .object({
    id: z.string(),
    purpose: z.string().describe('promotion, membership, bid_fee, upload_fee, bidding'),
    method: z.string().describe('paypal, stripe, razor, offline, paystack, In_App_Purchase'),
    amount: z.string().describe('Decimal as text, exact'),
    currency: z.string(),
    status: z.string().describe('pending, succeeded, failed, refunded'),
    item_id: z.string().nullable(),
    added_date: dateTimeSchema,
  })
  .meta({ id: 'ConsoleAccountPayment' });
export type ConsoleAccountPayment = z.infer<typeof consoleAccountPaymentSchema>;

/** The first page of each of an account's lists, latest first. */
export const consoleAccountListsSchema = z.object({
  listings: pagedSchema(consoleAccountListingSchema),
  reports_made: pagedSchema(consoleAccountReportSchema),
  reports_received: pagedSchema(consoleAccountReportSchema),
  sessions: pagedSchema(consoleAccountSessionSchema),
  payments: pagedSchema(consoleAccountPaymentSchema),
});
export type ConsoleAccountLists = z.infer<typeof consoleAccountListsSchema>;
