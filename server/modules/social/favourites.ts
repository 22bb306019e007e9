import { and, eq, sql } from 'drizzle-orm';
import type { ItemOfView, ItemView } from '../../../contract/items.ts';
import type { LanguageCode } from '../../../contract/language.ts';
import type { PageWindow } from '../../../contract/pages.ts';
import type { Paged } from '../../../contract/paging.ts';
import type { Viewer } from '../../../contract/session.ts';
import type { FavouriteState } from '../../../contract/social.ts';
import { type Db, latestFirst } from '../../kernel/database.ts';
import type { EventBus } from '../../kernel/events.ts';
import { toPage } from '../../kernel/paging.ts';
import { type ItemsService, mayActOn } from '../items/index.ts';
import type { Blocks } from './blocks.ts';
import { itemForViewer } from './item-for-viewer.ts';
import { isSelf } from './policy.ts';
import { cannotActOnSelf, itemNotFound } from './refusals.ts';
import { favourites } from './schema.ts';
import { blockBetween, socialCounts, socialTies } from './ties.ts';

/** Favourite listings (SPEC.md 4 toggles): the listing's favourite_count follows from the events published here. */
export class Favourites {
  private readonly db: Db;
  private readonly events: EventBus;
  private readonly items: ItemsService;
  private readonly blocks: Blocks;

  constructor(db: Db, events: EventBus, items: ItemsService, blocks: Blocks) {
    this.db = db;
    this.events = events;
    this.items = items;
    this.blocks = blocks;
  }

  /**
   * `viewer` keeps (or stops keeping) the listing as a favourite. Keeping needs a listing they may act on
   * (items' visibility rule); letting go is always allowed. Asking for the state already held changes nothing.
   */
  async setFavourite(viewer: { userId: string }, itemId: string, favourite: boolean): Promise<FavouriteState> {
    const found = await itemForViewer(this.items, this.blocks, itemId, viewer.userId);
    if (!found || found.listing.deletedAt) throw itemNotFound();
    if (favourite) {
      if (isSelf(viewer.userId, found.listing.addedUserId)) throw cannotActOnSelf();
      if (!mayActOn(viewer, found.listing, found.ties)) throw itemNotFound();
    }
    await this.events.transaction(this.db, async (tx, publish) => {
      const pair = { userId: viewer.userId, itemId };
      if (favourite) {
        const added = await tx.insert(favourites).values(pair).onConflictDoNothing().returning();
        if (added.length > 0) publish('item.favourited', pair);
      } else {
        const removed = await tx
          .delete(favourites)
          .where(and(eq(favourites.userId, viewer.userId), eq(favourites.itemId, itemId)))
          .returning();
        if (removed.length > 0) publish('item.unfavourited', pair);
      }
    });
    return this.state(viewer.userId, itemId);
  }

  /** The answer counts the rows itself: the listing's favourite_count follows a moment later (a follow-up). */
  private async state(userId: string, itemId: string): Promise<FavouriteState> {
    const result = await this.db.execute<{ count: number; mine: boolean }>(
      sql`select ${socialCounts.favouritesOf(itemId)} as count, ${socialTies.favouriteOf(userId, itemId)} as mine`,
    );
    const row = result.rows[0];
    return { is_favourited: Boolean(row?.mine), favourite_count: row?.count ?? 0 };
  }

  /** The viewer's favourites they may still see (sold ones included), the latest kept first. */
  async list<V extends ItemView>(
    viewer: Viewer,
    page: PageWindow,
    language: LanguageCode,
    view: V,
  ): Promise<Paged<ItemOfView<V>>> {
    const listings = this.items.listings.listedFor(viewer.userId);
    const rows = await this.db
      .select({ id: favourites.itemId })
      .from(favourites)
      .innerJoin(listings, eq(listings.id, favourites.itemId))
      .where(eq(favourites.userId, viewer.userId))
      .orderBy(latestFirst(favourites.addedDate), latestFirst(favourites.itemId))
      .limit(page.limit + 1)
      .offset(page.offset);
    const cards = await this.items.cardsOf(
      rows.map((row) => row.id),
      viewer,
      language,
      view,
    );
    return toPage(cards, page.limit, page.offset);
  }

  /** Everyone keeping the listing, but its owner and those in a block with the owner. */
  async keepersOf(itemId: string, ownerId: string): Promise<string[]> {
    const rows = await this.db
      .select({ userId: favourites.userId })
      .from(favourites)
      .where(and(eq(favourites.itemId, itemId), sql`not ${blockBetween(favourites.userId, ownerId)}`));
    return rows.map((row) => row.userId).filter((userId) => userId !== ownerId);
  }
}
