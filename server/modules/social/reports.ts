import { and, count, desc, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import { DEFAULT_LANGUAGE, type LanguageCode } from '../../../contract/language.ts';
import type { PageWindow } from '../../../contract/pages.ts';
import type { Paged } from '../../../contract/paging.ts';
import type { Viewer } from '../../../contract/session.ts';
import type { ItemReport, ReportedItem, ReportInput, ReportReason } from '../../../contract/social.ts';
import { DAY_MS, HOUR_MS, lockAccountCounter, refuseAtLimit } from '../../kernel/account-limits.ts';
import type { Db, DbOrTx } from '../../kernel/database.ts';
import { AppError } from '../../kernel/errors.ts';
import type { EventBus } from '../../kernel/events.ts';
import { toPage } from '../../kernel/paging.ts';
import { type ItemsService, mayActOn } from '../items/index.ts';
import type { AccountLimits, SettingsService } from '../settings/index.ts';
import type { UsersService } from '../users/index.ts';
import type { Blocks } from './blocks.ts';
import { itemForViewer } from './item-for-viewer.ts';
import { isSelf, REPORT_STATUS, reachesThreshold } from './policy.ts';
import { alreadyReported, cannotActOnSelf, itemNotFound } from './refusals.ts';
import { reporterWeights } from './reporter-records.ts';
import { itemReports } from './schema.ts';

/** A report lighter than this (an account of a few hours, say) does not make the listing's reports be summed. */
const WEIGHT_THAT_COUNTS = 0.05;

export interface ReportsDependencies {
  items: ItemsService;
  users: UsersService;
  settings: SettingsService;
  blocks: Blocks;
}

/**
 * Reports of listings (issues 11, 24): one per person and listing, within limits per hour and day; the reporter
 * no longer sees it; once its open reports weigh enough trusted reporters (app setting report_hide_threshold,
 * policy.ts reporterWeight), it waits for an admin's review.
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

  /**
   * Records the viewer's report, within their hourly and daily limits, and holds the listing for review when
   * its open reports now weigh enough. Answers whether it was held (the reporter's page then leaves it).
   */
  async report(
    viewer: { userId: string },
    itemId: string,
    input: ReportInput,
    language: LanguageCode = DEFAULT_LANGUAGE,
  ): Promise<{ held: boolean }> {
    const found = await itemForViewer(this.deps.items, this.deps.blocks, itemId, viewer.userId);
    if (!found) throw itemNotFound();
    if (isSelf(viewer.userId, found.listing.addedUserId)) throw cannotActOnSelf();
    if (!mayActOn(viewer, found.listing, found.ties)) throw itemNotFound();
    const limits = await this.deps.settings.accountLimits();
    const added = await this.events.transaction(this.db, async (tx, publish) => {
      await this.checkReportLimits(tx, viewer.userId, limits, language);
      const rows = await tx
        .insert(itemReports)
        .values({ itemId, reporterId: viewer.userId, reason: input.reason, note: input.note })
        .onConflictDoNothing()
        .returning({ id: itemReports.id });
      if (rows.length > 0) publish('item.reported', { reporterId: viewer.userId, itemId, reason: input.reason });
      return rows.length > 0;
    });
    if (!added) throw alreadyReported();
    return { held: await this.holdWhenReportedEnough(itemId, viewer.userId) };
  }

  /** Refuses a report past the account's limits per hour and per day, saying when it may report again. */
  private async checkReportLimits(tx: DbOrTx, reporterId: string, limits: AccountLimits, language: LanguageCode) {
    await lockAccountCounter(tx, 'item-reports', reporterId);
    const now = new Date();
    const [made] = await tx
      .select({
        lastDay: sql<number>`count(*)::int`,
        oldestOfDay: sql<string | null>`min(${itemReports.addedDate})`,
        lastHour: sql<number>`(count(*) filter (where ${itemReports.addedDate} > ${new Date(now.getTime() - HOUR_MS)}))::int`,
        oldestOfHour: sql<
          string | null
        >`min(${itemReports.addedDate}) filter (where ${itemReports.addedDate} > ${new Date(now.getTime() - HOUR_MS)})`,
      })
      .from(itemReports)
      .where(and(eq(itemReports.reporterId, reporterId), gt(itemReports.addedDate, new Date(now.getTime() - DAY_MS))));
    if (!made) return;
    const perHour = { limit: limits.reportsPerHour, windowMs: HOUR_MS, messageKey: 'api.reportHourlyLimit' };
    refuseAtLimit({ count: made.lastHour, oldest: made.oldestOfHour }, perHour, language, now);
    const perDay = { limit: limits.reportsPerDay, windowMs: DAY_MS, messageKey: 'api.reportDailyLimit' };
    refuseAtLimit({ count: made.lastDay, oldest: made.oldestOfDay }, perDay, language, now);
  }

  /**
   * Holds the listing once its open reports weigh the threshold in trusted reporters (policy.ts), unless an
   * admin dismissed reports of it and it has not changed since. A report that weighs next to nothing changes
   * nothing: thousands of throw-away accounts' reports are not summed again at each one.
   */
  private async holdWhenReportedEnough(itemId: string, reporterId: string): Promise<boolean> {
    const threshold = await this.deps.settings.reportHideThreshold();
    if (threshold <= 0) return false;
    const own = (await this.weightsOf([reporterId])).get(reporterId) ?? 0;
    if (own < WEIGHT_THAT_COUNTS) return false;
    const reports = await this.db
      .select({ reporterId: itemReports.reporterId, status: itemReports.status })
      .from(itemReports)
      .where(
        and(eq(itemReports.itemId, itemId), inArray(itemReports.status, [REPORT_STATUS.open, REPORT_STATUS.kept])),
      );
    const open = reports.filter((report) => report.status === REPORT_STATUS.open);
    const weights = await this.weightsOf(open.map((report) => report.reporterId));
    const weight = [...weights.values()].reduce((sum, each) => sum + each, 0);
    if (!reachesThreshold(weight, threshold)) return false;
    // An admin who read reports of it and kept it has the last word while the listing stays as they saw it.
    const keepApproved = reports.some((report) => report.status === REPORT_STATUS.kept);
    return this.deps.items.holdForReview(itemId, { keepApproved });
  }

  /** Each reporter's weight now, from their account and their closed reports. */
  private weightsOf(reporterIds: string[]): Promise<Map<string, number>> {
    return reporterWeights(this.db, this.deps.users, reporterIds);
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
    const reporterIds = [...new Set(rows.map((row) => row.reporterId))];
    const [names, weights] = await Promise.all([this.deps.users.namesOf(reporterIds), this.weightsOf(reporterIds)]);
    const byItem: Record<string, ItemReport[]> = {};
    for (const row of rows) {
      byItem[row.itemId] ??= [];
      byItem[row.itemId]?.push({
        reason: row.reason as ReportReason,
        note: row.note,
        reporter_id: row.reporterId,
        reporter_name: names.get(row.reporterId) ?? '',
        reporter_weight: Math.round((weights.get(row.reporterId) ?? 0) * 100) / 100,
        added_date: row.date.toISOString(),
      });
    }
    return byItem;
  }

  /** Open reports in all, and what one account reported and had reported (the operator's console). */
  async consoleCounts(viewer: { isAdmin: boolean }, userId: string | null) {
    if (!viewer.isAdmin) throw new AppError(403, 'errors.forbidden');
    const openOnly = eq(itemReports.status, REPORT_STATUS.open);
    const counted = (where: SQL | undefined) =>
      this.db
        .select({ count: count() })
        .from(itemReports)
        .where(where)
        .then((rows) => rows[0]?.count ?? 0);
    if (!userId) return { open: await counted(openOnly), made: 0, received: 0 };
    const owned = inArray(itemReports.itemId, this.deps.items.console.ownedBy(userId));
    const [open, made, received] = await Promise.all([
      counted(openOnly),
      counted(eq(itemReports.reporterId, userId)),
      counted(owned),
    ]);
    return { open, made, received };
  }
}
