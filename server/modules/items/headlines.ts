import { eq } from 'drizzle-orm';
import type { Db } from '../../kernel/database.ts';
import { isItemId } from './access.ts';
import { items } from './schema.ts';

/** What a notice about a listing names: its title, its owner and its price (even if it is no longer public). */
export interface ItemHeadline {
  id: string;
  title: string;
  ownerId: string;
  price: string;
}

export async function itemHeadline(db: Db, itemId: string): Promise<ItemHeadline | null> {
  if (!isItemId(itemId)) return null;
  const [row] = await db
    .select({ id: items.id, title: items.title, ownerId: items.addedUserId, price: items.price })
    .from(items)
    .where(eq(items.id, itemId));
  return row ?? null;
}

/** The ids of every listing an account posted, deleted ones too (on the owner's index). */
export async function listingIdsOf(db: Db, ownerId: string): Promise<string[]> {
  const rows = await db.select({ id: items.id }).from(items).where(eq(items.addedUserId, ownerId));
  return rows.map((row) => row.id);
}
