import { and, eq, gt, sql } from 'drizzle-orm';
import type { LanguageCode } from '../../../contract/language.ts';
import { type AccountLimit, DAY_MS, lockAccountCounter, refuseAtLimit } from '../../kernel/account-limits.ts';
import type { DbOrTx } from '../../kernel/database.ts';
import { items } from './schema.ts';

export interface PostingRules {
  /** The daily limit that applies to this account (policy.ts dailyListingRule). */
  daily: Omit<AccountLimit, 'windowMs'>;
  /** How many of an account's first listings wait for an admin (0: none). */
  firstReviewed: number;
}

/**
 * Refuses a new listing past the daily limit, counted from the account's own rows (deleted ones too, so
 * deleting and posting again makes no room), saying when the next one may be posted; answers whether the new
 * one is among the account's first listings that an admin reviews. Call inside the posting transaction: the
 * lock per account makes parallel posts wait for each other's count.
 */
export async function checkPostingAllowance(
  tx: DbOrTx,
  userId: string,
  rules: PostingRules,
  language: LanguageCode,
  now = new Date(),
): Promise<{ amongFirstReviewed: boolean }> {
  await lockAccountCounter(tx, 'items-posted', userId);
  if (rules.daily.limit > 0) {
    const since = new Date(now.getTime() - DAY_MS);
    const [posted] = await tx
      .select({
        count: sql<number>`count(*)::int`,
        oldest: sql<string | null>`min(coalesce(${items.postedAt}, ${items.addedDate}))`,
      })
      .from(items)
      .where(
        and(
          eq(items.addedUserId, userId),
          gt(items.addedDate, since),
          // A bump moves added_date (never back): a bumped listing counts by when it was posted.
          sql`coalesce(${items.postedAt}, ${items.addedDate}) > ${since}`,
        ),
      );
    refuseAtLimit(posted ?? { count: 0, oldest: null }, { ...rules.daily, windowMs: DAY_MS }, language, now);
  }
  if (rules.firstReviewed <= 0) return { amongFirstReviewed: false };
  const earlier = await tx
    .select({ id: items.id })
    .from(items)
    .where(eq(items.addedUserId, userId))
    .limit(rules.firstReviewed);
  return { amongFirstReviewed: earlier.length < rules.firstReviewed };
}
