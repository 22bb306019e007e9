import { z } from 'zod';
import { BADGE_KINDS, MAX_APPLICATION_NOTE, MAX_DECISION_REASON } from './application-basics.ts';
import { VALIDATION } from './field-basics.ts';
import { dateTimeSchema } from './fields.ts';

export { BADGE_KINDS, type BadgeKind, MAX_APPLICATION_NOTE, MAX_DECISION_REASON } from './application-basics.ts';

export const APPLICATION_STATUS = { pending: 0, approved: 1, rejected: 2, cancelled: 3 } as const;
export const APPLICATION_STATUS_NAMES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type ApplicationStatusName = (typeof APPLICATION_STATUS_NAMES)[number];

/** What an applicant writes (SPEC.md 5 "Blue mark: note required"); dealership adds a PDF certificate. */
export const applicationNoteSchema = z.object({
  note: z.string().trim().min(1, VALIDATION.blueMarkNote).max(MAX_APPLICATION_NOTE, 'validation.tooLong'),
});

/** An application as its applicant and the operators see it. */
export const badgeApplicationSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(BADGE_KINDS),
    user_id: z.string(),
    user_name: z.string(),
    note: z.string(),
    has_certificate: z.boolean(),
    status: z.enum(APPLICATION_STATUS_NAMES),
    reason: z.string().nullable().describe("An operator's reason for refusing it"),
    added_date: dateTimeSchema,
    decided_date: dateTimeSchema.nullable(),
  })
  .meta({ id: 'BadgeApplication' });
export type BadgeApplication = z.infer<typeof badgeApplicationSchema>;

/** An account's standing for each badge: whether it holds it, and its latest application. */
export const badgeStandingSchema = z
  .object({
    blue_mark: z.object({ held: z.boolean(), latest: badgeApplicationSchema.nullable() }),
    dealership: z.object({ held: z.boolean(), latest: badgeApplicationSchema.nullable() }),
  })
  .meta({ id: 'BadgeStanding' });
export type BadgeStanding = z.infer<typeof badgeStandingSchema>;

export const APPLICATION_DECISIONS = ['approve', 'reject'] as const;
export type ApplicationDecision = (typeof APPLICATION_DECISIONS)[number];

/** An operator's decision; a refusal says why. */
export const applicationDecisionSchema = z
  .object({
    decision: z.enum(APPLICATION_DECISIONS),
    reason: z.string().trim().max(MAX_DECISION_REASON, 'validation.tooLong').optional(),
  })
  .superRefine((value, context) => {
    if (value.decision === 'reject' && !value.reason) {
      context.addIssue({ code: 'custom', path: ['reason'], message: 'validation.required' });
    }
  });
export type ApplicationDecisionInput = z.infer<typeof applicationDecisionSchema>;
