import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { LanguageCode } from '../../../contract/language.ts';
import type { PageWindow } from '../../../contract/pages.ts';
import type { Paged } from '../../../contract/paging.ts';
import type { Viewer } from '../../../contract/session.ts';
import type { ItemReport, ReportedItem, ReportInput, ReportReason } from '../../../contract/social.ts';
import type { Db } from '../../db/database.ts';
import { appSettings, itemReports, items, users } from '../../db/schema/index.ts';
import { AppError } from '../../kernel/errors.ts';
import type { EventBus } from '../../kernel/events.ts';
import { toPage } from '../../kernel/paging.ts';
import type { ItemsService } from '../items/index.ts';
import { itemForViewer } from './item-for-viewer.ts';
import { isActionable, isSelf, REPORT_STATUS, reachesThreshold } from './policy.ts';
import { alreadyReported, cannotActOnSelf, itemNotFound } from './refusals.ts';

/**
 * Reports of listings (issue 11): one per person and listing; the reporter no longer sees it; once enough
 * distinct people have open reports (app setting report_hide_threshold), it waits for an admin's review.
 */
export class Reports {
  private readonly db: Db;
  private readonly events: EventBus;
  private readonly items: ItemsService;

  constructor(db: Db, events: EventBus, items: ItemsService) {
    this.db = db;
    this.events = events;
    this.items = items;
  }

  async report(viewer: { userId: string }, itemId: string, input: ReportInput): Promise<void> {
    const item = await itemForViewer(this.db, itemId, viewer.userId);
    if (!item || !isActionable(item)) throw itemNotFound();
    if (isSelf(viewer.userId, item.addedUserId)) throw cannotActOnSelf();
    const added = await this.events.afterCommit(async (publish) => {
      const rows = await this.db
        .insert(itemReports)
        .values({ itemId, reporterId: viewer.userId, reason: input.reason, note: input.note })
        .onConflictDoNothing()
        .returning({ id: itemReports.id });
      if (rows.length > 0) publish('item.reported', { reporterId: viewer.userId, itemId, reason: input.reason });
      return rows.length > 0;
    });
    if (!added) throw alreadyReported();
    await this.holdWhenReportedEnough(itemId);
  }

  private async holdWhenReportedEnough(itemId: string) {
    const [open] = await this.db
      .select({ reporters: count() })
      .from(itemReports)
      .where(and(eq(itemReports.itemId, itemId), eq(itemReports.status, REPORT_STATUS.open)));
    const [settings] = await this.db.select({ threshold: appSettings.reportHideThreshold }).from(appSettings);
    if (reachesThreshold(open?.reporters ?? 0, settings?.threshold ?? 0)) await this.items.holdForReview(itemId);
  }

  /** The listings the viewer reported (not deleted), the latest first, each with what they said. */
  async listMine(viewer: Viewer, page: PageWindow, language: LanguageCode): Promise<Paged<ReportedItem>> {
    const rows = await this.db
      .select({
        itemId: itemReports.itemId,
        reason: itemReports.reason,
        note: itemReports.note,
        date: itemReports.addedDate,
      })
      .from(itemReports)
      .innerJoin(items, eq(items.id, itemReports.itemId))
      .where(and(eq(itemReports.reporterId, viewer.userId), isNull(items.deletedAt)))
      .orderBy(desc(itemReports.addedDate), desc(itemReports.id))
      .limit(page.limit + 1)
      .offset(page.offset);
    const cards = await this.items.cardsOf(
      rows.map((row) => row.itemId),
      viewer,
      language,
    );
    const reportOf = new Map(rows.map((row) => [row.itemId, row]));
    const reported = cards.flatMap((card) => {
      const report = reportOf.get(card.id);
      if (!report) return [];
      return [
        {
          ...card,
          report_reason: report.reason as ReportReason,
          report_note: report.note,
          reported_date: report.date.toISOString(),
        },
      ];
    });
    return toPage(reported, page.limit, page.offset);
  }

  /** The open reports of these listings, for the moderation queue: admins only. */
  async openReportsOf(viewer: { isAdmin: boolean }, itemIds: string[]): Promise<Record<string, ItemReport[]>> {
    if (!viewer.isAdmin) throw new AppError(403, 'errors.forbidden');
    if (itemIds.length === 0) return {};
    const rows = await this.db
      .select({
        itemId: itemReports.itemId,
        reason: itemReports.reason,
        note: itemReports.note,
        reporterId: itemReports.reporterId,
        reporterName: users.userName,
        date: itemReports.addedDate,
      })
      .from(itemReports)
      .innerJoin(users, eq(users.id, itemReports.reporterId))
      .where(and(inArray(itemReports.itemId, itemIds), eq(itemReports.status, REPORT_STATUS.open)))
      .orderBy(desc(itemReports.addedDate));
    const byItem: Record<string, ItemReport[]> = {};
    for (const row of rows) {
      byItem[row.itemId] ??= [];
      byItem[row.itemId]?.push({
        reason: row.reason as ReportReason,
        note: row.note,
        reporter_id: row.reporterId,
        reporter_name: row.reporterName,
        added_date: row.date.toISOString(),
      });
    }
    return byItem;
  }
}
