/**
 * Who may do what to whom (issue 11), as pure predicates. Whether a listing may be favourited or reported is
 * the items module's visibility rule (mayActOn); these are the rules between people.
 */

/**
 * A report's state: open; closed by an operator who kept the listing (the report was dismissed) or removed it
 * (upheld); or closed because the owner deleted the listing, which proves nothing either way.
 */
export const REPORT_STATUS = { open: 0, kept: 1, removed: 2, withdrawn: 3 } as const;

/** One never favourites, reports, follows or blocks oneself. */
export const isSelf = (userId: string, otherId: string) => userId === otherId;

/** The age at which an account's reports count in full, all else being equal. */
export const TRUSTED_ACCOUNT_DAYS = 30;
/** How much each upheld report makes up for an account's youth. */
const UPHELD_AGE_CREDIT = 0.25;
/** An unproven phone halves a reporter's weight: throw-away accounts rarely prove one. */
const UNPROVEN_PHONE_FACTOR = 0.5;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface Reporter {
  addedDate: Date;
  phoneVerify: boolean;
  isBanned: boolean;
}

/** A reporter's closed reports: upheld (the listing was removed) and dismissed (it was kept). */
export interface ReportHistory {
  upheld: number;
  dismissed: number;
}

/**
 * How much one person's report counts towards holding a listing (issue 24), from 0 to 1: a month-old account
 * with a proven phone and no dismissed reports weighs 1. Youth counts for little until upheld reports make up
 * for it; each dismissed report lowers the weight of all of the reporter's reports, open ones too.
 */
export function reporterWeight(reporter: Reporter, history: ReportHistory, now = new Date()): number {
  if (reporter.isBanned) return 0;
  const ageDays = Math.max(0, now.getTime() - reporter.addedDate.getTime()) / DAY_MS;
  const seniority = Math.min(1, ageDays / TRUSTED_ACCOUNT_DAYS + UPHELD_AGE_CREDIT * history.upheld);
  const phone = reporter.phoneVerify ? 1 : UNPROVEN_PHONE_FACTOR;
  const record = (history.upheld + 1) / (history.upheld + history.dismissed + 1);
  return seniority * phone * record;
}

/**
 * A listing is held for review once its open reports weigh `threshold` trusted reporters together; a
 * threshold of 0 never holds one.
 */
export const reachesThreshold = (openWeight: number, threshold: number) =>
  threshold > 0 && openWeight >= threshold - 1e-9;
