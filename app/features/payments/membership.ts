import type { Membership, MembershipOptions, MembershipStart } from '../../../contract/memberships.ts';
import type { FormResult } from '../../lib/form-errors.ts';
import { paymentChoicesOf } from './method-choice.tsx';

/** What the membership page needs (SPEC.md 1, 3): the plan on sale, the viewer's own, and the buy form's setup. */
export interface MembershipPage {
  options: MembershipOptions;
  /** The viewer's memberships, the latest first. */
  history: Membership[];
  /** One key per form drawn: the same form sent twice makes one payment. */
  idempotencyKey: string;
  /** The server's now: which memberships have started or ended, the same on the server and in the browser. */
  now: number;
  /** The longest transfer reference the server takes. */
  referenceMax: number;
}

/** What a sent membership form answers: the membership booked and how to pay, or the form's problems. */
export type BuyMembershipResult = { ok: true; start: MembershipStart } | FormResult;

/** Why the membership cannot be bought now, or null when it can. */
export function unavailableReason(options: MembershipOptions) {
  if (!(options.days > 0 && Number.parseFloat(options.amount) > 0)) return 'off' as const;
  if (paymentChoicesOf(options).length === 0) return 'noMethods' as const;
  return null;
}

export type MembershipState = Membership['status'] | 'upcoming' | 'ended';

/** How a membership stands at `now`: an active one has not started yet, runs, or has ended. */
export function stateOf(membership: Membership, now: number): MembershipState {
  if (membership.status !== 'active') return membership.status;
  if (membership.start_date && Date.parse(membership.start_date) > now) return 'upcoming';
  if (membership.end_date && Date.parse(membership.end_date) <= now) return 'ended';
  return 'active';
}
