import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';
import { serialIdSchema } from './ids.ts';

/**
 * The validation messages of SPEC.md 5, as locale keys (app/i18n/locales/*.json "validation").
 * Schemas below report these keys as their issue messages; screens translate them with t().
 */
export const VALIDATION = {
  required: 'validation.required',
  imageRequired: 'validation.imageRequired',
  priceRange: 'validation.priceRange',
  emailFormat: 'validation.emailFormat',
  agreePrivacy: 'validation.agreePrivacy',
  passwordsMismatch: 'validation.passwordsMismatch',
  selectPrivacy: 'validation.selectPrivacy',
  userNameFormat: 'validation.userNameFormat',
  verificationCode: 'validation.verificationCode',
  cardExpiryFormat: 'validation.cardExpiryFormat',
  cardCvv: 'validation.cardCvv',
  passwordConfirm: 'validation.passwordConfirm',
  promotionDate: 'validation.promotionDate',
  blueMarkNote: 'validation.blueMarkNote',
  tooLong: 'validation.tooLong',
  passwordLength: 'validation.passwordLength',
  phoneFormat: 'validation.phoneFormat',
} as const;

export const requiredText = z.string().trim().min(1, VALIDATION.required);

export const emailSchema = z.string().trim().min(1, VALIDATION.required).pipe(z.email(VALIDATION.emailFormat));

/** First and last name separated by a space (phone login). */
export const fullNameSchema = z
  .string()
  .trim()
  .min(1, VALIDATION.required)
  .regex(/^\S+(\s+\S+)+$/u, VALIDATION.userNameFormat);

/** MM/YY with a real month. */
export const cardExpirySchema = z
  .string()
  .trim()
  .min(1, VALIDATION.required)
  .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, VALIDATION.cardExpiryFormat);

export const cardCvvSchema = z
  .string()
  .trim()
  .min(1, VALIDATION.required)
  .regex(/^\d{3,4}$/, VALIDATION.cardCvv);

/** Optional min and max prices; when both are given, min may not exceed max. */
export const priceRangeSchema = z
  .object({
    min_price: z.coerce.number().min(0, VALIDATION.priceRange).optional(),
    max_price: z.coerce.number().min(0, VALIDATION.priceRange).optional(),
  })
  .refine(
    (range) => range.min_price === undefined || range.max_price === undefined || range.min_price <= range.max_price,
    {
      message: VALIDATION.priceRange,
      path: ['max_price'],
    },
  );

/** A password typed twice; `message` is the spec's text for the screen it is on. */
export const matchingPasswords = (message: typeof VALIDATION.passwordsMismatch | typeof VALIDATION.passwordConfirm) =>
  z
    .object({ password: requiredText, confirm_password: requiredText })
    .refine((form) => form.password === form.confirm_password, { message, path: ['confirm_password'] });

export const blueMarkSchema = z.object({ note: z.string().trim().min(1, VALIDATION.blueMarkNote) });

/** Checkbox values a browser or an API client may send for "yes". */
const checked = (message: string) =>
  z
    .union([z.literal('on'), z.literal('true'), z.literal(true), z.literal('1')], { error: message })
    .transform(() => true);

export const passwordSchema = requiredText.pipe(
  z.string().min(8, VALIDATION.passwordLength).max(128, VALIDATION.passwordLength),
);

/**
 * A phone number in E.164 (+966501234567): typed internationally (+ or 00), or locally (0501234567) in
 * `country` (ISO 3166 code of the screen's country picker). Null when it is not a real number there.
 */
export function toE164(value: string, country?: string): string | null {
  const typed = value.trim().replace(/^00/, '+');
  const parsed = parsePhoneNumberFromString(typed, typed.startsWith('+') ? undefined : (country as CountryCode));
  return parsed?.isValid() ? parsed.number : null;
}

/** The country picked for a phone number; API clients may leave it out when the number starts with +. */
export const countrySchema = z
  .string()
  .regex(/^[A-Z]{2}$/, VALIDATION.phoneFormat)
  .optional();

/** The number as typed, before it is read in its country (see `withE164Phone`). */
const typedPhoneSchema = requiredText.pipe(z.string().max(40, VALIDATION.phoneFormat));

/** International phone number on its own (no country picker): stored in E.164. */
export const phoneSchema = typedPhoneSchema.transform((value, context) => {
  const phone = toE164(value);
  if (!phone) context.addIssue({ code: 'custom', message: VALIDATION.phoneFormat });
  return phone ?? '';
});

/** Reads a form's `user_phone` in its `country` into E.164 (or reports it), and drops the country. */
function withE164Phone<T extends { user_phone?: string | undefined; country?: string | undefined }>(
  form: T,
  context: z.RefinementCtx,
): Omit<T, 'country'> {
  const { country, ...rest } = form;
  if (rest.user_phone === undefined) return rest;
  return { ...rest, user_phone: readPhone(rest.user_phone, country, 'user_phone', context) };
}

/** `typed` in `country` as E.164, or a phone-format issue on the form's field `path`. */
function readPhone(typed: string, country: string | undefined, path: string, context: z.RefinementCtx) {
  const phone = toE164(typed, country);
  if (!phone) context.addIssue({ code: 'custom', message: VALIDATION.phoneFormat, path: [path] });
  return phone ?? typed;
}

/**
 * The contact form (SPEC.md 3 "Other forms"): every field is required; the phone number is read in the
 * picked `country` (or typed with +) and kept in E.164, like the account forms' numbers.
 */
export const contactMessageSchema = z
  .object({
    name: requiredText.pipe(z.string().max(120, VALIDATION.tooLong)),
    email: emailSchema.pipe(z.string().max(200, VALIDATION.tooLong)),
    phone: typedPhoneSchema,
    country: countrySchema,
    message: requiredText.pipe(z.string().max(5000, VALIDATION.tooLong)),
  })
  .transform(({ country, ...form }, context) => ({ ...form, phone: readPhone(form.phone, country, 'phone', context) }));
export type ContactMessageInput = z.output<typeof contactMessageSchema>;

export const codeSchema = requiredText.pipe(z.string().regex(/^\d{6}$/, VALIDATION.verificationCode));

/** A form that only asks for the code that was sent. */
export const codeFormSchema = z.object({ code: codeSchema });

const userNameSchema = requiredText.pipe(z.string().max(120, VALIDATION.tooLong));

export const registerSchema = z
  .object({
    user_name: userNameSchema,
    user_email: emailSchema.pipe(z.string().max(200, VALIDATION.tooLong)),
    user_password: passwordSchema,
    confirm_password: requiredText,
    user_phone: z.union([z.literal('').transform(() => undefined), typedPhoneSchema]).optional(),
    country: countrySchema,
    privacy: checked(VALIDATION.selectPrivacy),
  })
  .refine((form) => form.user_password === form.confirm_password, {
    message: VALIDATION.passwordsMismatch,
    path: ['confirm_password'],
    // Reported together with the other problems of the form, not only once they are fixed.
    when: ({ value }) => typeof value === 'object' && value !== null,
  })
  .transform(withE164Phone);
export type RegisterInput = z.infer<typeof registerSchema>;

export const loginSchema = z.object({
  user_email: emailSchema,
  user_password: requiredText,
  privacy: checked(VALIDATION.agreePrivacy),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const emailCodeSchema = z.object({ user_email: emailSchema, code: codeSchema });
export type EmailCodeInput = z.infer<typeof emailCodeSchema>;

export const forgotPasswordSchema = z.object({ user_email: emailSchema });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z
  .object({ user_email: emailSchema, code: codeSchema, password: passwordSchema, confirm_password: requiredText })
  .refine((form) => form.password === form.confirm_password, {
    message: VALIDATION.passwordsMismatch,
    path: ['confirm_password'],
    when: ({ value }) => typeof value === 'object' && value !== null,
  });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** Phone sign-in, first step: only the number (its country picked on the screen). */
export const phoneLoginSchema = z
  .object({ user_phone: typedPhoneSchema, country: countrySchema })
  .transform(withE164Phone);
export type PhoneLoginInput = z.output<typeof phoneLoginSchema>;

/** The texted code; the first and last name only for a number that has no account yet. */
export const phoneCodeSchema = z
  .object({
    user_phone: typedPhoneSchema,
    country: countrySchema,
    code: codeSchema,
    user_name: fullNameSchema.optional(),
  })
  .transform(withE164Phone);
export type PhoneCodeInput = z.output<typeof phoneCodeSchema>;

/** The name step of phone sign-in for a new number (SPEC.md 5: first and last name). */
export const phoneNameSchema = z.object({ user_name: fullNameSchema });

/** The settings modal's password update (SPEC.md 5: 'Your password and confirm password are not same.'). */
export const passwordUpdateSchema = z
  .object({
    // Asked when the account already has a password (phone-only and social accounts that never set one don't).
    current_password: z.string().max(128, VALIDATION.passwordLength).optional(),
    password: passwordSchema,
    confirm_password: requiredText,
  })
  .refine((form) => form.password === form.confirm_password, {
    message: VALIDATION.passwordConfirm,
    path: ['confirm_password'],
    when: ({ value }) => typeof value === 'object' && value !== null,
  });
export type PasswordUpdateInput = z.infer<typeof passwordUpdateSchema>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, VALIDATION.tooLong)
    .optional()
    .transform((value) => value || null);

const flag = z
  .union([z.boolean(), z.enum(['on', 'true', 'false', '1', '0', ''])])
  .optional()
  .transform((value) => value === true || value === 'on' || value === 'true' || value === '1');

const newEmailSchema = emailSchema.pipe(z.string().max(200, VALIDATION.tooLong));

export const profileUpdateSchema = z.object({
  user_name: userNameSchema,
  /** A different address is not changed at once: a code is sent to it first (emailChangeSchema). */
  user_email: z.preprocess((value) => (value === '' ? undefined : value), newEmailSchema.optional()),
  user_about_me: optionalText(2000),
  user_address: optionalText(300),
  city: z
    .union([z.literal('').transform(() => null), serialIdSchema])
    .optional()
    .transform((value) => value ?? null),
  whatsapp: optionalText(40),
  messenger: optionalText(100),
  is_show_email: flag,
  is_show_phone: flag,
});
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

export const userSettingsSchema = z.object({ show_profile_on_items: flag, show_notifications: flag });
export type UserSettingsInput = z.infer<typeof userSettingsSchema>;

/** The profile's e-mail change: the new address, then the code sent to it. */
export const emailChangeSchema = z.object({ user_email: newEmailSchema });

export const phoneChangeSchema = z
  .object({ user_phone: typedPhoneSchema, country: countrySchema })
  .transform(withE164Phone);
/** The code step carries the number already stored in E.164. */
export const phoneChangeCodeSchema = z.object({ user_phone: phoneSchema, code: codeSchema });
