// The constants of an account's lists in the console, without schemas: pages load these, so they must not bring
// zod along. contract/console-account.ts re-exports them with the schemas.

/** How many rows each list of the console's account page shows at once (issue 24); "Load more" asks for the next. */
export const ACCOUNT_LIST_SIZE = 20;

/** What became of a report: still open, dismissed (the listing kept), upheld (removed), or withdrawn (deleted). */
export const REPORT_OUTCOMES = ['open', 'dismissed', 'upheld', 'withdrawn'] as const;
export type ReportOutcome = (typeof REPORT_OUTCOMES)[number];

/** Which of an account's reports: those it made, or those made of its listings. */
export const REPORT_DIRECTIONS = ['made', 'received'] as const;
export type ReportDirection = (typeof REPORT_DIRECTIONS)[number];

/** What a payment is for, how it was made and where it stands (server/modules/payments/schema.ts, SPEC.md 9). */
export const PAYMENT_PURPOSES = ['promotion', 'membership', 'bid_fee', 'upload_fee', 'bidding'] as const;
export const PAYMENT_METHODS = ['paypal', 'stripe', 'razor', 'offline', 'paystack', 'In_App_Purchase'] as const;
export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'refunded'] as const;
