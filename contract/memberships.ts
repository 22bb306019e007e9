import { z } from 'zod';
import { VALIDATION } from './field-basics.ts';
import { dateTimeSchema } from './fields.ts';
import {
  couponCodeSchema,
  idempotencyKeySchema,
  offlineMethodSchema,
  PAYER_REFERENCE_MAX,
  PAYMENT_METHODS,
  paymentStartSchema,
} from './payments.ts';

/** The membership on sale (SPEC.md 1, 3: membership_duration and membership_amount) and the viewer's own. */
export const membershipOptionsSchema = z
  .object({
    days: z.number().int(),
    amount: z.string(),
    currency: z.string(),
    /** Listings a member may post in a day (0: the same as everyone). */
    listings_per_day: z.number().int(),
    /** Free bumps to the top a member gets per listing in each period of `bump_days` (0: the same as everyone). */
    free_bumps: z.number().int(),
    bump_days: z.number().int(),
    methods: z.array(z.enum(PAYMENT_METHODS)),
    offline_methods: z.array(offlineMethodSchema),
    /** When the viewer's membership ends; null when they are not a member. */
    member_until: dateTimeSchema.nullable(),
  })
  .meta({ id: 'MembershipOptions' });
export type MembershipOptions = z.infer<typeof membershipOptionsSchema>;

/** SPEC.md 7 "membership add": a payment method; the price and days are the server's. */
export const membershipBuySchema = z.object({
  payment_method: z.enum(PAYMENT_METHODS, { error: VALIDATION.required }),
  offline_payment_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  offline_reference: z.string().trim().max(PAYER_REFERENCE_MAX, VALIDATION.tooLong).default(''),
  idempotency_key: idempotencyKeySchema.optional(),
  coupon_code: couponCodeSchema.optional(),
});
export type MembershipBuy = z.infer<typeof membershipBuySchema>;

export const membershipSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(['pending', 'active', 'cancelled', 'refunded']),
    days: z.number().int(),
    amount: z.string(),
    currency: z.string(),
    start_date: dateTimeSchema.nullable(),
    end_date: dateTimeSchema.nullable(),
    payment_id: z.string().nullable(),
  })
  .meta({ id: 'Membership' });
export type Membership = z.infer<typeof membershipSchema>;

export const membershipStartSchema = z
  .object({ membership: membershipSchema, payment: paymentStartSchema })
  .meta({ id: 'MembershipStart' });
export type MembershipStart = z.infer<typeof membershipStartSchema>;
