import { z } from 'zod';
import { checked, emailSchema, requiredText, VALIDATION } from './fields.ts';
import { countrySchema, phoneSchema, typedPhoneSchema, withE164Phone } from './phone.ts';
import { newEmailSchema, userNameSchema } from './users.ts';

// Sign-in with a password or a provider lives apart, so the login page loads no phone-number library.
export { type LoginInput, loginSchema, SOCIAL_LOGIN_FAILED, SOCIAL_PROVIDERS, type SocialProvider } from './sign-in.ts';

export const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** A session is renewed by a request at most this often (a write per request would cost every page). */
export const SESSION_RENEWAL_SECONDS = 60;
/** A new sign-in code (e-mail or SMS) for the same address can be asked for this long after the last one. */
export const CODE_RESEND_SECONDS = 60;

/** First and last name separated by a space (phone login). */
export const fullNameSchema = z
  .string()
  .trim()
  .min(1, VALIDATION.required)
  .regex(/^\S+(\s+\S+)+$/u, VALIDATION.userNameFormat);

export const passwordSchema = requiredText.pipe(
  z.string().min(8, VALIDATION.passwordLength).max(128, VALIDATION.passwordLength),
);

/** A password typed twice; `message` is the spec's text for the screen it is on. */
export const matchingPasswords = (message: typeof VALIDATION.passwordsMismatch | typeof VALIDATION.passwordConfirm) =>
  z
    .object({ password: requiredText, confirm_password: requiredText })
    .refine((form) => form.password === form.confirm_password, { message, path: ['confirm_password'] });

export const codeSchema = requiredText.pipe(z.string().regex(/^\d{6}$/, VALIDATION.verificationCode));

/** A form that only asks for the code that was sent. */
export const codeFormSchema = z.object({ code: codeSchema });

export const registerSchema = z
  .object({
    user_name: userNameSchema,
    user_email: newEmailSchema,
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

/** The profile's e-mail change: the new address, then the code sent to it. */
export const emailChangeSchema = z.object({ user_email: newEmailSchema });

export const phoneChangeSchema = z
  .object({ user_phone: typedPhoneSchema, country: countrySchema })
  .transform(withE164Phone);
/** The code step carries the number already stored in E.164. */
export const phoneChangeCodeSchema = z.object({ user_phone: phoneSchema, code: codeSchema });
