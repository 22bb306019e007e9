import { and, eq, ne, type SQL } from 'drizzle-orm';
import type { Item, ItemDetail, OwnItem } from '../../../contract/items.ts';
import type { LanguageCode } from '../../../contract/language.ts';
import { latestFirst } from '../../kernel/database.ts';
import { isItemId } from './access.ts';
import type { ItemLoader, LoadQuery } from './loading.ts';
import { type ItemViewer, presentItem, presentItemDetail, presentOwnItem } from './presenter.ts';
import { items } from './schema.ts';
import { type ListingTies, listedConditions, mayView } from './visibility.ts';

/** How many related items an item page shows. */
export const RELATED_COUNT = 6;

/** The order of the feed indexes (newest first, NULLS LAST as they are built): a list in it reads only its page. */
export const NEWEST_FIRST = [latestFirst(items.addedDate), latestFirst(items.id)];

/** Item pages and cards as their viewer may see them. */
export class ItemReading {
  private readonly loader: ItemLoader;
  private readonly ties: ListingTies;

  constructor(loader: ItemLoader, ties: ListingTies) {
    this.loader = loader;
    this.ties = ties;
  }

  /** The item as this viewer may see it (visibility.ts mayView), in two queries; null when they may not. */
  async find(itemId: string, viewer: ItemViewer | null, language: LanguageCode): Promise<ItemDetail | null> {
    if (!isItemId(itemId)) return null;
    const row = await this.loader.one(itemId, language, viewer?.userId ?? null);
    if (!row) return null;
    const ties = { inBlock: Boolean(row.inBlockWithViewer), reported: Boolean(row.isReported) };
    if (!mayView(viewer, row.item, ties)) return null;
    return presentItemDetail(row, await this.loader.extras([row]), viewer, language);
  }

  /** Cards of the items a query finds (fetching one more than asked answers "is there more"). */
  async cards(query: LoadQuery, viewer: ItemViewer | null, language: LanguageCode): Promise<Item[]> {
    const rows = await this.loader.rows(query, language, viewer?.userId ?? null);
    const extras = await this.loader.extras(rows);
    return rows.map((row) => presentItem(row, extras, viewer, language));
  }

  /** Cards of these items in the order given (ids another module found, such as search). */
  async cardsOf(itemIds: string[], viewer: ItemViewer | null, language: LanguageCode): Promise<Item[]> {
    const rows = await this.loader.rowsByIds(itemIds, language, viewer?.userId ?? null);
    const extras = await this.loader.extras(rows);
    return rows.map((row) => presentItem(row, extras, viewer, language));
  }

  /** The owner's cards, each with its reject reason. */
  async ownCards(query: LoadQuery, viewer: ItemViewer, language: LanguageCode): Promise<OwnItem[]> {
    const rows = await this.loader.rows(query, language, viewer.userId);
    const extras = await this.loader.extras(rows);
    return rows.map((row) => presentOwnItem(row, extras, viewer, language));
  }

  /** Listed, unsold items of the same subcategory (else the same category), newest first, without this one. */
  async related(
    item: { id: string; cat_id: number; sub_cat_id: number | null },
    viewer: ItemViewer | null,
    language: LanguageCode,
  ): Promise<Item[]> {
    const listed = (scope: SQL) =>
      and(
        scope,
        ...listedConditions(viewer?.userId ?? null, this.ties),
        eq(items.isSoldOut, false),
        isItemId(item.id) ? ne(items.id, item.id) : undefined,
      );
    const query = (scope: SQL) => ({ where: listed(scope), orderBy: NEWEST_FIRST, limit: RELATED_COUNT });
    if (item.sub_cat_id !== null) {
      const found = await this.cards(query(eq(items.subCatId, item.sub_cat_id)), viewer, language);
      if (found.length > 0) return found;
    }
    return this.cards(query(eq(items.catId, item.cat_id)), viewer, language);
  }
}
