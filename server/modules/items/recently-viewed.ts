import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { RECENTLY_VIEWED_KEPT } from '../../../contract/item-basics.ts';
import type { ItemOfView, ItemView } from '../../../contract/items.ts';
import type { LanguageCode } from '../../../contract/language.ts';
import type { Db } from '../../kernel/database.ts';
import { isItemId } from './access.ts';
import type { ItemViewer } from './presenter.ts';
import type { ItemReading } from './reading.ts';
import { items, recentViews } from './schema.ts';
import { type ListingTies, listedConditions } from './visibility.ts';

/**
 * Recently viewed (issue 22): the last RECENTLY_VIEWED_KEPT listings a signed-in person opened, kept on the
 * server; a visitor's are ids in their browser, shown through `listedCards`. A person's own listings are not
 * remembered (they reach them from their own lists), and the lists show only what the viewer may list now, so a
 * deleted, hidden or blocked listing drops out.
 */
export class RecentlyViewed {
  private readonly db: Db;
  private readonly reading: ItemReading;
  private readonly ties: ListingTies;

  constructor(db: Db, reading: ItemReading, ties: ListingTies) {
    this.db = db;
    this.reading = reading;
    this.ties = ties;
  }

  /**
   * Puts the listing at the front of the viewer's list (not their own, not a deleted one) and drops the
   * oldest past the limit, in one statement: the others kept are counted without this listing.
   */
  async remember(viewerId: string, itemId: string): Promise<void> {
    if (!isItemId(itemId)) return;
    await this.db.execute(sql`
      with remembered as (
        insert into ${recentViews} (user_id, item_id, viewed_at)
        select ${viewerId}, ${items.id}, now() from ${items}
        where ${items.id} = ${itemId} and ${items.deletedAt} is null and ${items.addedUserId} <> ${viewerId}
        on conflict (user_id, item_id) do update set viewed_at = excluded.viewed_at
        returning item_id
      )
      delete from ${recentViews}
      where ${recentViews.userId} = ${viewerId} and exists (select 1 from remembered)
        and ${recentViews.itemId} in (
          select kept.item_id from ${recentViews} kept
          where kept.user_id = ${viewerId} and kept.item_id <> ${itemId}
          order by kept.viewed_at desc offset ${RECENTLY_VIEWED_KEPT - 1}
        )`);
  }

  /**
   * Adds the listings a browser kept before its visitor signed in (the latest first) to the front of their
   * list, each a millisecond apart so their order holds; one viewed on both keeps its later time. Answers how
   * many listings were taken (not their own, not deleted).
   */
  async rememberBrowserList(viewerId: string, itemIds: string[]): Promise<number> {
    return this.db.transaction(async (tx) => {
      const remembered = await tx.execute<{ item_id: string }>(sql`
        with browser as (
          select id::uuid as item_id, n
          from jsonb_array_elements_text(${JSON.stringify(itemIds)}::jsonb) with ordinality as listed(id, n)
        )
        insert into ${recentViews} (user_id, item_id, viewed_at)
        select ${viewerId}, ${items.id}, now() - make_interval(secs => browser.n / 1000.0)
        from browser join ${items} on ${items.id} = browser.item_id
        where ${items.deletedAt} is null and ${items.addedUserId} <> ${viewerId}
        on conflict (user_id, item_id) do update set viewed_at = greatest(${recentViews.viewedAt}, excluded.viewed_at)
        returning item_id`);
      // A statement's parts see the rows as they were before it: the oldest go in a second one.
      await tx.execute(sql`
        delete from ${recentViews}
        where ${recentViews.userId} = ${viewerId} and ${recentViews.itemId} in (
          select kept.item_id from ${recentViews} kept where kept.user_id = ${viewerId}
          order by kept.viewed_at desc offset ${RECENTLY_VIEWED_KEPT}
        )`);
      return remembered.rows.length;
    });
  }

  /** The viewer's recently viewed listings they may still see in a list, the latest first. */
  async list<V extends ItemView>(viewer: ItemViewer, language: LanguageCode, view: V): Promise<ItemOfView<V>[]> {
    return this.reading.viewsOf(await this.ids(viewer), viewer, language, view);
  }

  /** The ids of `list`, the latest first. */
  async ids(viewer: ItemViewer): Promise<string[]> {
    const rows = await this.db
      .select({ id: recentViews.itemId })
      .from(recentViews)
      .innerJoin(items, eq(items.id, recentViews.itemId))
      .where(and(eq(recentViews.userId, viewer.userId), ...listedConditions(viewer.userId, this.ties)))
      .orderBy(desc(recentViews.viewedAt))
      .limit(RECENTLY_VIEWED_KEPT);
    return rows.map((row) => row.id);
  }

  /** Forgets every listing the viewer opened. */
  async clear(viewerId: string): Promise<void> {
    await this.db.delete(recentViews).where(eq(recentViews.userId, viewerId));
  }

  /**
   * Listings named by a visitor's browser, in the order given, as far as the viewer may list them now (at most
   * RECENTLY_VIEWED_KEPT ids; the schema refuses more).
   */
  async listedCards<V extends ItemView>(
    itemIds: string[],
    viewer: ItemViewer | null,
    language: LanguageCode,
    view: V,
  ): Promise<ItemOfView<V>[]> {
    const wanted = [...new Set(itemIds.filter(isItemId))].slice(0, RECENTLY_VIEWED_KEPT);
    if (wanted.length === 0) return [];
    const viewerId = viewer?.userId ?? null;
    const rows = await this.db
      .select({ id: items.id })
      .from(items)
      .where(and(inArray(items.id, wanted), ...listedConditions(viewerId, viewerId ? this.ties : undefined)));
    const listed = new Set(rows.map((row) => row.id));
    return this.reading.viewsOf(
      wanted.filter((id) => listed.has(id)),
      viewer,
      language,
      view,
    );
  }
}
