import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/database.ts';
import type { EventBus } from '../../kernel/events.ts';
import { items } from './schema.ts';
import type { ListingTies } from './visibility.ts';

/**
 * favourite_count, counted again from the social module's rows once a favourite comes or goes (a follow-up: it
 * survives a crash, and counting again is safe to repeat). The listing is locked first, so the last recount to
 * run counts every favourite committed before it.
 */
export function registerItemCounters(events: EventBus, db: Db, ties: ListingTies) {
  const recount = ({ itemId }: { itemId: string }) => recountFavourites(db, ties, [itemId]);
  events.onCommitted('item.favourited', 'items.favourite-count', recount);
  events.onCommitted('item.unfavourited', 'items.favourite-count', recount);
}

/** Every listing whose favourite_count differs from the rows, counted again (the nightly repair). */
export async function repairItemCounters(db: Db, ties: ListingTies): Promise<number> {
  const wrong = await db
    .select({ id: items.id })
    .from(items)
    .where(sql`${items.favouriteCount} <> ${ties.favouriteCount(items.id)}`);
  for (const { id } of wrong) await recountFavourites(db, ties, [id]);
  return wrong.length;
}

async function recountFavourites(db: Db, ties: ListingTies, itemIds: string[]) {
  await db.transaction(async (tx) => {
    await tx.select({ id: items.id }).from(items).where(inArray(items.id, itemIds)).orderBy(items.id).for('update');
    await tx
      .update(items)
      .set({ favouriteCount: ties.favouriteCount(items.id) })
      .where(inArray(items.id, itemIds));
  });
}
