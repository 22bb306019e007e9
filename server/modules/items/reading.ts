import { and, eq, ne, type SQL } from 'drizzle-orm';
import {
  ITEM_RAIL_SIZE,
  type ItemCardView,
  type ItemDetail,
  type ItemOfView,
  type ItemView,
  type OwnItemOfView,
} from '../../../contract/items.ts';
import type { LanguageCode } from '../../../contract/language.ts';
import { latestFirst } from '../../kernel/database.ts';
import { isItemId } from './access.ts';
import type { CardLoader } from './card-loading.ts';
import { presentCards, presentOwnCards } from './card-presenter.ts';
import type { ItemLoader, LoadQuery } from './loading.ts';
import { type ItemViewer, LookupMemo, presentItem, presentItemDetail, presentOwnItem } from './presenter.ts';
import { items } from './schema.ts';
import { type ListingTies, listedConditions, mayView } from './visibility.ts';

/** The order of the feed indexes (newest first, NULLS LAST as they are built): a list in it reads only its page. */
export const NEWEST_FIRST = [latestFirst(items.addedDate), latestFirst(items.id)];

/** What the rails of an item page need to know of it. */
export type RelatedTo = { id: string; cat_id: number; sub_cat_id: number | null };

/** Item pages and cards as their viewer may see them. */
export class ItemReading {
  private readonly loader: ItemLoader;
  private readonly cardLoader: CardLoader;
  private readonly ties: ListingTies;

  constructor(loader: ItemLoader, cardLoader: CardLoader, ties: ListingTies) {
    this.loader = loader;
    this.cardLoader = cardLoader;
    this.ties = ties;
  }

  /** The item as this viewer may see it (visibility.ts mayView), in two queries; null when they may not. */
  async find(itemId: string, viewer: ItemViewer | null, language: LanguageCode): Promise<ItemDetail | null> {
    if (!isItemId(itemId)) return null;
    const row = await this.loader.one(itemId, language, viewer?.userId ?? null);
    if (!row) return null;
    const ties = { inBlock: Boolean(row.inBlockWithViewer), reported: Boolean(row.isReported) };
    if (!mayView(viewer, row.item, ties)) return null;
    return presentItemDetail(row, await this.loader.extras([row]), viewer, language, new LookupMemo(language));
  }

  /** Items a query finds, in the view asked for (fetching one more than asked answers "is there more"). */
  async list<V extends ItemView>(
    query: LoadQuery,
    viewer: ItemViewer | null,
    language: LanguageCode,
    view: V,
  ): Promise<ItemOfView<V>[]> {
    return this.viewsOf(await this.loader.idsOf(query), viewer, language, view);
  }

  /** These items in the order given, in the view asked for (ids another module found, such as search). */
  async viewsOf<V extends ItemView>(
    itemIds: string[],
    viewer: ItemViewer | null,
    language: LanguageCode,
    view: V,
  ): Promise<ItemOfView<V>[]> {
    const viewerId = viewer?.userId ?? null;
    if (view === 'card') {
      return presentCards(
        await this.cardLoader.byIds(itemIds, language, viewerId),
        viewer,
        language,
      ) as ItemOfView<V>[];
    }
    const rows = await this.loader.rowsByIds(itemIds, language, viewerId);
    const extras = await this.loader.extras(rows);
    const memo = new LookupMemo(language);
    return rows.map((row) => presentItem(row, extras, viewer, language, memo)) as ItemOfView<V>[];
  }

  /** Cards of these items that the viewer may list now, in the order given; the others are left out. */
  async listedCardsOf(itemIds: string[], viewer: ItemViewer | null, language: LanguageCode): Promise<ItemCardView[]> {
    const viewerId = viewer?.userId ?? null;
    const rows = await this.cardLoader.byIds(itemIds, language, viewerId, { listedOnly: true });
    return presentCards(rows, viewer, language);
  }

  /** The owner's items a query finds, each with its reject reason. */
  async ownList<V extends ItemView>(
    query: LoadQuery,
    viewer: ItemViewer,
    language: LanguageCode,
    view: V,
  ): Promise<OwnItemOfView<V>[]> {
    const itemIds = await this.loader.idsOf(query);
    if (view === 'card') {
      const found = await this.cardLoader.byIds(itemIds, language, viewer.userId);
      return presentOwnCards(found, viewer, language) as OwnItemOfView<V>[];
    }
    const rows = await this.loader.rowsByIds(itemIds, language, viewer.userId);
    const extras = await this.loader.extras(rows);
    const memo = new LookupMemo(language);
    return rows.map((row) => presentOwnItem(row, extras, viewer, language, memo)) as OwnItemOfView<V>[];
  }

  /** Listed, unsold items of the same subcategory (else the same category), newest first, without this one. */
  related<V extends ItemView>(
    item: RelatedTo,
    viewer: ItemViewer | null,
    language: LanguageCode,
    view: V,
  ): Promise<ItemOfView<V>[]> {
    return this.likeItem(item, undefined, viewer, language, view, ITEM_RAIL_SIZE);
  }

  /** The seller's other listed, unsold items, newest first (items_owner_newest_idx). */
  bySameSeller<V extends ItemView>(
    item: { id: string; added_user_id: string },
    viewer: ItemViewer | null,
    language: LanguageCode,
    view: V,
  ): Promise<ItemOfView<V>[]> {
    const query = this.othersListed(item.id, viewer, [eq(items.addedUserId, item.added_user_id)], ITEM_RAIL_SIZE);
    return this.list(query, viewer, language, view);
  }

  /** As related, in one city only (items_public_location_newest_idx or items_public_subcategory_newest_idx). */
  inCity<V extends ItemView>(
    item: RelatedTo,
    cityId: number,
    viewer: ItemViewer | null,
    language: LanguageCode,
    view: V,
    count: number,
  ): Promise<ItemOfView<V>[]> {
    return this.likeItem(item, eq(items.itemLocationId, cityId), viewer, language, view, count);
  }

  /** Items of the item's subcategory in `place`, else of its category there; each one index walk with a limit. */
  private async likeItem<V extends ItemView>(
    item: RelatedTo,
    place: SQL | undefined,
    viewer: ItemViewer | null,
    language: LanguageCode,
    view: V,
    count: number,
  ): Promise<ItemOfView<V>[]> {
    const query = (scope: SQL) => this.othersListed(item.id, viewer, [scope, place], count);
    if (item.sub_cat_id !== null) {
      const found = await this.list(query(eq(items.subCatId, item.sub_cat_id)), viewer, language, view);
      if (found.length > 0) return found;
    }
    return this.list(query(eq(items.catId, item.cat_id)), viewer, language, view);
  }

  /** Listed, unsold items in `scope` but this one, newest first. */
  private othersListed(itemId: string, viewer: ItemViewer | null, scope: Array<SQL | undefined>, count: number) {
    const where = and(
      ...scope,
      ...listedConditions(viewer?.userId ?? null, this.ties),
      eq(items.isSoldOut, false),
      isItemId(itemId) ? ne(items.id, itemId) : undefined,
    );
    return { where, orderBy: NEWEST_FIRST, limit: count } satisfies LoadQuery;
  }
}
