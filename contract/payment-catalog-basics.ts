// Payment catalogue constants without schemas: pages load these, so they must not bring zod along.
// contract/payment-catalog.ts re-exports them with the schemas.

/** The pictures an offline method may carry (app/features/payments/method-choice.tsx draws them). */
export const OFFLINE_METHOD_ICONS = ['landmark', 'banknote', 'wallet'] as const;

/** A coupon takes a percent off, or an amount off a price in its currency. */
export const COUPON_KINDS = ['percent', 'amount'] as const;

/** The console's paid ads: those running now (the soonest to end first), or all (the latest first). */
export const CONSOLE_PAID_AD_FILTERS = ['running', 'all'] as const;
export type ConsolePaidAdFilter = (typeof CONSOLE_PAID_AD_FILTERS)[number];
