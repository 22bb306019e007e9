import { z } from 'zod';
import { formCheckbox, localizedFormTexts, whole } from './console.ts';
import { VALIDATION } from './field-basics.ts';
import { dateTimeSchema } from './fields.ts';
import { COUPON_KINDS, OFFLINE_METHOD_ICONS } from './payment-catalog-basics.ts';
import { PAYMENT_METHODS } from './payments.ts';

export {
  CONSOLE_PAID_AD_FILTERS,
  COUPON_KINDS,
  type ConsolePaidAdFilter,
  OFFLINE_METHOD_ICONS,
} from './payment-catalog-basics.ts';

/**
 * What an operator sells with and discounts by (issue 24, the console's money): offline payment methods (SPEC.md 7
 * "offline payments") and coupons (SPEC.md 7 "coupon check").
 */

/** An offline method as the console shows it: its words in every language, shown to payers or not. */
export const consoleOfflineMethodSchema = z
  .object({
    id: z.number().int(),
    titles: z.record(z.string(), z.string()),
    descriptions: z.record(z.string(), z.string()).describe('What the payer does: the account to pay into, where'),
    icon: z.enum(OFFLINE_METHOD_ICONS),
    ordering: z.number().int(),
    is_published: z.boolean(),
  })
  .meta({ id: 'ConsoleOfflineMethod' });
export type ConsoleOfflineMethod = z.infer<typeof consoleOfflineMethodSchema>;

/** An offline method's edit: Arabic and English title and instructions required. */
export const offlineMethodEditSchema = z.object({
  titles: localizedFormTexts(120),
  descriptions: localizedFormTexts(1000),
  icon: z.enum(OFFLINE_METHOD_ICONS, { message: 'errors.invalidRequest' }).prefault('landmark'),
  ordering: whole(0, 10_000).prefault(0),
  is_published: formCheckbox,
});
export type OfflineMethodEdit = z.output<typeof offlineMethodEditSchema>;

/** A coupon as the console shows it, with how often it was used. */
export const consoleCouponSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    kind: z.enum(COUPON_KINDS),
    discount_percent: z.string().describe('Percent off, e.g. "10.00" (kind percent)'),
    discount_amount: z.string().describe('Amount off in `currency` (kind amount)'),
    currency: z.string().describe('ISO 4217; empty: any (percent coupons)'),
    valid_from: dateTimeSchema.nullable(),
    valid_until: dateTimeSchema.nullable().describe('The first moment it no longer applies'),
    max_uses: z.number().int().nullable().describe('null: no limit'),
    max_uses_per_user: z.number().int().nullable(),
    used_count: z.number().int(),
    is_published: z.boolean(),
    added_date: dateTimeSchema,
  })
  .meta({ id: 'ConsoleCoupon' });
export type ConsoleCoupon = z.infer<typeof consoleCouponSchema>;

/** A day as a date field posts it (YYYY-MM-DD, a UTC day), or empty for none. */
const optionalDay = z
  .string()
  .trim()
  .refine((day) => day === '' || (/^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(day))), {
    message: VALIDATION.dateFormat,
  })
  .transform((day) => (day === '' ? null : day))
  .prefault('');

/** A count limit as typed, or empty for no limit. */
const optionalLimit = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  whole(1, 1_000_000).optional(),
);

/** A decimal as typed into the form, or empty (the other kind's field): '0'. */
const decimalText = (pattern: RegExp) =>
  z
    .string()
    .trim()
    .refine((text) => text === '' || pattern.test(text), VALIDATION.priceFormat)
    .transform((text) => text || '0')
    .prefault('');
const percentText = decimalText(/^\d{1,3}(\.\d{1,2})?$/);
const amountText = decimalText(/^\d{1,8}(\.\d{1,3})?$/);

/**
 * A coupon's edit, as the console's form or the API posts it. A percent coupon takes 0.01 to 100 percent off; an
 * amount coupon takes its amount off a price in its currency. Days are UTC days: valid from the start of the first,
 * through the end of the last.
 */
export const couponEditSchema = z
  .object({
    code: z
      .string({ message: VALIDATION.required })
      .trim()
      .min(1, VALIDATION.required)
      .regex(/^[A-Za-z0-9_-]{3,40}$/, 'console.coupons.codeFormat')
      .transform((code) => code.toUpperCase()),
    kind: z.enum(COUPON_KINDS, { message: 'errors.invalidRequest' }),
    discount_percent: percentText,
    discount_amount: amountText,
    currency: z
      .string()
      .trim()
      .regex(/^([A-Za-z]{3})?$/, VALIDATION.outOfRange)
      .transform((code) => code.toUpperCase())
      .prefault(''),
    valid_from: optionalDay,
    valid_until: optionalDay,
    max_uses: optionalLimit,
    max_uses_per_user: optionalLimit,
    is_published: formCheckbox,
  })
  .superRefine((edit, context) => {
    if (edit.kind === 'percent' && !(Number(edit.discount_percent) > 0 && Number(edit.discount_percent) <= 100))
      context.addIssue({ code: 'custom', path: ['discount_percent'], message: VALIDATION.outOfRange });
    if (edit.kind === 'amount' && !(Number(edit.discount_amount) > 0))
      context.addIssue({ code: 'custom', path: ['discount_amount'], message: VALIDATION.outOfRange });
    if (edit.kind === 'amount' && edit.currency === '')
      context.addIssue({ code: 'custom', path: ['currency'], message: VALIDATION.required });
    if (edit.valid_from && edit.valid_until && edit.valid_until < edit.valid_from)
      context.addIssue({ code: 'custom', path: ['valid_until'], message: 'console.coupons.untilBeforeFrom' });
  });
export type CouponEdit = z.output<typeof couponEditSchema>;

/**
 * A payment method as the operator's settings page shows it: whether the server has its keys (secret keys are read
 * from the environment and never sent to a page) and whether payers are offered it now.
 */
export const paymentMethodStateSchema = z
  .object({
    method: z.enum(PAYMENT_METHODS),
    keys_set: z.boolean().describe('Its keys are set on the server (always true for offline payment)'),
    offered: z.boolean().describe('Switched on, keys set, the currency taken; offline: a method published'),
  })
  .meta({ id: 'PaymentMethodState' });
export type PaymentMethodState = z.infer<typeof paymentMethodStateSchema>;
