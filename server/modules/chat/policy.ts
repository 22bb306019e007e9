import type { ChatRole } from '../../../contract/chat.ts';
import { isClosedDeal, OFFER_STATUS } from '../../../contract/offers.ts';

export interface Participants {
  buyerUserId: string;
  sellerUserId: string;
}

/** The asker's side of the conversation, or null when they are not in it. */
export function roleOf(chat: Participants, userId: string): ChatRole | null {
  if (chat.buyerUserId === userId) return 'buyer';
  if (chat.sellerUserId === userId) return 'seller';
  return null;
}

export const otherPartyOf = (chat: Participants, userId: string) =>
  chat.buyerUserId === userId ? chat.sellerUserId : chat.buyerUserId;

/** The buyer may offer (again) until an offer is accepted or the item changed hands. */
export const mayOffer = (status: number) => status !== OFFER_STATUS.accept && !isClosedDeal(status);

/** The seller decides only an open offer. */
export const mayDecide = (status: number) => status === OFFER_STATUS.offer;

/** A conversation may end in a sale once: not after this buyer bought it. */
export const mayMarkSold = (status: number) => status !== OFFER_STATUS.bought;
