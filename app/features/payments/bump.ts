import type { BumpResult, ListingUpkeep } from '../../../contract/listing-upkeep.ts';
import type { FormResult } from '../../lib/form-errors.ts';
import { paymentChoicesOf } from './method-choice.tsx';
import type { PromotedListing } from './promotion.ts';

/** What the bump page of one of the owner's listings needs (issue 23). */
export interface BumpPage {
  listing: PromotedListing;
  upkeep: ListingUpkeep;
  /** One key per form drawn: the same form sent twice makes one payment. */
  idempotencyKey: string;
  /** The longest transfer reference the server takes. */
  referenceMax: number;
}

/** What a sent bump form answers: the bump done (free) or booked and how to pay, or the form's problems. */
export type BumpFormResult = { ok: true; result: BumpResult } | FormResult;

/** How the listing can be bumped now: free, paid, or not (why). */
export function bumpOffer(upkeep: ListingUpkeep) {
  if (upkeep.status !== 1 || upkeep.free_bump_days <= 0) return 'unavailable' as const;
  if (upkeep.free_bumps_left > 0) return 'free' as const;
  const sold = Number.parseFloat(upkeep.bump_amount) > 0 && paymentChoicesOf(upkeep).length > 0;
  return sold ? ('paid' as const) : ('noneLeft' as const);
}
