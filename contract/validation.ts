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
