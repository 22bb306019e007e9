import type { PaymentMethod, PaymentPurpose } from '../../../contract/payments.ts';

/** A payment's money moved (after the commit; follow-ups are durable jobs, never the live bus). */
export interface PaymentEvent {
  paymentId: string;
  userId: string;
  purpose: PaymentPurpose;
  method: PaymentMethod;
  itemId: string | null;
}

declare module '../../kernel/events.ts' {
  interface DomainEvents {
    /** Verified with the provider (or approved by an operator for an offline payment). */
    'payment.succeeded': PaymentEvent;
    'payment.failed': PaymentEvent;
    'payment.refunded': PaymentEvent;
  }
}
