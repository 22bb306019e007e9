import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { users } from '../../db/schema/index.ts';
import type { EventBus } from '../../kernel/events.ts';

/** Events of the users module, published after the account's row changed. */
declare module '../../kernel/events.ts' {
  interface DomainEvents {
    /** The owner deactivated the account for good: it may no longer hold a session. */
    'user.deactivated': { userId: string };
    /** An administrator banned the account: it may no longer hold a session. */
    'user.banned': { userId: string };
  }
}

/**
 * The counters other modules' writes change on accounts: the users module owns the table, so it keeps them,
 * from the events those modules publish once their write has committed.
 */
export function registerUserCounters(events: EventBus, db: Db) {
  events.on('user.followed', ({ followerId, followedId }) => countFollow(db, followerId, followedId, 1));
  events.on('user.unfollowed', ({ followerId, followedId }) => countFollow(db, followerId, followedId, -1));
  events.on('user.rated', async ({ userId, overallRating, ratingCount }) => {
    await db
      .update(users)
      .set({ overallRating: String(overallRating), ratingCount })
      .where(eq(users.id, userId));
  });
}

async function countFollow(db: Db, followerId: string, followedId: string, change: 1 | -1) {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ followerCount: sql`greatest(${users.followerCount} + ${change}, 0)` })
      .where(eq(users.id, followedId));
    await tx
      .update(users)
      .set({ followingCount: sql`greatest(${users.followingCount} + ${change}, 0)` })
      .where(eq(users.id, followerId));
  });
}
