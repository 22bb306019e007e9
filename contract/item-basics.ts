// Item constants and address helpers without schemas: pages load these (an item card, a list, the item page), so
// they must not bring zod along. contract/items.ts re-exports them with the item schemas.

/** 4, expired: its lifetime (the operator's days since it was posted or renewed) ended; its owner can renew it. */
export const ITEM_STATUS = { pending: 0, active: 1, disabled: 2, rejected: 3, expired: 4 } as const;
export const MAX_ITEM_IMAGES = 5;
/** What a map shows when an item has no coordinates (SPEC.md 9). */
export const INVALID_COORDINATE = '0.000000';

/**
 * The lists of a seller's own items (SPEC.md 2: /active-items, /pending-items, /reject-items), the expired ones
 * (/expired-items) and the sold ones.
 */
export const OWNER_LISTS = ['active', 'pending', 'rejected', 'expired', 'sold'] as const;
export type OwnerList = (typeof OWNER_LISTS)[number];

/** How many listings "Recently viewed" keeps per person (issue 22), on the server and in a visitor's browser. */
export const RECENTLY_VIEWED_KEPT = 30;

/** How many listings each rail of an item page holds: related, the seller's other items, similar in a city. */
export const ITEM_RAIL_SIZE = 6;

/** The rails of an item page, as GET /items/{id}/related?kind= names them (subcategory: related items). */
export const ITEM_RAIL_KINDS = ['subcategory', 'seller', 'city'] as const;
export type ItemRailKind = (typeof ITEM_RAIL_KINDS)[number];

/** The moderation decisions an admin takes on an item (SPEC.md 4 item status). */
export const MODERATION_DECISIONS = ['approve', 'reject', 'disable', 'enable'] as const;
export type ModerationDecision = (typeof MODERATION_DECISIONS)[number];

/** The longest slug part of an item's address; the id follows it. */
const MAX_SLUG_LENGTH = 80;
const UUID_TAIL = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** A readable address part from a title, in any script ("آيفون 13 برو" stays Arabic): letters, digits, hyphens. */
export function slugOf(title: string): string {
  return title
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/g, '');
}

/** The item's {itemName}: its slug and its id ("iphone-13-pro-<uuid>"), or the id alone for a title of symbols. */
export const itemNameOf = (item: { id: string; slug: string }) => (item.slug ? `${item.slug}-${item.id}` : item.id);

/** The page address of an item. */
export const itemPath = (item: { item_name: string }) => `/item/${encodeURIComponent(item.item_name)}`;

/** The id an {itemName} carries (whatever slug precedes it: an old one redirects), or null when it has none. */
export function itemIdFromName(itemName: string | undefined): string | null {
  const match = itemName ? UUID_TAIL.exec(itemName.toLowerCase()) : null;
  return match?.[1] ?? null;
}

/** Why someone reports a listing (issue 11); "other" needs their own words. */
export const REPORT_REASONS = [
  'spam',
  'duplicate',
  'wrong_category',
  'offensive',
  'fraud',
  'prohibited',
  'sold',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** The longest note a report may carry. */
export const MAX_REPORT_NOTE = 500;
