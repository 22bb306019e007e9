/** Events of the items module (delivered after the write committed). */
export interface ItemEvent {
  itemId: string;
  ownerId: string;
  adminId?: string;
  reason?: string;
  /** When the change was made (ISO 8601): a follow-up acts on what existed then. */
  at?: string;
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
  }
}
