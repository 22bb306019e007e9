import { and, eq, gt, sql } from 'drizzle-orm';
import { formatWait } from '../../../contract/format.ts';
import type { LanguageCode } from '../../../contract/language.ts';
import type { DbOrTx } from '../../kernel/database.ts';
import { AppError } from '../../kernel/errors.ts';
import { items } from './schema.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Refuses a new listing past `limit` in 24 hours, counted from the account's own rows (deleted ones too, so
 * deleting and posting again makes no room), saying when the next one may be posted. Call inside the posting
 * transaction: the lock per account makes parallel posts wait for each other's count.
 */
export async function checkDailyListings(
  tx: DbOrTx,
  userId: string,
  limit: number,
  language: LanguageCode,
  now = new Date(),
) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`items-posted:${userId}`}, 0))`);
  const [posted] = await tx
    .select({ count: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${items.addedDate})` })
    .from(items)
    .where(and(eq(items.addedUserId, userId), gt(items.addedDate, new Date(now.getTime() - DAY_MS))));
  if (!posted || posted.count < limit) return;
  const nextAt = (posted.oldest ? new Date(posted.oldest).getTime() : now.getTime()) + DAY_MS;
  const minutes = Math.max(1, Math.ceil((nextAt - now.getTime()) / 60_000));
  const wait = formatWait(minutes, language);
  throw new AppError(429, 'api.itemDailyLimit', { values: { limit, wait }, retryAfterSeconds: minutes * 60 });
}
