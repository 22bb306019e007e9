import { z } from 'zod';
import { dateTimeSchema } from './fields.ts';

/** A review as the console's moderation list shows it: who wrote it about whom, and whether it is hidden. */
export const consoleReviewSchema = z
  .object({
    id: z.number().int(),
    rating: z.number().int(),
    title: z.string(),
    message: z.string(),
    from_user_id: z.string(),
    from_user_name: z.string().nullable(),
    to_user_id: z.string(),
    to_user_name: z.string().nullable(),
    added_date: dateTimeSchema,
    is_hidden: z.boolean(),
  })
  .meta({ id: 'ConsoleReview' });
export type ConsoleReview = z.infer<typeof consoleReviewSchema>;

export const reviewVisibilitySchema = z.object({ hidden: z.boolean() });
