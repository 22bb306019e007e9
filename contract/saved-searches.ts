import { z } from 'zod';
import { dateTimeSchema, VALIDATION } from './fields.ts';
import { SAVED_SEARCH_NAME_MAX_LENGTH } from './saved-search-basics.ts';
import { ITEM_LIST_PARAMS, type ItemListParam, itemSearchSchema } from './search.ts';

export * from './saved-search-basics.ts';

/**
 * A new saved search: the item list's own parameters (the same schema parses them, so a saved search means
 * exactly what the list showed) and, optionally, the name its owner sees. Paging parameters are ignored.
 */
export const savedSearchInputSchema = itemSearchSchema.safeExtend({
  name: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.string().trim().max(SAVED_SEARCH_NAME_MAX_LENGTH, VALIDATION.tooLong).optional(),
  ),
});
export type SavedSearchInput = z.infer<typeof savedSearchInputSchema>;

/** The item list parameters of a saved search, as text, in the order a list emits them. */
export type SavedSearchQuery = Partial<Record<ItemListParam, string>>;

export const savedSearchSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    /** The item list's parameters (ITEM_LIST_PARAMS), as the list's address carries them. */
    query: z.partialRecord(z.enum(ITEM_LIST_PARAMS), z.string()),
    /** The item list with these filters: running it marks the new matches seen. */
    list_path: z.string(),
    /** Listings matched since the owner last ran it. */
    new_match_count: z.number().int(),
    added_date: dateTimeSchema,
  })
  .meta({ id: 'SavedSearch' });
export type SavedSearch = z.infer<typeof savedSearchSchema>;

export const savedSearchListSchema = z
  .object({ items: z.array(savedSearchSchema), limit: z.number().int() })
  .meta({ id: 'SavedSearchList' });
export type SavedSearchList = z.infer<typeof savedSearchListSchema>;

/** The answer to a creation: the search, and whether it was kept already (the same filters saved before). */
export const savedSearchCreatedSchema = savedSearchSchema
  .extend({ already_saved: z.boolean() })
  .meta({ id: 'SavedSearchCreated' });
export type SavedSearchCreated = z.infer<typeof savedSearchCreatedSchema>;

export const savedSearchIdParams = z.object({ savedSearchId: z.uuid() });
