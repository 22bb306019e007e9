import { z } from 'zod';
import { dateTimeSchema, VALIDATION } from './fields.ts';
import { MAX_REPORT_NOTE } from './item-basics.ts';
import { itemSchema, REPORT_REASONS } from './items.ts';

export { MAX_REPORT_NOTE } from './item-basics.ts';
export { type ItemReport, itemReportSchema, REPORT_REASONS, type ReportReason } from './items.ts';

export const reportInputSchema = z
  .object({
    reason: z.enum(REPORT_REASONS, { error: VALIDATION.required }),
    note: z.string().trim().max(MAX_REPORT_NOTE, VALIDATION.tooLong).default(''),
  })
  .refine((report) => report.reason !== 'other' || report.note.length > 0, {
    path: ['note'],
    message: VALIDATION.required,
  });
export type ReportInput = z.infer<typeof reportInputSchema>;

/** What became of the reported listing: held, it waits for an admin's review and leaves the reporter's page. */
export const reportOutcomeSchema = z.object({ held_for_review: z.boolean() }).meta({ id: 'ReportOutcome' });
export type ReportOutcome = z.infer<typeof reportOutcomeSchema>;

/** The body of each toggle: the state wanted, so sending it twice changes nothing (a double click). */
export const favouriteInputSchema = z.object({ favourite: z.boolean() });
export const followInputSchema = z.object({ follow: z.boolean() });
export const blockInputSchema = z.object({ block: z.boolean() });

export const favouriteStateSchema = z
  .object({ is_favourited: z.boolean(), favourite_count: z.number().int() })
  .meta({ id: 'FavouriteState' });
export type FavouriteState = z.infer<typeof favouriteStateSchema>;

export const followStateSchema = z
  .object({ is_followed: z.boolean(), follower_count: z.number().int() })
  .meta({ id: 'FollowState' });
export type FollowState = z.infer<typeof followStateSchema>;

export const blockStateSchema = z.object({ is_blocked: z.boolean() }).meta({ id: 'BlockState' });

/** An item on the reporter's /reported-items, with what they said and when. */
export const reportedItemSchema = itemSchema
  .extend({
    report_reason: z.enum(REPORT_REASONS),
    report_note: z.string(),
    reported_date: dateTimeSchema,
  })
  .meta({ id: 'ReportedItem' });
export type ReportedItem = z.infer<typeof reportedItemSchema>;

/** What a page needs to know of the relation between the viewer and the person shown (a block hides them). */
export interface Relation {
  isFollowed: boolean;
}
