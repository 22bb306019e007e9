import { eq } from 'drizzle-orm';
import type { ConsoleAccountReport, ReportDirection, ReportOutcome } from '../../../contract/console-account.ts';
import type { PageWindow } from '../../../contract/pages.ts';
import type { Paged } from '../../../contract/paging.ts';
import type { ReportReason } from '../../../contract/social.ts';
import { type Db, latestFirst } from '../../kernel/database.ts';
import { refuseUnlessAdmin } from '../../kernel/operator-actions.ts';
import { toPage } from '../../kernel/paging.ts';
import type { ItemsService } from '../items/index.ts';
import type { UsersService } from '../users/index.ts';
import { REPORT_STATUS } from './policy.ts';
import { itemReports } from './schema.ts';

/** What each report status (policy.ts REPORT_STATUS) says to an operator. */
const OUTCOME_OF: Record<number, ReportOutcome> = {
  [REPORT_STATUS.open]: 'open',
  [REPORT_STATUS.kept]: 'dismissed',
  [REPORT_STATUS.removed]: 'upheld',
  [REPORT_STATUS.withdrawn]: 'withdrawn',
};

/** The columns of a report the console shows. */
const REPORT_COLUMNS = {
  id: itemReports.id,
  itemId: itemReports.itemId,
  reporterId: itemReports.reporterId,
  reason: itemReports.reason,
  note: itemReports.note,
  status: itemReports.status,
  addedDate: itemReports.addedDate,
};

/**
 * The reports one account made, or those made of its listings, the latest first, with what became of each
 * (the console's account page, issue 24).
 */
export class AccountReports {
  private readonly db: Db;
  private readonly deps: { items: ItemsService; users: UsersService };

  constructor(db: Db, deps: { items: ItemsService; users: UsersService }) {
    this.db = db;
    this.deps = deps;
  }

  async of(
    asker: { isAdmin: boolean },
    userId: string,
    direction: ReportDirection,
    page: PageWindow,
  ): Promise<Paged<ConsoleAccountReport>> {
    refuseUnlessAdmin(asker);
    const rows = direction === 'made' ? await this.made(userId, page) : await this.received(userId, page);
    const [headlines, names] = await Promise.all([
      this.deps.items.console.headlinesOf(asker, [...new Set(rows.map((row) => row.itemId))]),
      this.deps.users.namesOf([...new Set(rows.map((row) => row.reporterId))]),
    ]);
    const reports = rows.map((row) => {
      const headline = headlines.get(row.itemId);
      return {
        id: row.id,
        item_id: row.itemId,
        item_name: headline?.itemName ?? row.itemId,
        item_title: headline?.title ?? '',
        item_deleted: headline?.deleted ?? true,
        reporter_id: row.reporterId,
        reporter_name: names.get(row.reporterId) ?? '',
        reason: row.reason as ReportReason,
        note: row.note,
        outcome: OUTCOME_OF[row.status] ?? 'open',
        added_date: row.addedDate.toISOString(),
      };
    });
    return toPage(reports, page.limit, page.offset);
  }

  /** Read from item_reports_reporter_idx, the latest first: a page reads only its rows. */
  private made(userId: string, page: PageWindow) {
    return this.db
      .select(REPORT_COLUMNS)
      .from(itemReports)
      .where(eq(itemReports.reporterId, userId))
      .orderBy(latestFirst(itemReports.addedDate), latestFirst(itemReports.id))
      .limit(page.limit + 1)
      .offset(page.offset);
  }

  /**
   * Each of the account's listings (an owner index of items), then the latest of its reports (item_reports_once_idx,
   * a few rows a listing), merged: the cost follows the account's listings, never the size of item_reports, which
   * a plain "item_id in (its listings)" reads whole (a hash join) once the account has a few thousand listings.
   */
  private received(userId: string, page: PageWindow) {
    const owned = this.deps.items.console.ownedBy(userId).as('owned');
    const latest = this.db
      .select(REPORT_COLUMNS)
      .from(itemReports)
      .where(eq(itemReports.itemId, owned.id))
      .orderBy(latestFirst(itemReports.addedDate), latestFirst(itemReports.id))
      .limit(page.offset + page.limit + 1)
      .as('latest');
    return this.db
      .select({
        id: latest.id,
        itemId: latest.itemId,
        reporterId: latest.reporterId,
        reason: latest.reason,
        note: latest.note,
        status: latest.status,
        addedDate: latest.addedDate,
      })
      .from(owned)
      .crossJoinLateral(latest)
      .orderBy(latestFirst(latest.addedDate), latestFirst(latest.id))
      .limit(page.limit + 1)
      .offset(page.offset);
  }
}
