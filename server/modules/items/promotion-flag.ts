import { inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../kernel/database.ts';
import type { Publish } from '../../kernel/events.ts';
import { isItemId } from './access.ts';
import './events.ts';
import { items } from './schema.ts';

/**
 * Whether a listing carries the promoted badge and ranks first (is_paid, SPEC.md 4 paid_item_first and
 * only_paid_item). Set only by the promotions module's clock, as a promotion starts and ends.
 */
export async function setPromoted(tx: Tx, publish: Publish, itemId: string, promoted: boolean) {
  // A listing does not expire while promoted (lifetime.ts); once its promotion ends it starts a new lifetime.
  const lifetime = promoted ? {} : { renewedAt: sql`now()`, expiryNoticeSent: false };
  const changed = await tx
    .update(items)
    .set({ isPaid: promoted, ...lifetime })
    .where(sql`${items.id} = ${itemId} and ${items.isPaid} is distinct from ${promoted}`)
    .returning({ ownerId: items.addedUserId });
  const owner = changed[0];
  if (owner) publish('item.promotionChanged', { itemId, ownerId: owner.ownerId });
  return Boolean(owner);
}

/** Titles of listings in any state (a payment or a paid ad names what it was for). */
export async function titlesOf(db: Db, itemIds: string[]): Promise<Map<string, string>> {
  const ids = [...new Set(itemIds.filter(isItemId))];
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: items.id, title: items.title }).from(items).where(inArray(items.id, ids));
  return new Map(rows.map((row) => [row.id, row.title]));
}
