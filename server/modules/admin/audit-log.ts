import { and, desc, eq, gte, like, lt, type SQL } from 'drizzle-orm';
import type { AuditEntry, AuditFilter, AuditSubjectType } from '../../../contract/console.ts';
import { utcDayEnd, utcDayStart } from '../../../contract/date-time.ts';
import type { PageWindow } from '../../../contract/pages.ts';
import type { Paged } from '../../../contract/paging.ts';
import type { Db } from '../../kernel/database.ts';
import type { EventBus } from '../../kernel/events.ts';
import { containsPattern } from '../../kernel/like-pattern.ts';
import type { OperatorAction } from '../../kernel/operator-actions.ts';
import { toPage } from '../../kernel/paging.ts';
import { operatorAudit } from './schema.ts';

type AuditRow = typeof operatorAudit.$inferSelect;

/**
 * Writes each operator action to the audit log once its write has committed (a follow-up: stored with that write,
 * retried until written; the entry's own id makes a repeat a no-op).
 */
export function registerAuditLog(events: EventBus, db: Db) {
  events.onCommitted('operator.acted', 'admin.audit-log', async (action: OperatorAction) => {
    await db
      .insert(operatorAudit)
      .values({ ...action, actedAt: new Date(action.at) })
      .onConflictDoNothing({ target: operatorAudit.id });
  });
}

/** The audit log, latest first, narrowed by what the operator searched for. */
export async function readAuditLog(
  db: Db,
  filter: AuditFilter,
  page: PageWindow,
  namesOf: (userIds: string[]) => Promise<Map<string, string>>,
): Promise<Paged<AuditEntry>> {
  const rows = await db
    .select()
    .from(operatorAudit)
    .where(and(...conditionsOf(filter)))
    .orderBy(desc(operatorAudit.actedAt), desc(operatorAudit.id))
    .limit(page.limit + 1)
    .offset(page.offset);
  const names = await namesOf([...new Set(rows.map((row) => row.actorId))]);
  return toPage(
    rows.map((row) => presentEntry(row, names.get(row.actorId) ?? null)),
    page.limit,
    page.offset,
  );
}

function conditionsOf(filter: AuditFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.subject_type) conditions.push(eq(operatorAudit.subjectType, filter.subject_type));
  if (filter.subject_id) conditions.push(eq(operatorAudit.subjectId, filter.subject_id));
  if (filter.actor_id) conditions.push(eq(operatorAudit.actorId, filter.actor_id));
  // "user." finds every account action; the pattern is anchored at the start so the index order still serves.
  if (filter.action) conditions.push(like(operatorAudit.action, `${containsPattern(filter.action).slice(1)}`));
  if (filter.from) conditions.push(gte(operatorAudit.actedAt, utcDayStart(filter.from)));
  if (filter.through) conditions.push(lt(operatorAudit.actedAt, utcDayEnd(filter.through)));
  return conditions;
}

function presentEntry(row: AuditRow, actorName: string | null): AuditEntry {
  return {
    id: row.id,
    actor_id: row.actorId,
    actor_name: actorName,
    action: row.action,
    subject_type: row.subjectType as AuditSubjectType,
    subject_id: row.subjectId,
    before: row.before,
    after: row.after,
    acted_at: row.actedAt.toISOString(),
  };
}
