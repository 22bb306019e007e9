import { z } from 'zod';
import { dateTextSchema, dateTimeSchema, VALIDATION } from './fields.ts';
import { RATING_MAX, RATING_MIN, REVIEW_TEXT_LIMITS } from './rating-basics.ts';
import { userSchema } from './users.ts';

export { RATING_MAX, RATING_MIN, REVIEW_TEXT_LIMITS } from './rating-basics.ts';

/** A review: 1 to 5 stars, a title and a message (SPEC.md 3). A second review of the same person replaces the first. */
export const reviewInputSchema = z.object({
  rating: z.coerce
    .number({ error: VALIDATION.required })
    .int(VALIDATION.outOfRange)
    .min(RATING_MIN, VALIDATION.required)
    .max(RATING_MAX, VALIDATION.outOfRange),
  title: z.string().trim().min(1, VALIDATION.required).max(REVIEW_TEXT_LIMITS.title, VALIDATION.tooLong),
  message: z.string().trim().max(REVIEW_TEXT_LIMITS.message, VALIDATION.tooLong).default(''),
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;

export const reviewSchema = z
  .object({
    id: z.number().int(),
    rating: z.number().int(),
    title: z.string(),
    message: z.string(),
    added_date: dateTimeSchema,
    added_date_str: dateTextSchema,
    from_user: userSchema.nullable(),
  })
  .meta({ id: 'Review' });
export type Review = z.infer<typeof reviewSchema>;

/** Whether the viewer may review someone (they completed a deal together), and the review they already gave. */
export const reviewStandingSchema = z
  .object({ may_review: z.boolean(), my_review: reviewSchema.nullable() })
  .meta({ id: 'ReviewStanding' });
export type ReviewStanding = z.infer<typeof reviewStandingSchema>;
