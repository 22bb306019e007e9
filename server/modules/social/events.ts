import { and, eq, inArray, lte } from 'drizzle-orm';
import type { Db } from '../../kernel/database.ts';
import type { EventBus } from '../../kernel/events.ts';
import type { ItemEvent, ItemsService } from '../items/index.ts';
import { REPORT_STATUS } from './policy.ts';
import { itemReports } from './schema.ts';

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
 * An admin's decision on a listing closes the reports open when it was taken: kept (approved, enabled) or
 * removed (rejected, disabled, deleted by an admin). The owner deleting it closes them as withdrawn, which counts
 * for no reporter's record. A follow-up: it happens once the decision commits, even after a crash. Reports made
 * after it count afresh towards the hiding threshold. Banning a seller upholds the reports open on their listings,
 * which leave the site with them: the reports queue no longer offers what is already decided.
 */
export function registerReportReviews(events: EventBus, db: Db, items: ItemsService) {
  const close = async (status: number, { itemId, at }: ItemEvent) => {
    await db
      .update(itemReports)
      .set({ status })
      .where(
        and(
          eq(itemReports.itemId, itemId),
          eq(itemReports.status, REPORT_STATUS.open),
          at ? lte(itemReports.addedDate, new Date(at)) : undefined,
        ),
      );
  };
  for (const name of ['item.approved', 'item.enabled'] as const) {
    events.onCommitted(name, 'social.close-reports', (event) => close(REPORT_STATUS.kept, event));
  }
  for (const name of ['item.rejected', 'item.disabled'] as const) {
    events.onCommitted(name, 'social.close-reports', (event) => close(REPORT_STATUS.removed, event));
  }
  events.onCommitted('item.deleted', 'social.close-reports', (event) =>
    close(event.adminId ? REPORT_STATUS.removed : REPORT_STATUS.withdrawn, event),
  );
  events.onCommitted('user.banned', 'social.close-reports', async ({ userId }) => {
    const listings = await items.listingIdsOf(userId);
    if (listings.length === 0) return;
    await db
      .update(itemReports)
      .set({ status: REPORT_STATUS.removed })
      .where(and(inArray(itemReports.itemId, listings), eq(itemReports.status, REPORT_STATUS.open)));
  });
}
