import { z } from 'zod';
import { MODERATION_DECISIONS } from '../../../contract/item-basics.ts';
import { MAX_REASON_LENGTH, NEEDS_REASON } from './decision.ts';

// Apart from decision.ts, which the queue's rows load: these rules are only the action's (server) business.

/** A moderation decision as the queue's forms post it; reject and disable need a reason. */
export const decisionFormSchema = z
  .object({
    item_id: z.string().trim().min(1).max(100),
    decision: z.enum(MODERATION_DECISIONS),
    reason: z.string().trim().max(MAX_REASON_LENGTH, 'validation.tooLong').optional().default(''),
  })
  .superRefine((value, context) => {
    if (NEEDS_REASON.has(value.decision) && !value.reason) {
      context.addIssue({ code: 'custom', path: ['reason'], message: 'validation.required' });
    }
  });
export type DecisionForm = z.output<typeof decisionFormSchema>;

/** One decision for the listings ticked in the queue (at most a page and then some). */
export const bulkDecisionFormSchema = z
  .object({
    item_ids: z.array(z.uuid()).min(1, 'validation.required').max(50, 'validation.outOfRange'),
    decision: z.enum(MODERATION_DECISIONS),
    reason: z.string().trim().max(MAX_REASON_LENGTH, 'validation.tooLong').optional().default(''),
  })
  .superRefine((value, context) => {
    if (NEEDS_REASON.has(value.decision) && !value.reason) {
      context.addIssue({ code: 'custom', path: ['reason'], message: 'validation.required' });
    }
  });
