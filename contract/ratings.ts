/** The stars a rating may give (SPEC.md 9). */
export const RATING_MIN = 1;
export const RATING_MAX = 5;
