import { z } from 'zod';
import { formCheckbox, localizedFormTexts } from './console.ts';

/** A banner on the dashboard (SPEC.md 3 "banners"): its picture, its words in the reader's language, where it leads. */
export const bannerSchema = z
  .object({
    id: z.number().int(),
    title: z.string().describe("The banner's words in the request language; also the picture's text alternative"),
    image_path: z.string().describe('File name under /uploads/'),
    link: z.string().nullable().describe('A path on this site ("/item-list?...") or an https address; null for none'),
    ordering: z.number().int(),
  })
  .meta({ id: 'Banner' });
export type Banner = z.infer<typeof bannerSchema>;

/** A banner as the console shows it: its words in every language, shown or not. */
export const consoleBannerSchema = z
  .object({
    id: z.number().int(),
    titles: z.record(z.string(), z.string()),
    image_path: z.string(),
    link: z.string().nullable(),
    ordering: z.number().int(),
    is_published: z.boolean(),
  })
  .meta({ id: 'ConsoleBanner' });
export type ConsoleBanner = z.infer<typeof consoleBannerSchema>;

/**
 * Where a banner may lead: a path on this site, or an https address; empty for nowhere. No backslash anywhere:
 * browsers read `/\host` as `//host`, another site.
 */
const bannerLink = z
  .string()
  .trim()
  .max(500, 'validation.tooLong')
  .refine((link) => link === '' || /^\/(?![/\\])[^\s\\]*$/.test(link) || /^https:\/\/[^\s/]+\.[^\s]+$/.test(link), {
    message: 'console.banners.linkInvalid',
  })
  .transform((link) => (link === '' ? null : link));

/** A banner's words (Arabic and English required), link, order and visibility, as the console's form posts them. */
export const bannerEditSchema = z.object({
  titles: localizedFormTexts(120),
  link: bannerLink.prefault(''),
  ordering: z.coerce
    .number({ message: 'validation.wholeNumber' })
    .int('validation.wholeNumber')
    .min(0, 'validation.outOfRange')
    .max(10_000, 'validation.outOfRange')
    .prefault(0),
  is_published: formCheckbox,
});
export type BannerEdit = z.output<typeof bannerEditSchema>;
