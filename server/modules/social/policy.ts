/**
 * Who may do what to whom (issue 11), as pure predicates. Whether a listing may be favourited or reported is
 * the items module's visibility rule (mayActOn); these are the rules between people.
 */

export const REPORT_STATUS = { open: 0, kept: 1, removed: 2 } as const;

/** One never favourites, reports, follows or blocks oneself. */
export const isSelf = (userId: string, otherId: string) => userId === otherId;

/** A listing is held for review once this many distinct people have open reports on it. */
export const reachesThreshold = (openReports: number, threshold: number) => threshold > 0 && openReports >= threshold;
