import { and, desc, eq, sql } from 'drizzle-orm';
import type { ReportedListing, ReporterRecord } from '../../../contract/console.ts';
import type { Paged } from '../../../contract/paging.ts';
import type { ReportReason } from '../../../contract/social.ts';
import type { Db } from '../../kernel/database.ts';
import { AppError } from '../../kernel/errors.ts';
import type { EventBus } from '../../kernel/events.ts';
import { recordOperatorAction, refuseUnlessAdmin } from '../../kernel/operator-actions.ts';
import { type PageRequest, resolveOffset, toPage } from '../../kernel/paging.ts';
import { type ItemsService, isItemId } from '../items/index.ts';
import type { UsersService } from '../users/index.ts';
import { REPORT_STATUS } from './policy.ts';
import { reporterWeights, reportHistories } from './reporter-records.ts';
import { itemReports } from './schema.ts';

/** Open reports read at once: far more than an operator's screen, few enough to weigh in one go. */
const OPEN_REPORTS_READ = 1000;

interface Asker {
  userId: string;
  isAdmin: boolean;
}

/**
 * The console's reports queue (issue 24): open reports by listing (heaviest first) and by reporter (most open
 * first), dismissing a listing's reports, and dismissing every open report of a reporter (which lowers the weight
 * of all their reports, policy.ts reporterWeight). Each dismissal is in the audit log.
 */
export class ReportQueue {
  private readonly db: Db;
  private readonly events: EventBus;
  private readonly deps: { items: ItemsService; users: UsersService };

  constructor(db: Db, events: EventBus, deps: { items: ItemsService; users: UsersService }) {
    this.db = db;
    this.events = events;
    this.deps = deps;
  }

  /** One page of the listings with open reports, the heaviest first (ties: the listing's id). */
  async byListing(asker: Asker, page: PageRequest): Promise<Paged<ReportedListing>> {
    refuseUnlessAdmin(asker);
    const open = await this.openReports();
    const weights = await this.weightsOf([...new Set(open.map((report) => report.reporterId))]);
    const groups = new Map<string, typeof open>();
    for (const report of open) groups.set(report.itemId, [...(groups.get(report.itemId) ?? []), report]);
    const offset = resolveOffset(page);
    const ranked = [...groups.entries()]
      .map(([itemId, reports]) => ({ itemId, reports, weight: sum(reports.map((r) => weights.get(r.reporterId))) }))
      .sort((a, b) => b.weight - a.weight || a.itemId.localeCompare(b.itemId));
    const shown = toPage(ranked.slice(offset, offset + page.limit + 1), page.limit, offset);
    return { ...shown, items: await this.presentListings(shown.items, weights) };
  }

  private async presentListings(
    heaviest: Array<{ itemId: string; reports: Array<typeof itemReports.$inferSelect>; weight: number }>,
    weights: Map<string, number>,
  ): Promise<ReportedListing[]> {
    const headlines = await Promise.all(heaviest.map((group) => this.deps.items.headline(group.itemId)));
    const names = await this.namesOf([
      ...heaviest.flatMap((group) => group.reports.map((report) => report.reporterId)),
      ...headlines.flatMap((headline) => (headline ? [headline.ownerId] : [])),
    ]);
    return heaviest.flatMap((group, index) => {
      const headline = headlines[index];
      if (!headline) return [];
      return [
        {
          item_id: group.itemId,
          title: headline.title,
          owner_id: headline.ownerId,
          owner_name: names.get(headline.ownerId) ?? '',
          weight: rounded(group.weight),
          reports: group.reports.map((report) => ({
            reason: report.reason as ReportReason,
            note: report.note,
            reporter_id: report.reporterId,
            reporter_name: names.get(report.reporterId) ?? '',
            reporter_weight: rounded(weights.get(report.reporterId) ?? 0),
            added_date: report.addedDate.toISOString(),
          })),
        },
      ];
    });
  }

  /** One page of the members with open reports, the most first. */
  async byReporter(asker: Asker, page: PageRequest): Promise<Paged<ReporterRecord>> {
    refuseUnlessAdmin(asker);
    const offset = resolveOffset(page);
    const rows = await this.db
      .select({ reporterId: itemReports.reporterId, open: sql<number>`count(*)::int` })
      .from(itemReports)
      .where(eq(itemReports.status, REPORT_STATUS.open))
      .groupBy(itemReports.reporterId)
      .orderBy(desc(sql`count(*)`), itemReports.reporterId)
      .limit(page.limit + 1)
      .offset(offset);
    const shown = toPage(rows, page.limit, offset);
    const ids = shown.items.map((row) => row.reporterId);
    const [histories, names, weights] = await Promise.all([
      this.historiesOf(ids),
      this.namesOf(ids),
      this.weightsOf(ids),
    ]);
    const items = shown.items.map((row) => ({
      reporter_id: row.reporterId,
      reporter_name: names.get(row.reporterId) ?? '',
      open: row.open,
      upheld: histories.get(row.reporterId)?.upheld ?? 0,
      dismissed: histories.get(row.reporterId)?.dismissed ?? 0,
      weight: rounded(weights.get(row.reporterId) ?? 0),
    }));
    return { ...shown, items };
  }

  /** Closes a listing's open reports as dismissed: the listing stays as it is. */
  async dismissListing(asker: Asker, itemId: string): Promise<number> {
    refuseUnlessAdmin(asker);
    if (!isItemId(itemId)) throw new AppError(404, 'api.itemNotFound');
    return this.dismiss(asker, eq(itemReports.itemId, itemId), {
      ...{ action: 'reports.dismiss', subjectType: 'item', subjectId: itemId },
    });
  }

  /** Closes every open report of one member as dismissed: each counts against the weight of their reports. */
  async dismissReporter(asker: Asker, reporterId: string): Promise<number> {
    refuseUnlessAdmin(asker);
    return this.dismiss(asker, eq(itemReports.reporterId, reporterId), {
      ...{ action: 'reports.dismiss-reporter', subjectType: 'user', subjectId: reporterId },
    });
  }

  private async dismiss(
    asker: Asker,
    which: ReturnType<typeof eq>,
    audit: { action: string; subjectType: 'item' | 'user'; subjectId: string },
  ): Promise<number> {
    return this.events.transaction(this.db, async (tx, publish) => {
      const closed = await tx
        .update(itemReports)
        .set({ status: REPORT_STATUS.kept })
        .where(and(which, eq(itemReports.status, REPORT_STATUS.open)))
        .returning({ id: itemReports.id });
      if (closed.length === 0) throw new AppError(409, 'console.reports.nothingOpen');
      recordOperatorAction(publish, {
        ...{ actorId: asker.userId, ...audit },
        before: { open_reports: closed.length },
        after: { open_reports: 0, dismissed: closed.length },
      });
      return closed.length;
    });
  }

  private openReports() {
    return this.db
      .select()
      .from(itemReports)
      .where(eq(itemReports.status, REPORT_STATUS.open))
      .orderBy(desc(itemReports.addedDate))
      .limit(OPEN_REPORTS_READ);
  }

  private historiesOf(reporterIds: string[]) {
    return reportHistories(this.db, reporterIds);
  }

  private weightsOf(reporterIds: string[]) {
    return reporterWeights(this.db, this.deps.users, reporterIds);
  }

  private namesOf(userIds: string[]) {
    return this.deps.users.namesOf([...new Set(userIds)]);
  }
}

const sum = (values: Array<number | undefined>) => values.reduce<number>((total, value) => total + (value ?? 0), 0);
const rounded = (weight: number) => Math.round(weight * 100) / 100;
