import { eq } from 'drizzle-orm';
import type { Db } from '../../kernel/database.ts';
import { AppError, notFound } from '../../kernel/errors.ts';
import type { ItemAccessRow } from './policy.ts';
import { items } from './schema.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `text` can be an item id (anything else names no item, and never reaches the database). */
export const isItemId = (text: string) => UUID.test(text);

export const itemNotFound = () => notFound('api.itemNotFound');
export const forbidden = () => new AppError(403, 'errors.forbidden');

export interface AccessRow extends ItemAccessRow {
  id: string;
  isSoldOut: boolean;
  sellerPublic: boolean;
}

/** The columns that decide who may do what with an item, or null when there is no such item. */
export async function accessRow(db: Db, itemId: string): Promise<AccessRow | null> {
  if (!isItemId(itemId)) return null;
  const [row] = await db
    .select({
      id: items.id,
      addedUserId: items.addedUserId,
      status: items.status,
      deletedAt: items.deletedAt,
      isSoldOut: items.isSoldOut,
      sellerPublic: items.sellerPublic,
    })
    .from(items)
    .where(eq(items.id, itemId));
  return row ?? null;
}

/** The item's access row; 404 when it does not exist or was deleted. */
export async function existingItem(db: Db, itemId: string): Promise<AccessRow> {
  const row = await accessRow(db, itemId);
  if (!row || row.deletedAt) throw itemNotFound();
  return row;
}
