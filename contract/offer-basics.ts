// Offer states without schemas: the chat screens load these, so they must not bring zod along.
// contract/offers.ts re-exports them with the offer schemas.

/** An offer's state, kept in a chat's `is_accept` (SPEC.md 4 "Chat and offer status"). */
export const OFFER_STATUS = { none: 0, offer: 1, reject: 2, accept: 3, sold: 4, bought: 5 } as const;
export type OfferStatus = (typeof OFFER_STATUS)[keyof typeof OFFER_STATUS];

/** Whether the item changed hands in this conversation's state: nothing more may be offered. */
export const isClosedDeal = (status: number) => status === OFFER_STATUS.sold || status === OFFER_STATUS.bought;

export const OFFER_LIST_TABS = ['received', 'sent'] as const;
export type OfferListTab = (typeof OFFER_LIST_TABS)[number];
