import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { items } from '../../db/schema/index.ts';
import type { EventBus } from '../../kernel/events.ts';

/** Events of the items module (delivered after the write committed). */
export interface ItemEvent {
  itemId: string;
  ownerId: string;
  adminId?: string;
  reason?: string;
}

declare module '../../kernel/events.ts' {
  interface DomainEvents {
    'item.created': ItemEvent;
    'item.updated': ItemEvent;
    'item.approved': ItemEvent;
    'item.rejected': ItemEvent;
    'item.disabled': ItemEvent;
    'item.enabled': ItemEvent;
    'item.sold': ItemEvent;
    'item.deleted': ItemEvent;
    /** Enough people reported the active item: it waits (pending) for an admin's review. */
    'item.heldForReview': ItemEvent;
  }
}

/**
 * The counters other modules' writes change on listings: the items module owns the table, so it keeps them,
 * from the events those modules publish once their write has committed (one row lock each: exact under
 * concurrent toggles).
 */
export function registerItemCounters(events: EventBus, db: Db) {
  const count = (itemId: string, change: 1 | -1) =>
    db
      .update(items)
      .set({ favouriteCount: sql`greatest(${items.favouriteCount} + ${change}, 0)` })
      .where(eq(items.id, itemId));
  events.on('item.favourited', async ({ itemId }) => {
    await count(itemId, 1);
  });
  events.on('item.unfavourited', async ({ itemId }) => {
    await count(itemId, -1);
  });
}
