import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { LanguageCode } from '../../../contract/language.ts';
import type { PageWindow } from '../../../contract/pages.ts';
import type { Paged } from '../../../contract/paging.ts';
import type { Viewer } from '../../../contract/session.ts';
import type { ItemReport, ReportedItem, ReportInput, ReportReason } from '../../../contract/social.ts';
import type { Db } from '../../kernel/database.ts';
import { AppError } from '../../kernel/errors.ts';
import type { EventBus } from '../../kernel/events.ts';
import { toPage } from '../../kernel/paging.ts';
import { type ItemsService, mayActOn } from '../items/index.ts';
import type { SettingsService } from '../settings/index.ts';
import type { UsersService } from '../users/index.ts';
import type { Blocks } from './blocks.ts';
import { itemForViewer } from './item-for-viewer.ts';
import { isSelf, REPORT_STATUS, reachesThreshold } from './policy.ts';
import { alreadyReported, cannotActOnSelf, itemNotFound } from './refusals.ts';
import { itemReports } from './schema.ts';

export interface ReportsDependencies {
  items: ItemsService;
  users: UsersService;
  settings: SettingsService;
  blocks: Blocks;
}

/**
 * Reports of listings (issue 11): one per person and listing; the reporter no longer sees it; once enough
 * distinct people have open reports (app setting report_hide_threshold), it waits for an admin's review.
 */
export class Reports {
  private readonly db: Db;
  private readonly events: EventBus;
  private readonly deps: ReportsDependencies;

  constructor(db: Db, events: EventBus, deps: ReportsDependencies) {
    this.db = db;
    this.events = events;
    this.deps = deps;
  }

  async report(viewer: { userId: string }, itemId: string, input: ReportInput): Promise<void> {
    const found = await itemForViewer(this.deps.items, this.deps.blocks, itemId, viewer.userId);
    if (!found) throw itemNotFound();
    if (isSelf(viewer.userId, found.listing.addedUserId)) throw cannotActOnSelf();
    if (!mayActOn(viewer, found.listing, found.ties)) throw itemNotFound();
    const added = await this.events.transaction(this.db, async (tx, publish) => {
      const rows = await tx
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
    const threshold = await this.deps.settings.reportHideThreshold();
    if (reachesThreshold(open?.reporters ?? 0, threshold)) await this.deps.items.holdForReview(itemId);
  }

  /** The listings the viewer reported (not deleted), the latest first, each with what they said. */
  async listMine(viewer: Viewer, page: PageWindow, language: LanguageCode): Promise<Paged<ReportedItem>> {
    const listings = this.deps.items.listings.existing();
    const rows = await this.db
      .select({
        itemId: itemReports.itemId,
        reason: itemReports.reason,
        note: itemReports.note,
        date: itemReports.addedDate,
      })
      .from(itemReports)
      .innerJoin(listings, eq(listings.id, itemReports.itemId))
      .where(eq(itemReports.reporterId, viewer.userId))
      .orderBy(desc(itemReports.addedDate), desc(itemReports.id))
      .limit(page.limit + 1)
      .offset(page.offset);
    const cards = await this.deps.items.cardsOf(
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
        date: itemReports.addedDate,
      })
      .from(itemReports)
      .where(and(inArray(itemReports.itemId, itemIds), eq(itemReports.status, REPORT_STATUS.open)))
      .orderBy(desc(itemReports.addedDate));
    const names = await this.deps.users.namesOf([...new Set(rows.map((row) => row.reporterId))]);
    const byItem: Record<string, ItemReport[]> = {};
    for (const row of rows) {
      byItem[row.itemId] ??= [];
      byItem[row.itemId]?.push({
        reason: row.reason as ReportReason,
        note: row.note,
        reporter_id: row.reporterId,
        reporter_name: names.get(row.reporterId) ?? '',
        added_date: row.date.toISOString(),
      });
    }
    return byItem;
  }
}
