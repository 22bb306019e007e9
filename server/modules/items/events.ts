/** Events of the items module (delivered after the write committed). */
export interface ItemEvent {
  itemId: string;
  ownerId: string;
  adminId?: string;
  reason?: string;
  /** When the change was made (ISO 8601): a follow-up acts on what existed then. */
  at?: string;
}

/** The owner lowered the price of a listing (its alert to those who keep it as a favourite). */
export interface PriceDrop {
  itemId: string;
  ownerId: string;
  from: string;
  to: string;
}

declare module '../../kernel/events.ts' {
  interface DomainEvents {
    'item.created': ItemEvent;
    'item.updated': ItemEvent;
    'item.approved': ItemEvent;
    'item.rejected': ItemEvent;
    'item.disabled': ItemEvent;
    'item.enabled': ItemEvent;
    'item.sold': ItemEvent;
    'item.deleted': ItemEvent;
    /** Enough people reported the active item: it waits (pending) for an admin's review. */
    'item.heldForReview': ItemEvent;
    'item.priceDropped': PriceDrop;
    /** Its lifetime ends soon (`at`): the owner may renew it (lifetime.ts). */
    'item.expiring': ItemEvent;
    /** Its lifetime ended: it left every public list until its owner renews it. */
    'item.expired': ItemEvent;
    'item.renewed': ItemEvent;
    /** Moved to the top of "Latest" (`at`), free or paid. */
    'item.bumped': ItemEvent;
    /** A promotion of the listing started or ended (its badge and rank first). */
    'item.promotionChanged': ItemEvent;
  }
}
