import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';
import { requiredText, VALIDATION } from './fields.ts';

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
export const typedPhoneSchema = requiredText.pipe(z.string().max(40, VALIDATION.phoneFormat));

/** International phone number on its own (no country picker): stored in E.164. */
export const phoneSchema = typedPhoneSchema.transform((value, context) => {
  const phone = toE164(value);
  if (!phone) context.addIssue({ code: 'custom', message: VALIDATION.phoneFormat });
  return phone ?? '';
});

/** Reads a form's `user_phone` in its `country` into E.164 (or reports it), and drops the country. */
export function withE164Phone<T extends { user_phone?: string | undefined; country?: string | undefined }>(
  form: T,
  context: z.RefinementCtx,
): Omit<T, 'country'> {
  const { country, ...rest } = form;
  if (rest.user_phone === undefined) return rest;
  return { ...rest, user_phone: readPhone(rest.user_phone, country, 'user_phone', context) };
}

/** `typed` in `country` as E.164, or a phone-format issue on the form's field `path`. */
export function readPhone(typed: string, country: string | undefined, path: string, context: z.RefinementCtx) {
  const phone = toE164(typed, country);
  if (!phone) context.addIssue({ code: 'custom', message: VALIDATION.phoneFormat, path: [path] });
  return phone ?? typed;
}
