import { and, desc, eq, sql } from 'drizzle-orm';
import type { Item } from '../../../contract/items.ts';
import type { LanguageCode } from '../../../contract/language.ts';
import type { PageWindow } from '../../../contract/pages.ts';
import type { Paged } from '../../../contract/paging.ts';
import type { Viewer } from '../../../contract/session.ts';
import type { FavouriteState } from '../../../contract/social.ts';
import type { Db } from '../../db/database.ts';
import { favourites, items } from '../../db/schema/index.ts';
import type { EventBus } from '../../kernel/events.ts';
import { toPage } from '../../kernel/paging.ts';
import { hiddenFromViewer, type ItemsService, sellerIsPublic } from '../items/index.ts';
import { itemForViewer } from './item-for-viewer.ts';
import { isActionable, isSelf } from './policy.ts';
import { cannotActOnSelf, itemNotFound } from './refusals.ts';

/** Favourite listings (SPEC.md 4 toggles): the listing's favourite_count follows from the events published here. */
export class Favourites {
  private readonly db: Db;
  private readonly events: EventBus;
  private readonly items: ItemsService;

  constructor(db: Db, events: EventBus, items: ItemsService) {
    this.db = db;
    this.events = events;
    this.items = items;
  }

  /**
   * `viewer` keeps (or stops keeping) the listing as a favourite. Keeping needs a listing others may act on
   * and not one's own; letting go is always allowed. Asking for the state already held changes nothing.
   */
  async setFavourite(viewer: { userId: string }, itemId: string, favourite: boolean): Promise<FavouriteState> {
    const item = await itemForViewer(this.db, itemId, viewer.userId);
    if (!item || item.deletedAt) throw itemNotFound();
    if (favourite) {
      if (isSelf(viewer.userId, item.addedUserId)) throw cannotActOnSelf();
      if (!isActionable(item)) throw itemNotFound();
    }
    await this.events.afterCommit(async (publish) => {
      const pair = { userId: viewer.userId, itemId };
      if (favourite) {
        const added = await this.db.insert(favourites).values(pair).onConflictDoNothing().returning();
        if (added.length > 0) publish('item.favourited', pair);
      } else {
        const removed = await this.db
          .delete(favourites)
          .where(and(eq(favourites.userId, viewer.userId), eq(favourites.itemId, itemId)))
          .returning();
        if (removed.length > 0) publish('item.unfavourited', pair);
      }
    });
    return this.state(viewer.userId, itemId);
  }

  private async state(userId: string, itemId: string): Promise<FavouriteState> {
    const [row] = await this.db
      .select({
        count: items.favouriteCount,
        mine: sql<boolean>`exists (select 1 from ${favourites} where ${favourites.userId} = ${userId} and ${favourites.itemId} = ${itemId})`,
      })
      .from(items)
      .where(eq(items.id, itemId));
    return { is_favourited: Boolean(row?.mine), favourite_count: row?.count ?? 0 };
  }

  /** The viewer's favourites they may still see (sold ones included), the latest kept first. */
  async list(viewer: Viewer, page: PageWindow, language: LanguageCode): Promise<Paged<Item>> {
    const rows = await this.db
      .select({ id: favourites.itemId })
      .from(favourites)
      .innerJoin(items, eq(items.id, favourites.itemId))
      .where(
        and(
          eq(favourites.userId, viewer.userId),
          sql`${items.status} = 1 and ${items.deletedAt} is null`,
          sellerIsPublic,
          ...hiddenFromViewer(viewer.userId),
        ),
      )
      .orderBy(desc(favourites.addedDate), desc(favourites.itemId))
      .limit(page.limit + 1)
      .offset(page.offset);
    const cards = await this.items.cardsOf(
      rows.map((row) => row.id),
      viewer,
      language,
    );
    return toPage(cards, page.limit, page.offset);
  }
}
