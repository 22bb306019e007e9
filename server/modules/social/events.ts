import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { itemReports } from '../../db/schema/index.ts';
import type { EventBus } from '../../kernel/events.ts';
import { REPORT_STATUS } from './policy.ts';

/** Events of the social module (delivered after the write committed). */
declare module '../../kernel/events.ts' {
  interface DomainEvents {
    'user.followed': { followerId: string; followedId: string };
    'user.unfollowed': { followerId: string; followedId: string };
    'item.favourited': { userId: string; itemId: string };
    'item.unfavourited': { userId: string; itemId: string };
    'user.blocked': { blockerId: string; blockedId: string };
    'user.unblocked': { blockerId: string; blockedId: string };
    'item.reported': { reporterId: string; itemId: string; reason: string };
  }
}

/**
 * An admin's decision on a listing closes its open reports: kept (approved, enabled) or removed (rejected,
 * disabled, deleted). Reports made after it count afresh towards the hiding threshold.
 */
export function registerReportReviews(events: EventBus, db: Db) {
  const close =
    (status: number) =>
    async ({ itemId }: { itemId: string }) => {
      await db
        .update(itemReports)
        .set({ status })
        .where(and(eq(itemReports.itemId, itemId), inArray(itemReports.status, [REPORT_STATUS.open])));
    };
  for (const name of ['item.approved', 'item.enabled'] as const) events.on(name, close(REPORT_STATUS.kept));
  for (const name of ['item.rejected', 'item.disabled', 'item.deleted'] as const)
    events.on(name, close(REPORT_STATUS.removed));
}
