import { z } from 'zod';
import { formCheckbox, formText } from './console.ts';
import { BLOG_BODY_MAX_CHARACTERS, PAGE_BODY_MAX_CHARACTERS } from './console-content-basics.ts';
import { CONTENT_PAGE_KINDS } from './content.ts';
import { dateTimeSchema } from './fields.ts';
import { LANGUAGE_CODES } from './language.ts';
import { imageSchema } from './media.ts';

export {
  BLOG_BODY_MAX_CHARACTERS,
  EDITABLE_PAGE_KINDS,
  type EditablePageKind,
  PAGE_BODY_MAX_CHARACTERS,
} from './console-content-basics.ts';

const languageField = z.enum(LANGUAGE_CODES);

/**
 * A blog post's text in one language, as the console's editor posts it: the body is HTML, which the server
 * sanitises before it stores it (server/modules/content/rich-text.ts).
 */
export const blogEditSchema = z.object({
  language: languageField,
  title: formText(160, true),
  body: formText(BLOG_BODY_MAX_CHARACTERS, true),
  is_published: formCheckbox,
});
export type BlogEdit = z.output<typeof blogEditSchema>;

/** A post as the console shows it: its texts in every language written, published or a draft. */
export const consoleBlogSchema = z
  .object({
    id: z.number().int(),
    titles: z.record(z.string(), z.string()),
    bodies: z.record(z.string(), z.string()).describe('Sanitised HTML per language'),
    is_published: z.boolean(),
    added_date: dateTimeSchema,
    updated_date: dateTimeSchema.nullable(),
    photo: imageSchema.nullable(),
  })
  .meta({ id: 'ConsoleBlog' });
export type ConsoleBlog = z.infer<typeof consoleBlogSchema>;

/** One line of the console's list of posts: the title in the operator's language. */
export const consoleBlogRowSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    languages: z.array(z.string()),
    is_published: z.boolean(),
    added_date: dateTimeSchema,
    photo_path: z.string().nullable(),
  })
  .meta({ id: 'ConsoleBlogRow' });
export type ConsoleBlogRow = z.infer<typeof consoleBlogRowSchema>;

/** An about, privacy or safety page in one language: paragraphs separated by a blank line. */
export const pageEditSchema = z.object({
  language: languageField,
  title: formText(160, true),
  body: formText(PAGE_BODY_MAX_CHARACTERS, true),
});
export type PageEdit = z.output<typeof pageEditSchema>;

export const consolePageSchema = z
  .object({
    kind: z.enum(CONTENT_PAGE_KINDS),
    texts: z.record(z.string(), z.object({ title: z.string(), body: z.string(), updated_date: dateTimeSchema })),
  })
  .meta({ id: 'ConsolePage' });
export type ConsolePage = z.infer<typeof consolePageSchema>;
