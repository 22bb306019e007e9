import { z } from 'zod';
import { dateTextSchema, dateTimeSchema, emailSchema, requiredText, VALIDATION } from './fields.ts';
import { imageSchema } from './media.ts';
import { countrySchema, readPhone, typedPhoneSchema } from './phone.ts';

export const CONTENT_PAGE_KINDS = ['about', 'privacy', 'safety', 'terms'] as const;
export type ContentPageKind = (typeof CONTENT_PAGE_KINDS)[number];

export const contentPageSchema = z
  .object({
    kind: z.enum(CONTENT_PAGE_KINDS),
    lang: z.string().describe('Language the text is written in (may differ from the one asked for)'),
    title: z.string(),
    body: z.string().describe('Paragraphs separated by a blank line'),
    updated_date: dateTimeSchema,
    updated_date_str: dateTextSchema,
  })
  .meta({ id: 'ContentPage' });

export const blogSchema = z
  .object({
    id: z.number().int(),
    name: z.string().describe('Title in the request language'),
    description: z.string().describe('Body as plain text; paragraphs separated by a blank line'),
    description_html: z
      .string()
      .describe('Body as sanitised HTML: p, h2, h3, strong, em, u, s, a, ul, ol, li, blockquote, br'),
    city_id: z.number().int().nullable(),
    status: z.number().int(),
    added_date: dateTimeSchema,
    added_date_str: dateTextSchema,
    default_photo: imageSchema.nullable(),
  })
  .meta({ id: 'Blog' });

export type ContentPage = z.infer<typeof contentPageSchema>;
export type Blog = z.infer<typeof blogSchema>;

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
