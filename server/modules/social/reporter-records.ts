import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/database.ts';
import type { UsersService } from '../users/index.ts';
import { REPORT_STATUS, reporterWeight } from './policy.ts';
import { itemReports } from './schema.ts';

export interface ReportHistory {
  upheld: number;
  dismissed: number;
}

/** Each reporter's closed reports: upheld (the listing was removed) and dismissed (it was kept). */
export async function reportHistories(db: Db, reporterIds: string[]): Promise<Map<string, ReportHistory>> {
  if (reporterIds.length === 0) return new Map();
  const rows = await db
    .select({
      reporterId: itemReports.reporterId,
      upheld: sql<number>`(count(*) filter (where ${itemReports.status} = ${REPORT_STATUS.removed}))::int`,
      dismissed: sql<number>`(count(*) filter (where ${itemReports.status} = ${REPORT_STATUS.kept}))::int`,
    })
    .from(itemReports)
    .where(inArray(itemReports.reporterId, reporterIds))
    .groupBy(itemReports.reporterId);
  return new Map(rows.map((row) => [row.reporterId, { upheld: row.upheld, dismissed: row.dismissed }]));
}

/** Each reporter's weight now, from their account and their closed reports (policy.ts reporterWeight). */
export async function reporterWeights(
  db: Db,
  users: Pick<UsersService, 'rowsOf'>,
  reporterIds: string[],
): Promise<Map<string, number>> {
  if (reporterIds.length === 0) return new Map();
  const [accounts, histories] = await Promise.all([users.rowsOf(reporterIds), reportHistories(db, reporterIds)]);
  const now = new Date();
  return new Map(
    reporterIds.map((id) => {
      const account = accounts.get(id);
      const history = histories.get(id) ?? { upheld: 0, dismissed: 0 };
      return [id, account ? reporterWeight(account, history, now) : 0];
    }),
  );
}
