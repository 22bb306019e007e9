import { and, eq, inArray, lte, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../kernel/database.ts';
import type { EventBus, Publish } from '../../kernel/events.ts';
import { paidAds } from './schema.ts';

export type SetPromoted = (tx: Tx, publish: Publish, itemId: string, promoted: boolean) => Promise<boolean>;

/**
 * Moves paid ads along the calendar at `now`: a paid one whose start has come runs (its listing is promoted),
 * a running one whose end has come, or whose money went back, finishes (its listing is no longer promoted
 * unless another of its paid ads runs). One transaction; safe to run twice at the same moment.
 */
export async function advancePaidAds(db: Db, events: EventBus, setPromoted: SetPromoted, now: Date) {
  return events.transaction(db, async (tx, publish) => {
    const ended = await tx
      .update(paidAds)
      .set({ phase: 'finished', updatedDate: sql`now()` })
      .where(
        or(
          and(eq(paidAds.phase, 'running'), or(lte(paidAds.endDate, now), ne(paidAds.status, 'paid'))),
          and(eq(paidAds.phase, 'scheduled'), eq(paidAds.status, 'paid'), lte(paidAds.endDate, now)),
        ),
      )
      .returning({ itemId: paidAds.itemId });
    const started = await tx
      .update(paidAds)
      .set({ phase: 'running', updatedDate: sql`now()` })
      .where(and(eq(paidAds.status, 'paid'), eq(paidAds.phase, 'scheduled'), lte(paidAds.startDate, now)))
      .returning({ itemId: paidAds.itemId });
    const startedItems = new Set(started.map((row) => row.itemId));
    for (const itemId of startedItems) await setPromoted(tx, publish, itemId, true);
    const endedItems = [...new Set(ended.map((row) => row.itemId))].filter((itemId) => !startedItems.has(itemId));
    const stillRunning = await runningItems(tx, endedItems);
    for (const itemId of endedItems) if (!stillRunning.has(itemId)) await setPromoted(tx, publish, itemId, false);
    return { started: started.length, ended: ended.length };
  });
}

async function runningItems(tx: Tx, itemIds: string[]) {
  if (itemIds.length === 0) return new Set<string>();
  const rows = await tx
    .select({ itemId: paidAds.itemId })
    .from(paidAds)
    .where(and(inArray(paidAds.itemId, itemIds), eq(paidAds.phase, 'running')));
  return new Set(rows.map((row) => row.itemId));
}
