import { describe, expect, it } from 'vitest';
import { OFFER_STATUS } from '../../../contract/offers.ts';
import { mayDecide, mayMarkSold, mayOffer, otherPartyOf, roleOf } from './policy.ts';

const chat = { buyerUserId: 'buyer', sellerUserId: 'seller' };

describe('chat policy', () => {
  it('knows each side of a conversation, and nobody else', () => {
    expect(roleOf(chat, 'buyer')).toBe('buyer');
    expect(roleOf(chat, 'seller')).toBe('seller');
    expect(roleOf(chat, 'stranger')).toBeNull();
    expect(otherPartyOf(chat, 'buyer')).toBe('seller');
    expect(otherPartyOf(chat, 'seller')).toBe('buyer');
  });

  it('lets the buyer offer until an offer is accepted or the deal closed', () => {
    for (const status of [OFFER_STATUS.none, OFFER_STATUS.offer, OFFER_STATUS.reject])
      expect(mayOffer(status)).toBe(true);
    for (const status of [OFFER_STATUS.accept, OFFER_STATUS.sold, OFFER_STATUS.bought])
      expect(mayOffer(status)).toBe(false);
  });

  it('lets the seller decide only an open offer, and sell once to this buyer', () => {
    expect(mayDecide(OFFER_STATUS.offer)).toBe(true);
    expect(mayDecide(OFFER_STATUS.accept)).toBe(false);
    expect(mayMarkSold(OFFER_STATUS.accept)).toBe(true);
    expect(mayMarkSold(OFFER_STATUS.bought)).toBe(false);
  });
});
