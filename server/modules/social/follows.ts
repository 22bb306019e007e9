import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PageWindow } from '../../../contract/pages.ts';
import type { Paged } from '../../../contract/paging.ts';
import type { FollowState } from '../../../contract/social.ts';
import type { User } from '../../../contract/users.ts';
import { type Db, latestFirst } from '../../kernel/database.ts';
import type { EventBus } from '../../kernel/events.ts';
import { toPage } from '../../kernel/paging.ts';
import { isPublicAccount, type UsersService } from '../users/index.ts';
import type { Blocks } from './blocks.ts';
import { isSelf } from './policy.ts';
import { blockedPair, cannotActOnSelf, userNotFound } from './refusals.ts';
import { follows } from './schema.ts';
import { blockBetween, socialCounts } from './ties.ts';

type Asker = { userId: string; isAdmin: boolean };

/** Who follows whom (SPEC.md 4 toggles); the counts on the accounts follow from the events published here. */
export class Follows {
  private readonly db: Db;
  private readonly events: EventBus;
  private readonly users: UsersService;
  private readonly blocks: Blocks;

  constructor(db: Db, events: EventBus, users: UsersService, blocks: Blocks) {
    this.db = db;
    this.events = events;
    this.users = users;
    this.blocks = blocks;
  }

  async isFollowing(followerId: string, followedId: string) {
    const [row] = await this.db
      .select({ followerId: follows.followerId })
      .from(follows)
      .where(and(eq(follows.followerId, followerId), eq(follows.followedId, followedId)));
    return Boolean(row);
  }

  /** The ids among `userIds` that `followerId` follows. */
  async followedAmong(followerId: string, userIds: string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const rows = await this.db
      .select({ id: follows.followedId })
      .from(follows)
      .where(and(eq(follows.followerId, followerId), inArray(follows.followedId, userIds)));
    return new Set(rows.map((row) => row.id));
  }

  /**
   * `follower` follows (or stops following) `followedId`, a public account other than their own and not in a
   * block with them; asking for the state already held changes nothing.
   */
  async setFollowing(follower: { userId: string }, followedId: string, follow: boolean): Promise<FollowState> {
    if (isSelf(follower.userId, followedId)) throw cannotActOnSelf();
    if (follow) {
      if (!(await this.users.isPublic(followedId))) throw userNotFound();
      if (await this.blocks.inBlock(follower.userId, followedId)) throw blockedPair();
    }
    await this.events.transaction(this.db, async (tx, publish) => {
      const pair = { followerId: follower.userId, followedId };
      if (follow) {
        const added = await tx.insert(follows).values(pair).onConflictDoNothing().returning();
        if (added.length > 0) publish('user.followed', pair);
      } else {
        const removed = await tx
          .delete(follows)
          .where(and(eq(follows.followerId, follower.userId), eq(follows.followedId, followedId)))
          .returning();
        if (removed.length > 0) publish('user.unfollowed', pair);
      }
    });
    // Counted from the rows: the account's follower_count follows a moment later (a follow-up).
    const result = await this.db.execute<{ count: number }>(
      sql`select ${socialCounts.followersOf(followedId)} as count`,
    );
    return {
      is_followed: await this.isFollowing(follower.userId, followedId),
      follower_count: result.rows[0]?.count ?? 0,
    };
  }

  /** The people following `userId` (`direction` followers), or followed by them (following), newest first. */
  async list(
    userId: string,
    direction: 'followers' | 'following',
    viewer: Asker | null,
    page: PageWindow,
  ): Promise<Paged<User>> {
    await this.users.profile(userId, viewer); // 404 for an account the viewer may not see (a block included)
    const [mine, theirs] =
      direction === 'followers' ? [follows.followedId, follows.followerId] : [follows.followerId, follows.followedId];
    const conditions = [eq(mine, userId), isPublicAccount(theirs)];
    if (viewer) conditions.push(sql`not ${blockBetween(viewer.userId, theirs)}`);
    const rows = await this.db
      .select({ id: theirs })
      .from(follows)
      .where(and(...conditions))
      .orderBy(latestFirst(follows.addedDate), latestFirst(theirs))
      .limit(page.limit + 1)
      .offset(page.offset);
    const ids = rows.map((row) => row.id);
    const followed = viewer ? await this.followedAmong(viewer.userId, ids) : new Set<string>();
    return toPage(await this.users.cardsOf(ids, viewer, { followed }), page.limit, page.offset);
  }
}
