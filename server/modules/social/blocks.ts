import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { PageWindow } from '../../../contract/pages.ts';
import type { Paged } from '../../../contract/paging.ts';
import type { User } from '../../../contract/users.ts';
import type { Db, Tx } from '../../kernel/database.ts';
import type { EventBus, Publish } from '../../kernel/events.ts';
import { toPage } from '../../kernel/paging.ts';
import type { ItemsService } from '../items/index.ts';
import type { UsersService } from '../users/index.ts';
import { isSelf } from './policy.ts';
import { cannotActOnSelf, userNotFound } from './refusals.ts';
import { blocks, favourites, follows } from './schema.ts';
import { blockBetween } from './ties.ts';

/**
 * Blocking (SPEC.md 2 confirm dialogs, issue 11): a blocked pair cannot follow each other, favourite each
 * other's items or chat, and neither sees the other's items, profile or reviews. Blocking ends what they had:
 * follows both ways and favourites of each other's items (their counters follow from the events).
 */
export class Blocks {
  private readonly db: Db;
  private readonly events: EventBus;
  private readonly users: UsersService;
  private readonly items: ItemsService;

  constructor(db: Db, events: EventBus, users: UsersService, items: ItemsService) {
    this.db = db;
    this.events = events;
    this.users = users;
    this.items = items;
  }

  /** Whether the two are in a block, whichever of them blocked. */
  async inBlock(userId: string, otherId: string): Promise<boolean> {
    const result = await this.db.execute<{ found: boolean }>(sql`select ${blockBetween(userId, otherId)} as found`);
    return Boolean(result.rows[0]?.found);
  }

  /** `blocker` blocks (or unblocks) `blockedId`, an existing account other than their own; repeating changes nothing. */
  async setBlocked(blocker: { userId: string }, blockedId: string, block: boolean): Promise<{ is_blocked: boolean }> {
    if (isSelf(blocker.userId, blockedId)) throw cannotActOnSelf();
    if (!(await this.users.exists(blockedId))) throw userNotFound();
    const pair = { blockerId: blocker.userId, blockedId };
    await this.events.transaction(this.db, async (tx, publish) => {
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
      await this.endTiesBetween(tx, pair.blockerId, blockedId, publish);
      publish('user.blocked', pair);
    });
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

  /** Follows both ways and favourites of each other's items end with a block; each removal is published for its counter. */
  private async endTiesBetween(tx: Tx, a: string, b: string, publish: Publish) {
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
    const { listings } = this.items;
    const unfavourited = await tx
      .delete(favourites)
      .where(
        or(
          and(eq(favourites.userId, a), sql`${favourites.itemId} in ${listings.idsOfSeller(b)}`),
          and(eq(favourites.userId, b), sql`${favourites.itemId} in ${listings.idsOfSeller(a)}`),
        ),
      )
      .returning({ userId: favourites.userId, itemId: favourites.itemId });
    for (const favourite of unfavourited) publish('item.unfavourited', favourite);
  }
}
