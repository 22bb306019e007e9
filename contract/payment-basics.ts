// Payment constants without schemas: console pages load these, so they must not bring zod along.
// contract/payments.ts re-exports them with the payment schemas.

/** The console's payments list (issue 24): those waiting for an operator's approval, or all, the latest first. */
export const CONSOLE_PAYMENT_FILTERS = ['pending_review', 'all'] as const;
export type ConsolePaymentFilter = (typeof CONSOLE_PAYMENT_FILTERS)[number];

/** How many cards one account may keep saved at the card provider (issue 23 point 4). */
export const SAVED_CARDS_MAX = 10;
