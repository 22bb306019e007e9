import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import {
  ITEM_STATUS,
  type ItemOfView,
  type ItemView,
  type OwnerList,
  type OwnItemOfView,
} from '../../../contract/items.ts';
import type { LanguageCode } from '../../../contract/language.ts';
import type { PageWindow } from '../../../contract/pages.ts';
import type { Paged } from '../../../contract/paging.ts';
import { toPage } from '../../kernel/paging.ts';
import type { ItemViewer } from './presenter.ts';
import { type ItemReading, NEWEST_FIRST } from './reading.ts';
import { items } from './schema.ts';
import { type ListingTies, listedConditions } from './visibility.ts';

/** Which of the owner's items each of their lists holds (SPEC.md 2 active, pending and rejected items; expired; sold). */
function ownerListFilter(list: OwnerList): SQL | undefined {
  switch (list) {
    case 'active':
      return and(eq(items.status, ITEM_STATUS.active), eq(items.isSoldOut, false));
    case 'pending':
      return eq(items.status, ITEM_STATUS.pending);
    case 'rejected':
      return inArray(items.status, [ITEM_STATUS.rejected, ITEM_STATUS.disabled]);
    case 'expired':
      return eq(items.status, ITEM_STATUS.expired);
    case 'sold':
      return eq(items.isSoldOut, true);
  }
}

/** The seller's own lists and the sold items others see on their profile. */
export class OwnerLists {
  private readonly reading: ItemReading;
  private readonly ties: ListingTies;

  constructor(reading: ItemReading, ties: ListingTies) {
    this.reading = reading;
    this.ties = ties;
  }

  /** The viewer's own items in one list, newest first, each with its reject reason. */
  async listMine<V extends ItemView>(
    viewer: ItemViewer,
    list: OwnerList,
    page: PageWindow,
    language: LanguageCode,
    view: V,
  ): Promise<Paged<OwnItemOfView<V>>> {
    const where = and(eq(items.addedUserId, viewer.userId), ownerListFilter(list), isNull(items.deletedAt));
    const found = await this.reading.ownList(
      { where, orderBy: NEWEST_FIRST, limit: page.limit + 1, offset: page.offset },
      viewer,
      language,
      view,
    );
    return toPage(found, page.limit, page.offset);
  }

  /** A seller's sold items: every one for the seller and admins, the listed ones (visibility.ts) for others. */
  async listSoldBy<V extends ItemView>(
    userId: string,
    viewer: ItemViewer | null,
    page: PageWindow,
    language: LanguageCode,
    view: V,
  ): Promise<Paged<ItemOfView<V>>> {
    const privileged = viewer !== null && (viewer.userId === userId || viewer.isAdmin);
    const where = and(
      eq(items.addedUserId, userId),
      eq(items.isSoldOut, true),
      privileged ? undefined : and(...listedConditions(viewer?.userId ?? null, this.ties)),
    );
    const found = await this.reading.list(
      { where: and(where, isNull(items.deletedAt)), orderBy: NEWEST_FIRST, limit: page.limit + 1, offset: page.offset },
      viewer,
      language,
      view,
    );
    return toPage(found, page.limit, page.offset);
  }
}
