import { z } from 'zod';
import { VALIDATION } from './field-basics.ts';

export { VALIDATION } from './field-basics.ts';

export const requiredText = z.string().trim().min(1, VALIDATION.required);

export const emailSchema = z.string().trim().min(1, VALIDATION.required).pipe(z.email(VALIDATION.emailFormat));

/** Checkbox values a browser or an API client may send for "yes". */
export const checked = (message: string) =>
  z
    .union([z.literal('on'), z.literal('true'), z.literal(true), z.literal('1')], { error: message })
    .transform(() => true);

/** A yes/no switch from a form or JSON; anything but a "yes" reads as false. */
export const flag = z
  .union([z.boolean(), z.enum(['on', 'true', 'false', '1', '0', ''])])
  .optional()
  .transform((value) => value === true || value === 'on' || value === 'true' || value === '1');

/** Free text up to `max` characters; empty reads as null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, VALIDATION.tooLong)
    .optional()
    .transform((value) => value || null);

export const dateTimeSchema = z.string().describe('ISO 8601 timestamp');
export const dateTextSchema = z
  .string()
  .describe('The same date shown as month-day-year hour:minute in the request language');
