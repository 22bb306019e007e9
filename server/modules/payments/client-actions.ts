import type { PaymentStart } from '../../../contract/payments.ts';
import type { PaymentSettings } from '../settings/index.ts';
import { amountOf, type PaymentRow } from './ledger.ts';

/** The providers' own browser scripts (Stripe.js, Razorpay's checkout). */
export interface ProviderScripts {
  stripe: string;
  razorpay: string;
}

/**
 * What the payer's browser or app does next, by method, from what the provider's start answered (kept in the
 * payment's details, so a second submit gets the same): never a secret key.
 */
export function clientActionOf(
  row: PaymentRow,
  clientAction: Record<string, string>,
  settings: PaymentSettings,
  scripts: ProviderScripts,
): PaymentStart['action'] {
  switch (row.method) {
    case 'stripe':
      return {
        kind: 'stripe',
        client_secret: clientAction.client_secret ?? '',
        publishable_key: settings.stripePublishableKey,
        js_url: scripts.stripe,
      };
    case 'razor':
      return {
        kind: 'razorpay',
        order_id: clientAction.order_id ?? '',
        key_id: clientAction.key_id ?? '',
        checkout_url: scripts.razorpay,
      };
    case 'In_App_Purchase':
      return {
        kind: 'in_app',
        android_product_id: settings.androidProductId,
        ios_product_id: settings.iosProductId,
        quantity: quantityOf(row),
      };
    default: {
      const url = clientAction.approve_url ?? clientAction.authorization_url;
      return url ? { kind: 'redirect', url } : { kind: 'none' };
    }
  }
}

export const isClientAction = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' && value !== null && Object.values(value).every((entry) => typeof entry === 'string');

/** How many of the thing the payment buys (a promotion's days), as its seller module recorded it. */
export const quantityOf = (row: PaymentRow) => (typeof row.details.quantity === 'number' ? row.details.quantity : 1);

export const expectedOf = (row: PaymentRow) => ({ amount: amountOf(row), quantity: quantityOf(row) });
