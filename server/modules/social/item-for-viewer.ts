import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { items } from '../../db/schema/index.ts';
import { blockBetween, isItemId } from '../items/index.ts';
import type { ItemForViewer } from './policy.ts';

/** What the social rules need of a listing for this viewer (policy.ts), or null when there is no such listing. */
export async function itemForViewer(db: Db, itemId: string, viewerId: string): Promise<ItemForViewer | null> {
  if (!isItemId(itemId)) return null;
  const [row] = await db
    .select({
      addedUserId: items.addedUserId,
      status: items.status,
      deletedAt: items.deletedAt,
      sellerPublic: items.sellerPublic,
      inBlock: blockBetween(sql`${viewerId}`, sql`${items.addedUserId}`),
    })
    .from(items)
    .where(eq(items.id, itemId));
  return row ?? null;
}
