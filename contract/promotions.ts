import { z } from 'zod';
import { dateTextSchema, dateTimeSchema, VALIDATION } from './fields.ts';
import {
  couponCodeSchema,
  idempotencyKeySchema,
  offlineMethodSchema,
  PAYER_REFERENCE_MAX,
  PAYMENT_METHODS,
  paymentStartSchema,
} from './payments.ts';

/** SPEC.md 9: 7, 14, 30 and 60 days (type 1) and one day (type 2); the price is the one-day price times the days. */
export const PROMOTION_PACKAGES = [
  { type: 1, days: 7 },
  { type: 1, days: 14 },
  { type: 1, days: 30 },
  { type: 1, days: 60 },
  { type: 2, days: 1 },
] as const;
export const PROMOTION_DAYS = [1, 7, 14, 30, 60] as const;

/** The farthest start a promotion may be booked for. */
export const PROMOTION_MAX_LEAD_DAYS = 90;

/** SPEC.md 4 paid ad states, as the legacy clients read them (paid_status). */
export const PAID_AD_PROGRESS = ['Progress', 'Finished', 'Not yet start', 'not_available'] as const;

/**
 * A paid ad's state as its owner reads it (SPEC.md 4: in progress, completed, start date not reached, waiting
 * approval, rejected), and the states of the money around them.
 */
export const PAID_AD_STATES = [
  'awaiting_payment',
  'waiting_approval',
  'not_started',
  'in_progress',
  'completed',
  'rejected',
  'cancelled',
  'refunded',
] as const;
export type PaidAdState = (typeof PAID_AD_STATES)[number];

export const promotionPackageSchema = z.object({
  type: z.number().int(),
  days: z.number().int(),
  amount: z.string(),
  currency: z.string(),
});
export type PromotionPackage = z.infer<typeof promotionPackageSchema>;

/** What the Promote dialog offers for one listing: its packages and prices, and the methods that are on. */
export const promotionOptionsSchema = z
  .object({
    item_id: z.string(),
    packages: z.array(promotionPackageSchema),
    methods: z.array(z.enum(PAYMENT_METHODS)),
    offline_methods: z.array(offlineMethodSchema),
    /** A paid ad of this listing that is not over yet: a new one may only start after it ends. */
    booked_until: dateTimeSchema.nullable(),
  })
  .meta({ id: 'PromotionOptions' });
export type PromotionOptions = z.infer<typeof promotionOptionsSchema>;

/** SPEC.md 7 "paid item add": a package, a start date and time, and a payment method; the price is the server's. */
export const promoteInputSchema = z.object({
  item_id: z.uuid(VALIDATION.outOfRange),
  days: z.coerce
    .number({ error: VALIDATION.required })
    .refine((days) => (PROMOTION_DAYS as readonly number[]).includes(days), VALIDATION.outOfRange),
  start_date: z.iso.datetime({ offset: true, error: VALIDATION.promotionDate }),
  payment_method: z.enum(PAYMENT_METHODS, { error: VALIDATION.required }),
  offline_payment_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  offline_reference: z.string().trim().max(PAYER_REFERENCE_MAX, VALIDATION.tooLong).default(''),
  idempotency_key: idempotencyKeySchema.optional(),
  coupon_code: couponCodeSchema.optional(),
});
export type PromoteInput = z.infer<typeof promoteInputSchema>;

export const paidAdSchema = z
  .object({
    id: z.number().int(),
    item_id: z.string(),
    item_title: z.string(),
    package_type: z.number().int(),
    package_days: z.number().int(),
    start_date: dateTimeSchema,
    start_date_str: dateTextSchema,
    end_date: dateTimeSchema,
    end_date_str: dateTextSchema,
    amount: z.string().describe('Total spending'),
    currency: z.string(),
    payment_method: z.enum(PAYMENT_METHODS),
    payment_id: z.string().nullable(),
    state: z.enum(PAID_AD_STATES),
    paid_status: z.enum(PAID_AD_PROGRESS),
    added_date: dateTimeSchema,
  })
  .meta({ id: 'PaidAd' });
export type PaidAd = z.infer<typeof paidAdSchema>;

/** A paid ad as the console lists it: whose it is. */
export const consolePaidAdSchema = paidAdSchema
  .extend({ user_id: z.string().describe('Who bought it (their account in the console)') })
  .meta({ id: 'ConsolePaidAd' });
export type ConsolePaidAd = z.infer<typeof consolePaidAdSchema>;

export const promotionStartSchema = z
  .object({ paid_ad: paidAdSchema, payment: paymentStartSchema })
  .meta({ id: 'PromotionStart' });
export type PromotionStart = z.infer<typeof promotionStartSchema>;
