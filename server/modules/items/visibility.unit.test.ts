import { describe, expect, it } from 'vitest';
import { ITEM_STATUS } from '../../../contract/items.ts';
import { LISTING_STATE, type ListingFacts, listingState, mayActOn, mayList, mayView } from './visibility.ts';

const listing = (change: Partial<ListingFacts> = {}): ListingFacts => ({
  addedUserId: 'seller',
  status: ITEM_STATUS.active,
  deletedAt: null,
  sellerPublic: true,
  ...change,
});
const owner = { userId: 'seller', isAdmin: false };
const admin = { userId: 'admin', isAdmin: true };
const buyer = { userId: 'buyer', isAdmin: false };
const inBlock = { inBlock: true, reported: false };
const reported = { inBlock: false, reported: true };

describe('a listing state', () => {
  it('is deleted, unpublished, seller-hidden or public, asked in that order', () => {
    expect(listingState(listing())).toBe(LISTING_STATE.public);
    expect(listingState(listing({ sellerPublic: false }))).toBe(LISTING_STATE.sellerHidden);
    for (const status of [ITEM_STATUS.pending, ITEM_STATUS.rejected, ITEM_STATUS.disabled]) {
      expect(listingState(listing({ status, sellerPublic: false }))).toBe(LISTING_STATE.unpublished);
    }
    expect(listingState(listing({ deletedAt: new Date(), status: ITEM_STATUS.pending }))).toBe(LISTING_STATE.deleted);
  });
});

describe('the listing page (mayView)', () => {
  it('shows a public listing to everyone, a visitor included', () => {
    for (const viewer of [null, owner, admin, buyer]) expect(mayView(viewer, listing())).toBe(true);
  });

  it('shows any listing but a deleted one to its owner and admins, and nothing else to others', () => {
    for (const hidden of [{ status: ITEM_STATUS.pending }, { status: ITEM_STATUS.rejected }, { sellerPublic: false }]) {
      expect(mayView(owner, listing(hidden))).toBe(true);
      expect(mayView(admin, listing(hidden))).toBe(true);
      expect(mayView(buyer, listing(hidden))).toBe(false);
      expect(mayView(null, listing(hidden))).toBe(false);
    }
    for (const viewer of [owner, admin, buyer]) expect(mayView(viewer, listing({ deletedAt: new Date() }))).toBe(false);
  });

  it('hides it from someone in a block with the seller, not from an admin; a reporter still reaches it', () => {
    expect(mayView(buyer, listing(), inBlock)).toBe(false);
    expect(mayView(admin, listing(), inBlock)).toBe(true);
    expect(mayView(buyer, listing(), reported)).toBe(true);
  });
});

describe('lists (mayList)', () => {
  it('list only public listings without a block or a report between them and the viewer', () => {
    expect(mayList(listing())).toBe(true);
    expect(mayList(listing(), inBlock)).toBe(false);
    expect(mayList(listing(), reported)).toBe(false);
    expect(mayList(listing({ sellerPublic: false }))).toBe(false);
    expect(mayList(listing({ status: ITEM_STATUS.pending }))).toBe(false);
  });
});

describe('favourite, report, message (mayActOn)', () => {
  it('are for someone else’s public listing with no block between them', () => {
    expect(mayActOn(buyer, listing(), { inBlock: false, reported: false })).toBe(true);
    expect(mayActOn(buyer, listing(), reported)).toBe(true);
    expect(mayActOn(owner, listing(), { inBlock: false, reported: false })).toBe(false);
    expect(mayActOn(buyer, listing(), inBlock)).toBe(false);
    expect(mayActOn(buyer, listing({ sellerPublic: false }), { inBlock: false, reported: false })).toBe(false);
  });
});
