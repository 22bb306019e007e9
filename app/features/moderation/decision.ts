import { ITEM_STATUS, type ModerationDecision } from '../../../contract/item-basics.ts';
import type { FormResult } from '../../lib/form-errors.ts';

/** The longest reason an admin may give (shown to the owner under their item). */
export const MAX_REASON_LENGTH = 500;

/** Decisions that tell the owner why: they need a reason. */
export const NEEDS_REASON: ReadonlySet<ModerationDecision> = new Set(['reject', 'disable']);

/** A refused decision posted without JavaScript, to show at its row. */
export type DecisionFailure = FormResult & { values?: { item_id?: string; decision?: string; intent?: string } };

/** The queue's status filter (SPEC.md 4 item status), by name in the address: ?status=pending. */
export const STATUS_FILTERS = ['all', 'pending', 'active', 'rejected', 'disabled', 'expired'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export function statusFilterOf(value: string | null): StatusFilter {
  return (STATUS_FILTERS as readonly string[]).includes(value ?? '') ? (value as StatusFilter) : 'all';
}

/** The status number a filter asks the queue for; null for all (pending first). */
export const statusOfFilter = (filter: StatusFilter): number | null => (filter === 'all' ? null : ITEM_STATUS[filter]);

/** What an admin may decide on an item in each status. */
export function decisionsFor(status: number): ModerationDecision[] {
  switch (status) {
    case ITEM_STATUS.pending:
      return ['approve', 'reject', 'disable'];
    case ITEM_STATUS.active:
      return ['reject', 'disable'];
    case ITEM_STATUS.rejected:
      return ['approve', 'disable'];
    case ITEM_STATUS.disabled:
      return ['enable'];
    case ITEM_STATUS.expired:
      return ['disable'];
    default:
      return [];
  }
}
