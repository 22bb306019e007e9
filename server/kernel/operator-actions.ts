import { randomUUID } from 'node:crypto';
import { AppError } from './errors.ts';
import type { Publish } from './events.ts';

/** What an operator's action touched: the kind of row, for the audit log's filter. */
export type AuditSubject = 'user' | 'item' | 'settings' | 'application' | 'category' | 'lookup' | 'content' | 'payment';

/** One operator action as the audit log keeps it: who, what, on which row, and the row before and after. */
export interface OperatorAction {
  /** Given when published, so a retried follow-up writes the entry once. */
  id: string;
  actorId: string;
  /** A dotted name: "user.ban", "item.approve", "settings.update". */
  action: string;
  subjectType: AuditSubject;
  subjectId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  at: string;
}

declare module './events.ts' {
  interface DomainEvents {
    /** An operator changed something; the admin module's follow-up writes it to the audit log. */
    'operator.acted': OperatorAction;
  }
}

/**
 * Records an operator's action with the write it describes: published in that write's transaction, its audit
 * entry exists exactly when the write does (kernel/events.ts follow-ups). Any module's operator command calls it.
 */
export function recordOperatorAction(publish: Publish, action: Omit<OperatorAction, 'id' | 'at'>): void {
  publish('operator.acted', { ...action, id: randomUUID(), at: new Date().toISOString() });
}

/** The fields of `row` named in `keys`, for an audit entry's before and after. */
export function auditFields<T extends object, K extends keyof T & string>(row: T, keys: readonly K[]) {
  return Object.fromEntries(keys.map((key) => [key, row[key]])) as Record<K, unknown>;
}

/** The first line of every operator command: anyone but an administrator gets 403, decided in the service. */
export function refuseUnlessAdmin(asker: { isAdmin: boolean }): void {
  if (!asker.isAdmin) throw new AppError(403, 'errors.forbidden');
}
