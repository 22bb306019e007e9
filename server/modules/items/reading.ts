import { and, desc, eq, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { ITEM_STATUS, type Item, type ItemDetail, type OwnItem } from '../../../contract/items.ts';
import type { LanguageCode } from '../../../contract/language.ts';
import type { Db } from '../../db/database.ts';
import { items } from '../../db/schema/index.ts';
import { isPublic } from '../users/index.ts';
import { isItemId } from './access.ts';
import { type LoadQuery, loadItemRow, loadItemRows, loadItemRowsByIds, loadPictures } from './loading.ts';
import { canSeeItem } from './policy.ts';
import { type ItemViewer, presentItem, presentItemDetail, presentOwnItem } from './presenter.ts';
import { hiddenFromViewer } from './viewer-hiding.ts';

/**
 * The item's seller is an account others may see (active, not banned): public lists show only theirs. The
 * items row carries it (kept by triggers from users, migration 0007), so the partial indexes apply.
 */
export const sellerIsPublic = sql`${items.sellerPublic}`;

/** How many related items an item page shows. */
export const RELATED_COUNT = 6;

/** Item pages and cards as their viewer may see them. */
export class ItemReading {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  /** The item as this viewer may see it, in two queries (the first prepared); null when missing, deleted or hidden from them. */
  async find(itemId: string, viewer: ItemViewer | null, language: LanguageCode): Promise<ItemDetail | null> {
    if (!isItemId(itemId)) return null;
    const row = await loadItemRow(this.db, itemId, language, viewer?.userId ?? null);
    if (!row || !canSeeItem(viewer, row.item)) return null;
    // A banned or deactivated seller's listings leave public view; they and admins still see them.
    const privileged = viewer !== null && (viewer.isAdmin || viewer.userId === row.item.addedUserId);
    if (!privileged && !isPublic(row.seller)) return null;
    // Nobody in a block sees the other's listings (an admin moderates whatever they are in).
    if (row.inBlockWithViewer && !viewer?.isAdmin) return null;
    return presentItemDetail(row, await loadPictures(this.db, [row]), viewer, language);
  }

  /** Cards of the items a query finds (fetching one more than asked answers "is there more"). */
  async cards(query: LoadQuery, viewer: ItemViewer | null, language: LanguageCode): Promise<Item[]> {
    const rows = await loadItemRows(this.db, query, language, viewer?.userId ?? null);
    const pictures = await loadPictures(this.db, rows);
    return rows.map((row) => presentItem(row, pictures, viewer, language));
  }

  /** Cards of these items in the order given (ids another module found, such as search). */
  async cardsOf(itemIds: string[], viewer: ItemViewer | null, language: LanguageCode): Promise<Item[]> {
    const rows = await loadItemRowsByIds(this.db, itemIds, language, viewer?.userId ?? null);
    const pictures = await loadPictures(this.db, rows);
    return rows.map((row) => presentItem(row, pictures, viewer, language));
  }

  /** The owner's cards, each with its reject reason. */
  async ownCards(query: LoadQuery, viewer: ItemViewer, language: LanguageCode): Promise<OwnItem[]> {
    const rows = await loadItemRows(this.db, query, language, viewer.userId);
    const pictures = await loadPictures(this.db, rows);
    return rows.map((row) => presentOwnItem(row, pictures, viewer, language));
  }

  /** Active, unsold items of the same subcategory (else the same category), newest first, without this one. */
  async related(
    item: { id: string; cat_id: number; sub_cat_id: number | null },
    viewer: ItemViewer | null,
    language: LanguageCode,
  ): Promise<Item[]> {
    const visible = (scope: SQL) =>
      and(
        scope,
        eq(items.status, ITEM_STATUS.active),
        isNull(items.deletedAt),
        eq(items.isSoldOut, false),
        sellerIsPublic,
        isItemId(item.id) ? ne(items.id, item.id) : undefined,
        ...(viewer ? hiddenFromViewer(viewer.userId) : []),
      );
    const order = [desc(items.addedDate), desc(items.id)];
    if (item.sub_cat_id !== null) {
      const found = await this.cards(
        { where: visible(eq(items.subCatId, item.sub_cat_id)), orderBy: order, limit: RELATED_COUNT },
        viewer,
        language,
      );
      if (found.length > 0) return found;
    }
    return this.cards(
      { where: visible(eq(items.catId, item.cat_id)), orderBy: order, limit: RELATED_COUNT },
      viewer,
      language,
    );
  }
}
