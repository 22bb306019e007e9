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

/**
 * What the owner can do to keep a listing seen (issue 23): when it expires and whether it can be renewed now,
 * and its bumps to the top of "Latest": free ones left in this period, then the price of a paid one.
 */
export const listingUpkeepSchema = z
  .object({
    item_id: z.string(),
    status: z.number().int(),
    expires_at: dateTimeSchema
      .nullable()
      .describe('When the active listing expires unless renewed; null when listings do not expire'),
    renewable: z.boolean().describe('Expired, or active within the notice days before it expires'),
    bumped_at: dateTimeSchema.nullable().describe('The last bump, free or paid'),
    free_bump_days: z.number().int().describe('The period of free bumps, in days (0: bumps are not offered)'),
    free_bumps_left: z.number().int(),
    next_free_bump_at: dateTimeSchema.nullable().describe('When the next free bump comes, when none is left'),
    bump_amount: z.string().describe('The price of a paid bump ("0": none beyond the free ones)'),
    currency: z.string(),
    methods: z.array(z.enum(PAYMENT_METHODS)),
    offline_methods: z.array(offlineMethodSchema),
  })
  .meta({ id: 'ListingUpkeep' });
export type ListingUpkeep = z.infer<typeof listingUpkeepSchema>;

/** A bump: free while one is left (the payment fields are then ignored), otherwise paid with a method. */
export const bumpInputSchema = z.object({
  payment_method: z.enum(PAYMENT_METHODS, { error: VALIDATION.outOfRange }).optional(),
  offline_payment_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  offline_reference: z.string().trim().max(PAYER_REFERENCE_MAX, VALIDATION.tooLong).default(''),
  idempotency_key: idempotencyKeySchema.optional(),
  coupon_code: couponCodeSchema.optional(),
});
export type BumpInput = z.infer<typeof bumpInputSchema>;

export const BUMP_STATES = ['awaiting_payment', 'waiting_approval', 'done', 'cancelled'] as const;

export const bumpSchema = z
  .object({
    id: z.number().int(),
    item_id: z.string(),
    kind: z.enum(['free', 'paid']),
    status: z.enum(BUMP_STATES),
    amount: z.string(),
    currency: z.string(),
    bumped_at: dateTimeSchema.nullable(),
    payment_id: z.string().nullable(),
  })
  .meta({ id: 'Bump' });
export type Bump = z.infer<typeof bumpSchema>;

/** A free bump is done at once (no payment); a paid one is done once its payment is verified. */
export const bumpResultSchema = z
  .object({ bump: bumpSchema, payment: paymentStartSchema.nullable() })
  .meta({ id: 'BumpResult' });
export type BumpResult = z.infer<typeof bumpResultSchema>;
