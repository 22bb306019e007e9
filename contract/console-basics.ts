// Console constants without schemas: pages load these, so they must not bring zod along.
// contract/console.ts re-exports them with the schemas.

/** The kinds of rows operator actions touch (the audit log's filter). */
export const AUDIT_SUBJECTS = ['user', 'item', 'settings', 'application', 'category', 'content'] as const;
export type AuditSubjectType = (typeof AUDIT_SUBJECTS)[number];

export const DASHBOARD_DAYS = 14;
