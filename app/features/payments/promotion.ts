import type { ItemCardView } from '../../../contract/items.ts';
import type { PromotionOptions, PromotionStart } from '../../../contract/promotions.ts';
import type { FormResult } from '../../lib/form-errors.ts';

/** The listing as the Promote form shows it: its card's cover, title and price. */
export type PromotedListing = Pick<
  ItemCardView,
  'id' | 'title' | 'item_name' | 'price' | 'item_currency' | 'default_photo'
>;

/** What the Promote form of a listing needs (SPEC.md 2, 9), or why the listing cannot be promoted now. */
export interface Promotion {
  listing: PromotedListing;
  options: PromotionOptions | null;
  /** The listing is not active (pending, refused or sold): there is nothing to buy. */
  notActive: boolean;
  /** One key per form drawn: the same form sent twice makes one payment. */
  idempotencyKey: string;
  /** The server's now: the start field's default, the same in the server's HTML and the browser's first render. */
  now: number;
  /** The farthest start the server takes. */
  latestStart: number;
  /** The longest transfer reference the server takes. */
  referenceMax: number;
}

/** What a sent Promote form answers: the promotion booked and how to pay, or the form's problems. */
export type PromoteResult = { ok: true; start: PromotionStart } | FormResult;
