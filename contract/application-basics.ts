// Badge application constants without schemas: pages load these, so they must not bring zod along.
// contract/applications.ts re-exports them with the schemas.

/** The badges an account applies for (SPEC.md 1, 6): the blue mark, and verified dealer with a certificate. */
export const BADGE_KINDS = ['blue_mark', 'dealership'] as const;
export type BadgeKind = (typeof BADGE_KINDS)[number];

export const MAX_APPLICATION_NOTE = 1000;
export const MAX_DECISION_REASON = 500;
