import { type ItemsService, isItemId, type ListingFacts, type ViewerTies } from '../items/index.ts';
import type { Blocks } from './blocks.ts';

/**
 * A listing as the social rules see it for this viewer (items' visibility rule, visibility.ts mayActOn), or null
 * when there is no such listing. Reports do not count here: one reports, or favourites, what one reported.
 */
export async function itemForViewer(
  items: ItemsService,
  blocks: Blocks,
  itemId: string,
  viewerId: string,
): Promise<{ listing: ListingFacts; ties: ViewerTies } | null> {
  if (!isItemId(itemId)) return null;
  const listing = await items.findAccess(itemId);
  if (!listing) return null;
  return { listing, ties: { inBlock: await blocks.inBlock(viewerId, listing.addedUserId), reported: false } };
}
