import { and, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { PageWindow } from '../../../contract/pages.ts';
import type { Paged } from '../../../contract/paging.ts';
import type { User } from '../../../contract/users.ts';
import type { Db } from '../../db/database.ts';
import { blocks, favourites, follows, items, users } from '../../db/schema/index.ts';
import type { EventBus, Publish } from '../../kernel/events.ts';
import { toPage } from '../../kernel/paging.ts';
import { blockBetween } from '../items/index.ts';
import type { UsersService } from '../users/index.ts';
import { isSelf } from './policy.ts';
import { cannotActOnSelf, userNotFound } from './refusals.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Blocking (SPEC.md 2 confirm dialogs, issue 11): a blocked pair cannot follow each other, favourite each
 * other's items or chat, and neither sees the other's items, profile or reviews. Blocking ends what they had:
 * follows both ways and favourites of each other's items (their counters follow from the events).
 */
export class Blocks {
  private readonly db: Db;
  private readonly events: EventBus;
  private readonly users: UsersService;

  constructor(db: Db, events: EventBus, users: UsersService) {
    this.db = db;
    this.events = events;
    this.users = users;
  }

  /** Whether the two are in a block, whichever of them blocked. */
  async inBlock(userId: string, otherId: string): Promise<boolean> {
    const result = await this.db.execute<{ found: boolean }>(
      sql`select ${blockBetween(sql`${userId}`, sql`${otherId}`)} as found`,
    );
    return Boolean(result.rows[0]?.found);
  }

  /** The same as a condition on a column of another query. */
  inBlockSql(userId: string, other: AnyPgColumn): SQL {
    return blockBetween(sql`${userId}`, sql`${other}`);
  }

  /** `blocker` blocks (or unblocks) `blockedId`, an existing account other than their own; repeating changes nothing. */
  async setBlocked(blocker: { userId: string }, blockedId: string, block: boolean): Promise<{ is_blocked: boolean }> {
    if (isSelf(blocker.userId, blockedId)) throw cannotActOnSelf();
    const [account] = await this.db.select({ id: users.id }).from(users).where(eq(users.id, blockedId));
    if (!account) throw userNotFound();
    const pair = { blockerId: blocker.userId, blockedId };
    await this.events.afterCommit((publish) =>
      this.db.transaction(async (tx) => {
        if (!block) {
          const removed = await tx
            .delete(blocks)
            .where(and(eq(blocks.blockerId, pair.blockerId), eq(blocks.blockedId, blockedId)))
            .returning();
          if (removed.length > 0) publish('user.unblocked', pair);
          return;
        }
        const added = await tx.insert(blocks).values(pair).onConflictDoNothing().returning();
        if (added.length === 0) return;
        await endTiesBetween(tx, pair.blockerId, blockedId, publish);
        publish('user.blocked', pair);
      }),
    );
    return { is_blocked: block };
  }

  /** The people `viewer` blocked, newest first (every existing account, so any can be unblocked). */
  async listBlocked(viewer: { userId: string; isAdmin: boolean }, page: PageWindow): Promise<Paged<User>> {
    const rows = await this.db
      .select({ id: blocks.blockedId })
      .from(blocks)
      .where(eq(blocks.blockerId, viewer.userId))
      .orderBy(desc(blocks.addedDate), desc(blocks.blockedId))
      .limit(page.limit + 1)
      .offset(page.offset);
    const ids = rows.map((row) => row.id);
    const cards = await this.users.cardsOf(ids, viewer, { followed: new Set(), includeHidden: true });
    return toPage(cards, page.limit, page.offset);
  }
}

/** Follows both ways and favourites of each other's items end with a block; each removal is published for its counter. */
async function endTiesBetween(tx: Tx, a: string, b: string, publish: Publish) {
  const unfollowed = await tx
    .delete(follows)
    .where(
      or(
        and(eq(follows.followerId, a), eq(follows.followedId, b)),
        and(eq(follows.followerId, b), eq(follows.followedId, a)),
      ),
    )
    .returning({ followerId: follows.followerId, followedId: follows.followedId });
  for (const pair of unfollowed) publish('user.unfollowed', pair);
  const ofEachOther = sql`(${favourites.userId} = ${a} and ${items.addedUserId} = ${b}) or (${favourites.userId} = ${b} and ${items.addedUserId} = ${a})`;
  const unfavourited = await tx
    .delete(favourites)
    .where(
      sql`(${favourites.userId}, ${favourites.itemId}) in (select ${favourites.userId}, ${favourites.itemId} from ${favourites} join ${items} on ${items.id} = ${favourites.itemId} where ${ofEachOther})`,
    )
    .returning({ userId: favourites.userId, itemId: favourites.itemId });
  for (const favourite of unfavourited) publish('item.unfavourited', favourite);
}
