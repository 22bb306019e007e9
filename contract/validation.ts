import { z } from 'zod';

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

/** The contact form (SPEC.md 3 "Other forms"): every field is required. */
export const contactMessageSchema = z.object({
  name: requiredText.pipe(z.string().max(120, VALIDATION.tooLong)),
  email: emailSchema.pipe(z.string().max(200, VALIDATION.tooLong)),
  phone: requiredText.pipe(z.string().max(40, VALIDATION.tooLong)),
  message: requiredText.pipe(z.string().max(5000, VALIDATION.tooLong)),
});
export type ContactMessageInput = z.infer<typeof contactMessageSchema>;

/** Checkbox values a browser or an API client may send for "yes". */
const checked = (message: string) =>
  z
    .union([z.literal('on'), z.literal('true'), z.literal(true), z.literal('1')], { error: message })
    .transform(() => true);

export const passwordSchema = requiredText.pipe(
  z.string().min(8, VALIDATION.passwordLength).max(128, VALIDATION.passwordLength),
);

/** International format: a plus sign, then 7 to 15 digits; spaces, dashes and brackets are ignored. */
export const phoneSchema = requiredText
  .transform((value) => value.replace(/[\s\-().]/g, '').replace(/^00/, '+'))
  .pipe(z.string().regex(/^\+[1-9]\d{6,14}$/, VALIDATION.phoneFormat));

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
    user_phone: z.union([z.literal('').transform(() => undefined), phoneSchema]).optional(),
    privacy: checked(VALIDATION.selectPrivacy),
  })
  .refine((form) => form.user_password === form.confirm_password, {
    message: VALIDATION.passwordsMismatch,
    path: ['confirm_password'],
    // Reported together with the other problems of the form, not only once they are fixed.
    when: ({ value }) => typeof value === 'object' && value !== null,
  });
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

export const phoneLoginSchema = z.object({ user_name: fullNameSchema, user_phone: phoneSchema });
export type PhoneLoginInput = z.infer<typeof phoneLoginSchema>;

export const phoneCodeSchema = phoneLoginSchema.extend({ code: codeSchema });
export type PhoneCodeInput = z.infer<typeof phoneCodeSchema>;

/** The settings modal's password update (SPEC.md 5: 'Your password and confirm password are not same.'). */
export const passwordUpdateSchema = z
  .object({ password: passwordSchema, confirm_password: requiredText })
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

export const profileUpdateSchema = z.object({
  user_name: userNameSchema,
  user_email: emailSchema.pipe(z.string().max(200, VALIDATION.tooLong)),
  user_about_me: optionalText(2000),
  user_address: optionalText(300),
  city: z
    .union([z.literal('').transform(() => null), z.coerce.number().int().positive()])
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

export const phoneChangeSchema = z.object({ user_phone: phoneSchema });
export const phoneChangeCodeSchema = phoneChangeSchema.extend({ code: codeSchema });
