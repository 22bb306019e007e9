import { describe, expect, it } from 'vitest';
import { ITEM_STATUS } from '../../../contract/items.ts';
import {
  canDeleteItem,
  canEditItem,
  canModerate,
  dailyListingRule,
  statusAfterEdit,
  statusOfNewItem,
} from './policy.ts';

const item = (change = {}) => ({ addedUserId: 'seller', status: ITEM_STATUS.active, deletedAt: null, ...change });
const owner = { userId: 'seller', isAdmin: false };
const admin = { userId: 'admin', isAdmin: true };
const other = { userId: 'other', isAdmin: false };

describe('item policy', () => {
  it('lets only the owner edit, and nobody edit a deleted item', () => {
    expect(canEditItem(owner, item())).toBe(true);
    expect(canEditItem(admin, item())).toBe(false);
    expect(canEditItem(other, item())).toBe(false);
    expect(canEditItem(owner, item({ deletedAt: new Date() }))).toBe(false);
  });

  it('lets the owner or an admin delete, once', () => {
    expect(canDeleteItem(owner, item())).toBe(true);
    expect(canDeleteItem(admin, item())).toBe(true);
    expect(canDeleteItem(other, item())).toBe(false);
    expect(canDeleteItem(admin, item({ deletedAt: new Date() }))).toBe(false);
  });

  it('leaves moderation to admins', () => {
    expect(canModerate(admin)).toBe(true);
    expect(canModerate(owner)).toBe(false);
  });

  it('publishes at once unless approval is on, and sends an edit back for approval', () => {
    expect(statusOfNewItem(false)).toBe(ITEM_STATUS.active);
    expect(statusOfNewItem(true)).toBe(ITEM_STATUS.pending);
    expect(statusOfNewItem(false, true)).toBe(ITEM_STATUS.pending);
    expect(statusAfterEdit(ITEM_STATUS.active, true)).toBe(ITEM_STATUS.pending);
    expect(statusAfterEdit(ITEM_STATUS.rejected, false)).toBe(ITEM_STATUS.active);
    expect(statusAfterEdit(ITEM_STATUS.disabled, false)).toBe(ITEM_STATUS.disabled);
  });

  it('gives an account in its first week the lower daily limit, unless the general one is lower', () => {
    const now = new Date('2026-11-30T12:00:00Z');
    const joined = (days: number) => ({
      joinedAt: new Date(now.getTime() - days * 24 * 3600 * 1000),
      memberUntil: null,
    });
    const limits = { listingsPerDay: 20, newAccountListingsPerDay: 5, memberListingsPerDay: 0 };
    expect(dailyListingRule(limits, joined(2), now)).toEqual({ limit: 5, messageKey: 'api.itemNewAccountDailyLimit' });
    expect(dailyListingRule(limits, joined(8), now)).toEqual({ limit: 20, messageKey: 'api.itemDailyLimit' });
    expect(dailyListingRule({ ...limits, listingsPerDay: 3 }, joined(2), now).limit).toBe(3);
    expect(dailyListingRule({ ...limits, listingsPerDay: 0 }, joined(2), now).limit).toBe(5);
    expect(dailyListingRule({ ...limits, newAccountListingsPerDay: 0 }, joined(2), now).limit).toBe(20);
  });

  it('gives a member their own daily limit while the membership lasts, never a lower one', () => {
    const now = new Date('2026-11-30T12:00:00Z');
    const limits = { listingsPerDay: 20, newAccountListingsPerDay: 5, memberListingsPerDay: 50 };
    const member = (until: string) => ({ joinedAt: new Date('2026-11-29T00:00:00Z'), memberUntil: new Date(until) });
    expect(dailyListingRule(limits, member('2026-12-30T00:00:00Z'), now).limit).toBe(50);
    expect(dailyListingRule(limits, member('2026-11-30T11:00:00Z'), now).limit).toBe(5);
    expect(dailyListingRule({ ...limits, memberListingsPerDay: 10 }, member('2026-12-30T00:00:00Z'), now).limit).toBe(
      20,
    );
    expect(dailyListingRule({ ...limits, listingsPerDay: 0 }, member('2026-12-30T00:00:00Z'), now).limit).toBe(0);
  });
});
