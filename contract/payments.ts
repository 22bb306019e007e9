import { z } from 'zod';
import { dateTextSchema, dateTimeSchema, requiredText, VALIDATION } from './fields.ts';
import { serialIdSchema } from './ids.ts';

export { CONSOLE_PAYMENT_FILTERS, type ConsolePaymentFilter } from './payment-basics.ts';

export const PAYMENT_METHODS = ['paypal', 'stripe', 'razor', 'offline', 'paystack', 'In_App_Purchase'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const CARD_EXPIRY_FORMAT = 'MM/YY';

/** MM/YY with a real month. */
export const cardExpirySchema = requiredText.regex(/^(0[1-9]|1[0-2])\/\d{2}$/, VALIDATION.cardExpiryFormat);

export const cardCvvSchema = requiredText.regex(/^\d{3,4}$/, VALIDATION.cardCvv);

/** What a payment is for (SPEC.md 3 app info: promotion, membership and the fees). */
export const PAYMENT_PURPOSES = ['promotion', 'membership', 'bump', 'bid_fee', 'upload_fee', 'bidding'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

/**
 * A payment's states (issue 23). created: stored, the provider not asked yet; requires_action: the payer has to
 * finish with the provider; pending_review: an offline payment waiting for an operator; the other three are
 * final, except that a succeeded payment can still be refunded.
 */
export const PAYMENT_STATUSES = [
  'created',
  'requires_action',
  'pending_review',
  'succeeded',
  'failed',
  'refunded',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The longest transfer reference a payer may type for an offline payment. */
export const PAYER_REFERENCE_MAX = 100;

/** A payer's key for one attempt (a UUID from the page): the same key twice makes one payment. */
export const idempotencyKeySchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, VALIDATION.outOfRange);

/** A coupon code as typed: letters, digits, dashes (an empty field is no coupon). */
export const couponCodeSchema = z
  .string()
  .trim()
  .max(40, VALIDATION.tooLong)
  .regex(/^[A-Za-z0-9_-]*$/, VALIDATION.outOfRange)
  .transform((code) => code || undefined);

/** SPEC.md 7 "coupon check": what a coupon takes off a package's price. */
export const couponCheckSchema = z.object({
  coupon_code: z.string().trim().min(1, VALIDATION.required).max(40, VALIDATION.tooLong),
  days: z.coerce.number().int().min(1).max(60),
});

export const couponDiscountSchema = z
  .object({ coupon_code: z.string(), discount: z.string(), amount: z.string(), currency: z.string() })
  .meta({ id: 'CouponDiscount' });
export type CouponDiscount = z.infer<typeof couponDiscountSchema>;

export const paymentSchema = z
  .object({
    id: z.string(),
    purpose: z.enum(PAYMENT_PURPOSES),
    method: z.enum(PAYMENT_METHODS),
    amount: z.string().describe('In the currency’s own decimals, e.g. "70.00" or "7.500"'),
    currency: z.string().describe('ISO 4217'),
    status: z.enum(PAYMENT_STATUSES),
    item_id: z.string().nullable(),
    item_title: z.string().nullable(),
    payer_reference: z.string().nullable(),
    list_amount: z.string().nullable().describe('The price before a coupon, when one was used'),
    coupon_code: z.string().nullable(),
    discount: z.string().nullable(),
    failure_reason: z.string().nullable(),
    offline_method_title: z.string().nullable(),
    added_date: dateTimeSchema,
    added_date_str: dateTextSchema,
    paid_date: dateTimeSchema.nullable(),
  })
  .meta({ id: 'Payment' });
export type Payment = z.infer<typeof paymentSchema>;

/**
 * What the payer's browser or app needs to finish paying: Stripe's client secret and publishable key (the card
 * fields are Stripe's own), Razorpay's order for its checkout, a provider's page to go to (PayPal, Paystack), or
 * an offline method's instructions. Never a secret key.
 */
export const paymentActionSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('stripe'),
    client_secret: z.string(),
    publishable_key: z.string(),
    js_url: z.string(),
  }),
  z.object({
    kind: z.literal('razorpay'),
    order_id: z.string(),
    key_id: z.string(),
    checkout_url: z.string(),
  }),
  /** The payer pays on the provider's own page (PayPal, Paystack) and comes back to /payments/{id}. */
  z.object({ kind: z.literal('redirect'), url: z.string() }),
  /** The phone app buys the store product `quantity` times, then sends the purchase to /payments/{id}/refresh. */
  z.object({
    kind: z.literal('in_app'),
    android_product_id: z.string(),
    ios_product_id: z.string(),
    quantity: z.number().int(),
  }),
  z.object({ kind: z.literal('offline'), title: z.string(), instructions: z.string() }),
  z.object({ kind: z.literal('none') }),
]);
export type PaymentAction = z.infer<typeof paymentActionSchema>;

export const consolePaymentSchema = paymentSchema
  .extend({ user_id: z.string().describe('Who paid (their account in the console)') })
  .meta({ id: 'ConsolePayment' });
export type ConsolePayment = z.infer<typeof consolePaymentSchema>;

export const paymentStartSchema = z
  .object({ payment: paymentSchema, action: paymentActionSchema })
  .meta({ id: 'PaymentStart' });
export type PaymentStart = z.infer<typeof paymentStartSchema>;

/** An operator's offline method (SPEC.md 7 "offline payments"): a bank transfer, cash at the office. */
export const offlineMethodSchema = z
  .object({ id: z.number().int(), title: z.string(), description: z.string(), icon: z.string() })
  .meta({ id: 'OfflinePaymentMethod' });
export type OfflineMethod = z.infer<typeof offlineMethodSchema>;

/** The payer's part of an offline payment: which method, and the transfer's reference when there is one. */
export const offlinePayerSchema = z.object({
  offline_payment_id: serialIdSchema,
  offline_reference: z.string().trim().max(PAYER_REFERENCE_MAX, VALIDATION.tooLong).default(''),
});

/** An operator's judgement of an offline payment. */
export const offlineReviewSchema = z.object({
  decision: z.enum(['approve', 'reject']),
  reason: z.string().trim().max(500, VALIDATION.tooLong).default(''),
});
export type OfflineReview = z.infer<typeof offlineReviewSchema>;

/** What Razorpay's checkout hands the payer: checked against Razorpay's signature before the server asks Razorpay. */
export const payerProofSchema = z
  .object({
    razorpay_payment_id: z.string().trim().max(100).optional(),
    razorpay_order_id: z.string().trim().max(100).optional(),
    razorpay_signature: z.string().trim().max(200).optional(),
    /** An in-app purchase: the store, and its purchase token (Google Play) or transaction id (App Store). */
    store: z.enum(['google', 'apple']).optional(),
    purchase_token: z.string().trim().max(4096).optional(),
    transaction_id: z.string().trim().max(100).optional(),
    product_id: z.string().trim().max(200).optional(),
  })
  .nullish();
export type PayerProof = z.infer<typeof payerProofSchema>;
