import { z } from 'zod';
import { consoleAccountListsSchema } from './console-account.ts';
import { AUDIT_SUBJECTS, CATEGORY_ICON_NAMES } from './console-basics.ts';
import { VALIDATION } from './field-basics.ts';
import { dateTimeSchema } from './fields.ts';
import { itemReportSchema } from './items.ts';
import { LANGUAGE_CODES, type LanguageCode } from './language.ts';
import { pageQuerySchema } from './paging.ts';

export {
  AUDIT_SUBJECTS,
  type AuditSubjectType,
  CATEGORY_ICON_NAMES,
  CATEGORY_PICTURE_SLOTS,
  type CategoryIconName,
  type CategoryPictureSlot,
  DASHBOARD_DAYS,
  REPORT_QUEUE_SIZE,
} from './console-basics.ts';

/** One operator action in the audit log (issue 24): who, what, on which row, before and after. */
export const auditEntrySchema = z
  .object({
    id: z.string(),
    actor_id: z.string(),
    actor_name: z.string().nullable().describe('null when the account has since been deleted'),
    action: z.string().describe('A dotted name: user.ban, item.approve, settings.update, application.approve'),
    subject_type: z.enum(AUDIT_SUBJECTS),
    subject_id: z.string(),
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
    acted_at: dateTimeSchema,
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** A UTC day as a date field sends it (YYYY-MM-DD). */
const utcDay = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, VALIDATION.dateFormat)
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), VALIDATION.dateFormat);

/**
 * The audit log's search: any of the kind of row, the row's id, the operator, the start of an action name, and
 * the UTC days it happened from and through.
 */
export const auditQuerySchema = pageQuerySchema(30).extend({
  subject_type: z.enum(AUDIT_SUBJECTS).optional(),
  subject_id: z.string().trim().max(100).optional(),
  actor_id: z.string().trim().max(100).optional(),
  action: z
    .string()
    .trim()
    .max(60)
    .regex(/^[a-z.-]*$/)
    .optional(),
  from: utcDay.optional().describe('The first UTC day, YYYY-MM-DD'),
  through: utcDay.optional().describe('The last UTC day, YYYY-MM-DD'),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;
export type AuditFilter = Omit<AuditQuery, 'limit' | 'offset' | 'cursor'>;

/** An account as the console lists it. */
export const consoleAccountSchema = z
  .object({
    user_id: z.string(),
    user_name: z.string(),
    user_email: z.string(),
    user_phone: z.string().nullable(),
    phone_verify: z.boolean(),
    status: z.number().int(),
    is_banned: z.boolean(),
    is_admin: z.boolean(),
    is_verify_blue_mark: z.boolean(),
    is_verified_dealer: z.boolean(),
    added_date: dateTimeSchema,
  })
  .meta({ id: 'ConsoleAccount' });
export type ConsoleAccount = z.infer<typeof consoleAccountSchema>;

export const accountSearchSchema = pageQuerySchema(30).extend({
  q: z.string().trim().max(100).optional().describe('A name (any part), an e-mail address, a phone number or an id'),
});
export type AccountSearch = z.infer<typeof accountSearchSchema>;

/**
 * One account in the console: the account, the counts of what it did and received, and the first page of each
 * list (its listings, reports made and received, open sessions and payments), latest first.
 */
export const consoleAccountDetailSchema = z
  .object({
    account: consoleAccountSchema,
    listings: z.object({ active: z.number().int(), pending: z.number().int(), other: z.number().int() }),
    reports_made: z.number().int(),
    reports_received: z.number().int(),
    sessions: z.number().int(),
    lists: consoleAccountListsSchema,
  })
  .meta({ id: 'ConsoleAccountDetail' });
export type ConsoleAccountDetail = z.infer<typeof consoleAccountDetailSchema>;

/** A count for each of the last days, oldest first; days are UTC dates (YYYY-MM-DD). */
export const dailyCountsSchema = z.array(z.object({ day: z.string(), count: z.number().int() }));
export type DailyCounts = z.infer<typeof dailyCountsSchema>;

/** Money received in one currency, for each of the last days, oldest first. */
export const dailyRevenueSchema = z.object({
  currency: z.string().describe('The currency short form (SAR)'),
  days: z.array(z.object({ day: z.string(), amount: z.number() })),
});
export type DailyRevenue = z.infer<typeof dailyRevenueSchema>;

/** The console's dashboard (issue 24): what waits for an operator, and the last days' activity. */
export const dashboardSchema = z
  .object({
    pending_listings: z.number().int(),
    open_reports: z.number().int(),
    pending_applications: z.number().int(),
    new_listings: dailyCountsSchema,
    new_accounts: dailyCountsSchema,
    payments: dailyCountsSchema.describe('Payments that succeeded, by day'),
    revenue: z.array(dailyRevenueSchema).describe('What they brought in, one series per currency'),
  })
  .meta({ id: 'ConsoleDashboard' });
export type Dashboard = z.infer<typeof dashboardSchema>;

export const whole = (min: number, max: number) =>
  z.coerce
    .number({ message: 'validation.wholeNumber' })
    .int('validation.wholeNumber')
    .min(min, 'validation.outOfRange')
    .max(max, 'validation.outOfRange');
export const coordinate = (limit: number) =>
  z.coerce
    .number({ message: 'validation.outOfRange' })
    .min(-limit, 'validation.outOfRange')
    .max(limit, 'validation.outOfRange');
export const formText = (max: number, required = false) =>
  z
    .string(required ? { message: 'validation.required' } : undefined)
    .trim()
    .min(required ? 1 : 0, 'validation.required')
    .max(max, 'validation.tooLong');
const limitField = whole(0, 10_000);
export const formCheckbox = z.preprocess(
  (value) => value === true || value === 'on' || value === 'true' || value === '1',
  z.boolean(),
);
/** A price in the site's currency, as typed: up to two decimals. */
export const moneyText = z
  .string({ message: 'validation.required' })
  .trim()
  .regex(/^\d{1,8}(\.\d{1,2})?$/, 'validation.priceFormat');

/** Money (issue 23): prices, membership, listing lifetime and bumps, and which payment methods payers are offered. */
const paymentSettingsFields = {
  oneday: moneyText,
  membership_amount: moneyText,
  membership_duration: whole(1, 3650),
  member_listings_per_day: limitField,
  listing_lifetime_days: whole(0, 3650),
  expiry_notice_days: whole(0, 60),
  bump_free_days: whole(0, 365),
  bump_price: moneyText,
  member_free_bumps: whole(0, 100),
  offline_enabled: formCheckbox,
  stripe_enabled: formCheckbox,
  stripe_publishable_key: formText(200),
  paypal_enabled: formCheckbox,
  razor_enabled: formCheckbox,
  razor_key: formText(200),
  paystack_enabled: formCheckbox,
  paystack_key: formText(200),
  in_app_purchased_enabled: formCheckbox,
  in_app_purchased_prd_id_android: formText(200),
  in_app_purchased_prd_id_ios: formText(200),
  deposit_percent: z
    .string({ message: 'validation.required' })
    .trim()
    .regex(/^(100(\.0{1,2})?|\d{1,2}(\.\d{1,2})?)$/, 'validation.outOfRange'),
  cooldown_period: whole(0, 1_000_000),
  bid_fee: moneyText,
  upload_fee: moneyText,
};

/**
 * The settings an operator edits in the console (issue 24), as the form posts them: a checkbox is present when
 * on; each limit is a whole number, 0 meaning no limit. Providers' secret keys are not settings: they come from
 * the environment only (docs/payments.md).
 */
export const operatorSettingsSchema = z.object({
  is_item_approval_enabled: formCheckbox,
  is_email_verification_enabled: formCheckbox,
  is_thumb2x_3x_generate: formCheckbox,
  is_sub_location: formCheckbox,
  default_currency_short_form: formText(8, true),
  default_country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'validation.outOfRange')
    .transform((value) => value.toUpperCase()),
  lat: coordinate(90),
  lng: coordinate(180),
  version_no: formText(20, true),
  version_force_update: formCheckbox,
  version_need_clear_data: formCheckbox,
  version_title: formText(200),
  version_message: formText(1000),
  report_hide_threshold: whole(0, 100),
  reports_per_hour: limitField,
  reports_per_day: limitField,
  listings_per_day: limitField,
  new_account_listings_per_day: limitField,
  first_listings_reviewed: whole(0, 100),
  uploads_per_hour: limitField,
  offers_per_hour: limitField,
  contact_reveals_per_hour: limitField,
  contact_email: z.union([
    z.literal(''),
    z.string().trim().email('validation.emailFormat').max(200, 'validation.tooLong'),
  ]),
  contact_phone: formText(40),
  ...paymentSettingsFields,
});
export type OperatorSettings = z.output<typeof operatorSettingsSchema>;

/** The settings as the console reads them (the answer's shape: plain values, nothing to coerce). */
export const operatorSettingsViewSchema = z
  .object({
    is_item_approval_enabled: z.boolean(),
    is_email_verification_enabled: z.boolean(),
    is_thumb2x_3x_generate: z.boolean(),
    is_sub_location: z.boolean(),
    default_currency_short_form: z.string(),
    default_country: z.string(),
    lat: z.number(),
    lng: z.number(),
    version_no: z.string(),
    version_force_update: z.boolean(),
    version_need_clear_data: z.boolean(),
    version_title: z.string(),
    version_message: z.string(),
    report_hide_threshold: z.number().int(),
    reports_per_hour: z.number().int(),
    reports_per_day: z.number().int(),
    listings_per_day: z.number().int(),
    new_account_listings_per_day: z.number().int(),
    first_listings_reviewed: z.number().int(),
    uploads_per_hour: z.number().int(),
    offers_per_hour: z.number().int(),
    contact_reveals_per_hour: z.number().int(),
    contact_email: z.string(),
    contact_phone: z.string(),
    oneday: z.string(),
    membership_amount: z.string(),
    membership_duration: z.number().int(),
    member_listings_per_day: z.number().int(),
    listing_lifetime_days: z.number().int(),
    expiry_notice_days: z.number().int(),
    bump_free_days: z.number().int(),
    bump_price: z.string(),
    member_free_bumps: z.number().int(),
    offline_enabled: z.boolean(),
    stripe_enabled: z.boolean(),
    stripe_publishable_key: z.string(),
    paypal_enabled: z.boolean(),
    razor_enabled: z.boolean(),
    razor_key: z.string(),
    paystack_enabled: z.boolean(),
    paystack_key: z.string(),
    in_app_purchased_enabled: z.boolean(),
    in_app_purchased_prd_id_android: z.string(),
    in_app_purchased_prd_id_ios: z.string(),
    deposit_percent: z.string(),
    cooldown_period: z.number().int(),
    bid_fee: z.string(),
    upload_fee: z.string(),
  })
  .meta({ id: 'OperatorSettings' }) satisfies z.ZodType<OperatorSettings>;
export const OPERATOR_SETTING_KEYS = Object.keys(operatorSettingsSchema.shape) as Array<keyof OperatorSettings>;

/** A category as the console edits it: its name in each language, its order and whether it is shown. */
export const consoleCategorySchema = z
  .object({
    cat_id: z.number().int(),
    names: z.record(z.string(), z.string()),
    cat_ordering: z.number().int(),
    is_published: z.boolean(),
    is_vehicle: z.boolean(),
    slug: z.string(),
    icon: z.string().describe('The drawn icon shown when there is no icon picture'),
    icon_picture: z.string().nullable().describe('File name under /uploads/ of the icon picture, or null'),
    photo: z.string().nullable().describe('File name under /uploads/ of the photo at the top of its page, or null'),
  })
  .meta({ id: 'ConsoleCategory' });
export type ConsoleCategory = z.infer<typeof consoleCategorySchema>;

/**
 * One short text per language, as the console's forms post them (`names.ar`, ...): Arabic and English required,
 * any other language left out or empty when it has none.
 */
export const localizedFormTexts = (max: number) =>
  z.object(
    Object.fromEntries(
      LANGUAGE_CODES.map((code) => [
        code,
        code === 'ar' || code === 'en' ? formText(max, true) : formText(max).prefault(''),
      ]),
    ) as Record<LanguageCode, ReturnType<typeof formText>>,
  );

/** A form's flat fields (`names.ar`, ...) with the texts under `prefix` gathered into one object, as schemas read them. */
export function localizedInput(fields: Record<string, unknown>, prefix: string) {
  const texts = Object.fromEntries(
    Object.entries(fields)
      .filter(([key]) => key.startsWith(`${prefix}.`))
      .map(([key, value]) => [key.slice(prefix.length + 1), String(value)]),
  );
  return { ...fields, [prefix]: texts };
}

/** A category's edit, as the console's form posts it: Arabic and English names are required, others optional. */
export const categoryEditSchema = z.object({
  names: localizedFormTexts(80),
  cat_ordering: whole(0, 10_000),
  is_published: formCheckbox,
  icon: z.enum(CATEGORY_ICON_NAMES, { message: 'errors.invalidRequest' }).optional().describe('Left out: unchanged'),
});
export type CategoryEdit = z.output<typeof categoryEditSchema>;

/** A new category: its edit, and whether its listings are vehicles (which cannot change later). */
export const categoryCreateSchema = categoryEditSchema.extend({ is_vehicle: formCheckbox });
export type CategoryCreate = z.output<typeof categoryCreateSchema>;

/** A listing with open reports, for the console's reports queue: what was said, by whom, and the sum of weights. */
export const reportedListingSchema = z
  .object({
    item_id: z.string(),
    title: z.string(),
    owner_id: z.string(),
    owner_name: z.string(),
    weight: z.number(),
    reports: z.array(itemReportSchema),
  })
  .meta({ id: 'ReportedListing' });
export type ReportedListing = z.infer<typeof reportedListingSchema>;

/** A member with open reports: how many, their record, and what each of their reports weighs now. */
export const reporterRecordSchema = z
  .object({
    reporter_id: z.string(),
    reporter_name: z.string(),
    open: z.number().int(),
    upheld: z.number().int(),
    dismissed: z.number().int(),
    weight: z.number(),
  })
  .meta({ id: 'ReporterRecord' });
export type ReporterRecord = z.infer<typeof reporterRecordSchema>;
