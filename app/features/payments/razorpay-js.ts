import { loadProviderScript } from './provider-script.ts';

/** What checkout.js hands the page when the payer paid: checked on the server with the key secret. */
export interface RazorpayProof {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

/** The part of Razorpay's checkout.js this page uses (https://razorpay.com/docs/payments/payment-gateway/web-integration/standard/). */
export interface RazorpayOptions {
  key: string;
  order_id: string;
  name: string;
  description?: string;
  handler: (response: RazorpayProof) => void;
  modal?: { ondismiss?: () => void };
}

export interface RazorpayCheckout {
  open(): void;
  close(): void;
  on(event: 'payment.failed', handler: (response: { error?: { description?: string } }) => void): void;
}

export type RazorpayFactory = new (options: RazorpayOptions) => RazorpayCheckout;

/** Razorpay's checkout.js from where the server says (RAZORPAY_CHECKOUT_URL): its window takes the payment. */
export const loadRazorpay = (url: string) => loadProviderScript<RazorpayFactory>(url, 'Razorpay');
