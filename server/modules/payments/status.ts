import type { PaymentStatus } from '../../../contract/payments.ts';
import type { ProviderVerdict } from './provider.ts';

/**
 * The moves a payment may make. A provider-verified success is honoured even after a failure (a payer who
 * retried with another card, a provider that answered late); nothing leaves refunded.
 */
const NEXT: Record<PaymentStatus, readonly PaymentStatus[]> = {
  created: ['requires_action', 'pending_review', 'succeeded', 'failed'],
  requires_action: ['succeeded', 'failed'],
  pending_review: ['succeeded', 'failed'],
  failed: ['succeeded'],
  succeeded: ['refunded'],
  refunded: [],
};

export const mayMove = (from: PaymentStatus, to: PaymentStatus) => NEXT[from].includes(to);

/** The status a provider's verdict puts a payment in; pending leaves it where it is. */
export function statusOfVerdict(state: ProviderVerdict['state']): PaymentStatus | null {
  return state === 'pending' ? null : state;
}

/** Still waiting for the provider: what the reconciliation job asks about. */
export const UNSETTLED: readonly PaymentStatus[] = ['created', 'requires_action'];
