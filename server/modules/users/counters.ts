import { asc, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../kernel/database.ts';
import type { EventBus } from '../../kernel/events.ts';
import { users } from './schema.ts';

type Column = SQL | AnyPgColumn;

/**
 * The counts kept on account rows, as SQL over an account's id: follows belong to the social module, reviews to
 * ratings, both after users in the module order (services.ts hands them in).
 */
export interface AccountCounts {
  followers(userId: Column): SQL<number>;
  following(userId: Column): SQL<number>;
  ratingAverage(userId: Column): SQL<string>;
  ratingCount(userId: Column): SQL<number>;
}

/** Events of the users module, published with the account's row change. */
declare module '../../kernel/events.ts' {
  interface DomainEvents {
    /** The owner deactivated the account for good: it may no longer hold a session. */
    'user.deactivated': { userId: string };
    /** An administrator banned the account: it may no longer hold a session. */
    'user.banned': { userId: string };
  }
}

/**
 * follower_count, following_count, overall_rating and rating_count, counted again from the rows once a follow
 * or a review commits (follow-ups: they survive a crash, and counting again is safe to repeat). Each recount
 * locks the accounts first, so the last one to run counts every row committed before it.
 */
export function registerUserCounters(events: EventBus, db: Db, counts: AccountCounts) {
  const follows = ({ followerId, followedId }: { followerId: string; followedId: string }) =>
    recount(db, [followerId, followedId], {
      followerCount: counts.followers(users.id),
      followingCount: counts.following(users.id),
    });
  events.onCommitted('user.followed', 'users.follow-counts', follows);
  events.onCommitted('user.unfollowed', 'users.follow-counts', follows);
  events.onCommitted('user.rated', 'users.rating', ({ userId }) =>
    recount(db, [userId], { overallRating: counts.ratingAverage(users.id), ratingCount: counts.ratingCount(users.id) }),
  );
}

/** Every account's counts, where they differ from the rows (the nightly repair and `npm run counters:repair`). */
export async function repairUserCounters(db: Db, counts: AccountCounts): Promise<number> {
  const wrong = await db
    .select({ id: users.id })
    .from(users)
    .where(
      sql`${users.followerCount} <> ${counts.followers(users.id)} or ${users.followingCount} <> ${counts.following(users.id)}
        or ${users.overallRating} <> ${counts.ratingAverage(users.id)} or ${users.ratingCount} <> ${counts.ratingCount(users.id)}`,
    );
  for (const { id } of wrong) {
    await recount(db, [id], {
      followerCount: counts.followers(users.id),
      followingCount: counts.following(users.id),
      overallRating: counts.ratingAverage(users.id),
      ratingCount: counts.ratingCount(users.id),
    });
  }
  return wrong.length;
}

async function recount(db: Db, userIds: string[], values: Record<string, SQL>) {
  await db.transaction(async (tx) => {
    // Locked first, in one order: the count below then sees every row committed before the lock (READ COMMITTED).
    await tx
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.id, userIds))
      .orderBy(asc(users.id))
      .for('update');
    await tx.update(users).set(values).where(inArray(users.id, userIds));
  });
}
