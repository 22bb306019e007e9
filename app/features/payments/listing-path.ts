import { itemNameOf, itemPath, slugOf } from '../../../contract/item-basics.ts';

/** A listing's page from its id and title (an outdated slug is redirected by the item page). */
export const listingPath = (itemId: string, title: string) =>
  itemPath({ item_name: itemNameOf({ id: itemId, slug: slugOf(title) }) });
