import { z } from 'zod';
import { formCheckbox, localizedFormTexts } from './console.ts';

/** A curated group of listings on the dashboard (SPEC.md 3 "collections"), named in the reader's language. */
export const collectionSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    ordering: z.number().int(),
  })
  .meta({ id: 'Collection' });
export type Collection = z.infer<typeof collectionSchema>;

/** The most listings a collection holds: the dashboard shows ten, the list of a collection pages through the rest. */
export const MAX_COLLECTION_ITEMS = 50;

/** A collection as the console lists it. */
export const consoleCollectionSchema = z
  .object({
    id: z.number().int(),
    names: z.record(z.string(), z.string()),
    ordering: z.number().int(),
    is_published: z.boolean(),
    item_ids: z.array(z.string()).describe('Its listings, the most recently added first'),
  })
  .meta({ id: 'ConsoleCollection' });
export type ConsoleCollection = z.infer<typeof consoleCollectionSchema>;

/** A collection's names (Arabic and English required), order and visibility, as the console's form posts them. */
export const collectionEditSchema = z.object({
  names: localizedFormTexts(80),
  ordering: z.coerce
    .number({ message: 'validation.wholeNumber' })
    .int('validation.wholeNumber')
    .min(0, 'validation.outOfRange')
    .max(10_000, 'validation.outOfRange')
    .prefault(0),
  is_published: formCheckbox,
});
export type CollectionEdit = z.output<typeof collectionEditSchema>;

/** A listing to add: its id, or the address of its page (which ends with the id). */
export const collectionItemSchema = z.object({
  item: z
    .string()
    .trim()
    .max(2000, 'validation.tooLong')
    .transform(
      (text) => /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i.exec(text)?.[0]?.toLowerCase() ?? '',
    )
    .refine((id) => id !== '', { message: 'console.collections.itemInvalid' }),
});
