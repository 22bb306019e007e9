import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../kernel/database.ts';
import { notificationReads, notifications } from './schema.ts';

/** A broadcast is shown (and counts as unread) for this many days after it was sent. */
export const BROADCAST_DAYS = 30;

export interface NoticeEntry {
  userId: string;
  kind: (typeof notifications.$inferInsert)['kind'];
  /** Events of one group (messages of one conversation) add to its unread row. */
  groupKey?: string | null;
  actorId?: string | null;
  itemId?: string | null;
  /** The values its texts name (actor_name, item_title, amount, ...) and where it leads. */
  data: Record<string, unknown>;
}

export type NoticeRow = typeof notifications.$inferSelect;

/** Stores the notice, or adds it to its group's unread row: the row as it is now. */
export async function storeNotice(tx: Tx, entry: NoticeEntry): Promise<NoticeRow> {
  const values = {
    userId: entry.userId,
    kind: entry.kind,
    title: '',
    groupKey: entry.groupKey ?? null,
    actorId: entry.actorId ?? null,
    itemId: entry.itemId ?? null,
    data: entry.data,
  };
  const [row] = await tx
    .insert(notifications)
    .values(values)
    .onConflictDoUpdate({
      target: [notifications.userId, notifications.groupKey],
      targetWhere: sql`${notifications.readAt} is null and ${notifications.groupKey} is not null`,
      set: {
        count: sql`${notifications.count} + 1`,
        // Follow-ups of one group may run in any order: the row keeps the words of the latest event (data.at).
        data: sql`case when coalesce(excluded.data ->> 'at', '') >= coalesce(${notifications.data} ->> 'at', '') then excluded.data else ${notifications.data} end`,
        actorId: values.actorId,
        updatedDate: sql`now()`,
      },
    })
    .returning();
  if (!row) throw new Error('a notification was not stored');
  return row;
}

const recentBroadcast = sql`${notifications.userId} is null and ${notifications.addedDate} > now() - make_interval(days => ${BROADCAST_DAYS})`;

/** Unread rows of the person, and recent broadcasts they have not read. */
export async function unreadCount(db: Db | Tx, userId: string): Promise<number> {
  const own = db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  const broadcasts = db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(
      and(
        recentBroadcast,
        sql`not exists (select 1 from ${notificationReads} where ${notificationReads.notificationId} = ${notifications.id} and ${notificationReads.userId} = ${userId})`,
      ),
    );
  const [[mine], [others]] = await Promise.all([own, broadcasts]);
  return (mine?.count ?? 0) + (others?.count ?? 0);
}

/** The rows of the person's list: their own and the recent broadcasts, newest change first. */
export const visibleTo = (userId: string) => sql`(${notifications.userId} = ${userId} or (${recentBroadcast}))`;
