import type { Db } from './kernel/database.ts';
import type { JobQueue } from './kernel/jobs.ts';
import { repairUnreadCounts } from './modules/chat/index.ts';
import { repairItemCounters } from './modules/items/index.ts';
import { ratingTotals } from './modules/ratings/index.ts';
import { socialCounts, socialTies } from './modules/social/index.ts';
import { type AccountCounts, repairUserCounters } from './modules/users/index.ts';

export const REPAIR_COUNTERS_JOB = 'counters.repair' as const;

declare module './kernel/jobs.ts' {
  interface JobPayloads {
    'counters.repair': Record<string, never>;
  }
}

/** The counts an account row keeps, from the social and ratings modules' rows (users' AccountCounts). */
export const accountCounts: AccountCounts = {
  followers: socialCounts.followersOf,
  following: socialCounts.followingOf,
  ratingAverage: ratingTotals.averageOf,
  ratingCount: ratingTotals.countOf,
};

/** How many rows each repair corrected. */
export interface CounterRepair {
  listings: number;
  accounts: number;
  conversations: number;
}

/**
 * Every counter kept on a row (favourite, follower, following, rating, unread) counted again from the rows it
 * counts, where they differ. Follow-ups keep them right as writes happen; this repairs what an operator's hand,
 * a restored backup or a bug left behind. Nightly, and `npm run counters:repair` on demand.
 */
export async function repairCounters(db: Db): Promise<CounterRepair> {
  return {
    listings: await repairItemCounters(db, socialTies),
    accounts: await repairUserCounters(db, accountCounts),
    conversations: await repairUnreadCounts(db),
  };
}

/** The nightly repair (a pg-boss schedule: one run across all instances). */
export async function scheduleCounterRepair(jobs: JobQueue, db: Db, log: (repair: CounterRepair) => void) {
  jobs.work(REPAIR_COUNTERS_JOB, async () => log(await repairCounters(db)), { timeoutSeconds: 3600, attempts: 2 });
  await jobs.every(REPAIR_COUNTERS_JOB, '43 3 * * *');
}
