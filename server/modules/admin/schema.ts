import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every operator action (issue 24): who, what, on which row, before and after. Append-only: a trigger refuses
 * updates and deletions (migration 0023), so no operator, nor the app, can rewrite it.
 */
export const operatorAudit = pgTable(
  'operator_audit',
  {
    id: uuid('id').primaryKey(),
    /** No foreign key: the entry outlives the account that acted. */
    actorId: text('actor_id').notNull(),
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    actedAt: timestamp('acted_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('operator_audit_recent_idx').on(table.actedAt.desc(), table.id.desc()),
    index('operator_audit_subject_idx').on(table.subjectType, table.subjectId, table.actedAt.desc()),
    index('operator_audit_actor_idx').on(table.actorId, table.actedAt.desc()),
  ],
);
