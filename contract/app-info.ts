import { z } from 'zod';
import { dateTimeSchema, VALIDATION } from './fields.ts';
import { USER_ID_PATTERN } from './ids.ts';
import { VISITOR_USER_ID } from './user-basics.ts';

/**
 * A date of the app info call: `2026-11-29`, `2026-11-29 08:30:00` (the legacy clients' form, read as UTC) or
 * ISO 8601 with a zone (`Z`, `+03:00`). Anything else, or a day that does not exist, is refused (400).
 */
const DATE_TEXT = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:\d{2})?)?$/;

/** The moment a call's date names, or null when it names none (a 30 February, a 25th hour). */
export function parseCallDate(text: string): Date | null {
  if (!DATE_TEXT.test(text)) return null;
  const [year, month, day] = text.slice(0, 10).split('-').map(Number) as [number, number, number];
  const midnight = new Date(Date.UTC(year, month - 1, day));
  if (midnight.getUTCMonth() !== month - 1 || midnight.getUTCDate() !== day) return null;
  if (text.length === 10) return midnight;
  const zoned = /(?:Z|[+-]\d{2}:\d{2})$/.test(text);
  const date = new Date(`${text.replace(' ', 'T')}${zoned ? '' : 'Z'}`);
  return Number.isNaN(date.getTime()) ? null : date;
}

const callDate = z
  .string()
  .trim()
  .max(40, VALIDATION.dateFormat)
  .transform((text, context) => {
    const date = parseCallDate(text);
    if (date) return date;
    context.addIssue({ code: 'custom', message: VALIDATION.dateFormat });
    return z.NEVER;
  });

/** The app info call (SPEC.md 7: start_date, end_date, user_id); every part may be left out. */
export const appInfoQuerySchema = z
  .object({
    start_date: callDate.optional().describe('Deletions recorded since this date (inclusive)'),
    end_date: callDate.optional().describe('Deletions recorded until this date (inclusive)'),
    user_id: z
      .string()
      .regex(USER_ID_PATTERN, VALIDATION.outOfRange)
      .optional()
      .describe(`The account the client signed in as, or ${VISITOR_USER_ID}`),
  })
  .refine((query) => !query.start_date || !query.end_date || query.start_date <= query.end_date, {
    message: VALIDATION.outOfRange,
    path: ['end_date'],
  });
export type AppInfoQuery = z.output<typeof appInfoQuerySchema>;

/** user_status of app info: the account's state, or `nologinuser` for a visitor. */
export const APP_USER_STATUSES = [
  'nologinuser',
  'active',
  'pending',
  'unpublished',
  'rejected',
  'deleted',
  'banned',
] as const;
export type AppUserStatus = (typeof APP_USER_STATUSES)[number];

/** The spec's app info answer (SPEC.md 3): versions, app settings and payment options for the clients. */
export const appInfoSchema = z
  .object({
    version: z.object({
      version_no: z.string(),
      version_force_update: z.boolean(),
      version_title: z.string(),
      version_message: z.string(),
      version_need_clear_data: z.boolean(),
    }),
    app_setting: z.object({
      lat: z.number(),
      lng: z.number(),
      is_sub_location: z.boolean(),
      is_thumb2x_3x_generate: z.boolean(),
    }),
    user_info: z.object({ user_status: z.enum(APP_USER_STATUSES) }),
    delete_history: z.array(
      z.object({
        id: z.number().int(),
        type_id: z.string(),
        type_name: z.enum(['item', 'user']),
        deleted_date: dateTimeSchema,
      }),
    ),
    oneday: z.string(),
    currency_symbol: z.string(),
    currency_short_form: z.string(),
    stripe_publishable_key: z.string(),
    paypal_enabled: z.boolean(),
    stripe_enabled: z.boolean(),
    razor_enabled: z.boolean(),
    razor_key: z.string(),
    offline_enabled: z.boolean(),
    paystack_enabled: z.boolean(),
    paystack_key: z.string(),
    in_app_purchased_enabled: z.boolean(),
    in_app_purchased_prd_id_android: z.string(),
    in_app_purchased_prd_id_ios: z.string(),
    deposit_percent: z.string(),
    cooldown_period: z.number().int(),
    membership_duration: z.number().int(),
    membership_amount: z.string(),
    bid_fee: z.string(),
    upload_fee: z.string(),
  })
  .meta({ id: 'AppInfo' });

export type AppInfo = z.infer<typeof appInfoSchema>;
