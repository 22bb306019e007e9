// Console constants without schemas: pages load these, so they must not bring zod along.
// contract/console.ts re-exports them with the schemas.

/** The kinds of rows operator actions touch (the audit log's filter). */
export const AUDIT_SUBJECTS = [
  'user',
  'item',
  'settings',
  'application',
  'category',
  'lookup',
  'content',
  'payment',
] as const;
export type AuditSubjectType = (typeof AUDIT_SUBJECTS)[number];

export const DASHBOARD_DAYS = 14;

/** The drawn icons a category may show (the column categories.icon) when it has no icon picture. */
export const CATEGORY_ICON_NAMES = [
  'tag',
  'car',
  'smartphone',
  'building-2',
  'sofa',
  'armchair',
  'refrigerator',
  'tv',
  'shirt',
  'baby',
  'book-open',
  'briefcase',
  'dumbbell',
  'paw-print',
  'wrench',
] as const;
export type CategoryIconName = (typeof CATEGORY_ICON_NAMES)[number];

/** A category's two pictures: the icon on its card, and the photo at the top of its page. */
export const CATEGORY_PICTURE_SLOTS = ['icon', 'photo'] as const;
export type CategoryPictureSlot = (typeof CATEGORY_PICTURE_SLOTS)[number];

/** The reports queue shows this many listings or reporters a page. */
export const REPORT_QUEUE_SIZE = 50;
