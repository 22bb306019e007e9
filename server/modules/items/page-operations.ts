import type { ItemEntryInput } from '../../../contract/item-entry.ts';
import { ITEM_RAIL_SIZE, type Item, type ModerationDecision, type OwnerList } from '../../../contract/items.ts';
import type { LanguageCode } from '../../../contract/language.ts';
import type { ItemPages, ModerationPages, PageWindow } from '../../../contract/pages.ts';
import type { Viewer } from '../../../contract/session.ts';
import type { ItemsService } from './service.ts';

/** What pages may ask of the items module: the same operations as the API, each checking who asks. */
export function itemsPageOperations(items: ItemsService): ItemPages {
  return {
    get: (itemId: string, viewer: Viewer | null, language: LanguageCode) => items.find(itemId, viewer, language),
    related: (item: Pick<Item, 'id' | 'cat_id' | 'sub_cat_id'>, viewer: Viewer | null, language: LanguageCode) =>
      items.related(item, viewer, language, 'card'),
    sellerItems: (item: Pick<Item, 'id' | 'added_user_id'>, viewer: Viewer | null, language: LanguageCode) =>
      items.sellerItems(item, viewer, language, 'card'),
    similarInCity: (
      item: Pick<Item, 'id' | 'cat_id' | 'sub_cat_id' | 'item_location_id'>,
      cityId: number | null,
      viewer: Viewer | null,
      language: LanguageCode,
    ) => items.similarInCity(item, cityId, viewer, language, 'card', 2 * ITEM_RAIL_SIZE),
    countView: (itemId, viewer, visitorId) => items.countView(itemId, viewer, visitorId),
    contactCount: (viewer: Viewer, itemId: string) => items.contactCount(viewer, itemId),
    rememberView: (itemId: string, viewer: Viewer) => items.rememberView(itemId, viewer),
    recentlyViewed: (viewer: Viewer, language: LanguageCode) => items.recentlyViewed(viewer, language, 'card'),
    clearRecentlyViewed: (viewer: Viewer) => items.clearRecentlyViewed(viewer),
    entryOptions: (language: LanguageCode) => items.entryOptions(language),
    filterOptions: (language: LanguageCode) => items.filterOptions(language),
    create: (viewer: Viewer, input: ItemEntryInput, language: LanguageCode) => items.create(viewer, input, language),
    update: (viewer: Viewer, itemId: string, input: ItemEntryInput, language: LanguageCode) =>
      items.update(viewer, itemId, input, language),
    remove: (viewer: Viewer, itemId: string) => items.remove(viewer, itemId),
    setSoldOut: (viewer: Viewer, itemId: string, soldOut: boolean) => items.setSoldOut(viewer, itemId, soldOut),
    listMine: (viewer: Viewer, list: OwnerList, page: PageWindow, language: LanguageCode) =>
      items.listMine(viewer, list, page, language, 'card'),
    listSoldBy: (userId: string, viewer: Viewer | null, page: PageWindow, language: LanguageCode) =>
      items.listSoldBy(userId, viewer, page, language, 'card'),
  };
}

/** The moderation queue for the admin pages (each operation refuses non-admins). */
export function moderationPageOperations(items: ItemsService): ModerationPages {
  return {
    queue: (viewer: Viewer, filter: { status: number | null }, page: PageWindow, language: LanguageCode) =>
      items.queue(viewer, filter, page, language),
    decide: (viewer: Viewer, itemId: string, decision: ModerationDecision, reason: string | null) =>
      items.decide(viewer, itemId, decision, reason),
    decideMany: (viewer: Viewer, itemIds: string[], decision: ModerationDecision, reason: string | null) =>
      items.decideMany(viewer, itemIds, decision, reason),
  };
}
