// Rating limits without schemas: the review screens load these, so they must not bring zod along.
// contract/ratings.ts re-exports them with the review schemas.

/** The stars a rating may give (SPEC.md 9). */
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const REVIEW_TEXT_LIMITS = { title: 100, message: 1000 } as const;
