/** An offer's state, kept in a chat's `is_accept` (SPEC.md 4). */
export const OFFER_STATUS = { none: 0, offer: 1, reject: 2, accept: 3, sold: 4, bought: 5 } as const;
