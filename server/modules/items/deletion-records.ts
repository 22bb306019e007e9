import { and, asc, gte, lte } from 'drizzle-orm';
import type { Db } from '../../kernel/database.ts';
import type { EventBus } from '../../kernel/events.ts';
import { deletionHistory } from './schema.ts';

/** The most deletion records one app-info answer carries; a client asks again from the last date it got. */
export const DELETION_PAGE = 500;

/** A deleted row as the clients' app info lists it (SPEC.md 3 delete_history). */
export interface DeletionRecord {
  id: number;
  type_id: string;
  type_name: 'item' | 'user';
  deleted_date: string;
}

/**
 * Records each deleted listing and each deleted (deactivated) account once, for the clients that keep copies
 * (app info's delete_history). A follow-up of the deletion, so no record is lost or doubled (the unique index of
 * type and id makes a second run a no-op). The record's date is when it was written, never earlier: a client
 * that asked "since T" after the deletion but before the record existed still gets it on its next call.
 */
export function registerDeletionRecords(events: EventBus, db: Db) {
  events.onCommitted('item.deleted', 'items.deletion-record', ({ itemId }) => record(db, 'item', itemId));
  events.onCommitted('user.deactivated', 'items.deletion-record', ({ userId }) => record(db, 'user', userId));
}

async function record(db: Db, typeName: DeletionRecord['type_name'], typeId: string) {
  await db.insert(deletionHistory).values({ typeName, typeId }).onConflictDoNothing();
}

/** The deletions recorded in [since, until] (either end open), the oldest first, at most DELETION_PAGE. */
export async function deletionsBetween(db: Db, range: { since: Date | null; until: Date | null }) {
  const rows = await db
    .select()
    .from(deletionHistory)
    .where(
      and(
        range.since ? gte(deletionHistory.deletedDate, range.since) : undefined,
        range.until ? lte(deletionHistory.deletedDate, range.until) : undefined,
      ),
    )
    .orderBy(asc(deletionHistory.deletedDate), asc(deletionHistory.id))
    .limit(DELETION_PAGE);
  return rows.map(
    (row): DeletionRecord => ({
      id: row.id,
      type_id: row.typeId,
      type_name: row.typeName as DeletionRecord['type_name'],
      deleted_date: row.deletedDate.toISOString(),
    }),
  );
}
