import { ITEM_STATUS } from '../../../contract/items.ts';

/**
 * Who may see and change an item, as pure predicates over its row (SPEC.md 4 item status, SPEC.md 6 roles):
 * the one place the item states turn into permissions. Services ask here; routes and pages never decide.
 */

export interface ItemAccessRow {
  addedUserId: string;
  status: number;
  deletedAt: Date | null;
}

export interface Asker {
  userId: string;
  isAdmin: boolean;
}

const isOwner = (asker: Asker, item: ItemAccessRow) => asker.userId === item.addedUserId;

/** Editing, photos, video and sold-out belong to the owner alone (admins moderate, they do not edit). */
export function canEditItem(asker: Asker, item: ItemAccessRow): boolean {
  return !item.deletedAt && isOwner(asker, item);
}

/** The owner deletes their item; an admin may remove any. */
export function canDeleteItem(asker: Asker, item: ItemAccessRow): boolean {
  return !item.deletedAt && (isOwner(asker, item) || asker.isAdmin);
}

/** Moderation is for admins only. */
export const canModerate = (asker: Asker) => asker.isAdmin;

/**
 * A new item waits for approval when the operator asks for it (app setting) or when it is among the account's
 * first listings that an admin sees before anyone else (issue 24); else it is published at once.
 */
export const statusOfNewItem = (approvalRequired: boolean, amongFirstReviewed = false) =>
  approvalRequired || amongFirstReviewed ? ITEM_STATUS.pending : ITEM_STATUS.active;

/** An account younger than this posts under the new accounts' daily limit. */
export const NEW_ACCOUNT_DAYS = 7;

export interface PostingLimits {
  listingsPerDay: number;
  newAccountListingsPerDay: number;
  /** A member's daily limit (0: the general one); a membership only ever raises the limit. */
  memberListingsPerDay: number;
}

export interface PostingAccount {
  joinedAt: Date;
  /** When the account's membership ends (null: not a member). */
  memberUntil: Date | null;
}

/** The daily listing limit of an account (0: none), and the words of its refusal. */
export function dailyListingRule(limits: PostingLimits, account: PostingAccount, now = new Date()) {
  const isNew = now.getTime() - account.joinedAt.getTime() < NEW_ACCOUNT_DAYS * 24 * 60 * 60 * 1000;
  const isMember = account.memberUntil !== null && account.memberUntil > now;
  if (isMember && limits.memberListingsPerDay > 0) {
    const limit = limits.listingsPerDay === 0 ? 0 : Math.max(limits.memberListingsPerDay, limits.listingsPerDay);
    return { limit, messageKey: 'api.itemDailyLimit' };
  }
  const general = limits.listingsPerDay;
  const forNew = limits.newAccountListingsPerDay;
  if (isNew && forNew > 0 && (general === 0 || forNew < general)) {
    return { limit: forNew, messageKey: 'api.itemNewAccountDailyLimit' };
  }
  return { limit: general, messageKey: 'api.itemDailyLimit' };
}

/**
 * The status after the owner changes an item: an active item goes back to pending when approval is on; a
 * rejected one is submitted again (pending, or active without approval); a disabled one stays disabled
 * (only an admin re-enables it), and an expired one stays expired (its owner renews it).
 */
export function statusAfterEdit(status: number, approvalRequired: boolean): number {
  if (status === ITEM_STATUS.disabled || status === ITEM_STATUS.expired) return status;
  return statusOfNewItem(approvalRequired);
}
