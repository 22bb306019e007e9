import { createHmac, timingSafeEqual } from 'node:crypto';
import Razorpay from 'razorpay';
import {
  type MinorAmount,
  type PaymentProvider,
  ProviderUnavailable,
  type ProviderVerdict,
  type WebhookNotice,
  WebhookRejected,
} from '../provider.ts';

/** Razorpay's longest receipt. */
const RECEIPT_MAX = 40;

export interface RazorpayProviderOptions {
  /** The operator setting razor_key: the public key id, also handed to the payer's checkout. */
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** RAZORPAY_API_URL: https://api.razorpay.com, or a fake in the tests. */
  apiUrl: string;
  timeoutMs?: number;
}

/** The fields of Razorpay's payment entity that the adapter reads. */
interface Payment {
  id: string;
  amount: number | string;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  amount_refunded?: number;
  error_description: string | null;
  created_at: number;
}

/** What the SDK rejects with: its own `{ statusCode, error }` for an answer; see `reportNetworkFailures`. */
interface SdkError {
  statusCode: number;
  error?: { code?: string; description?: string };
}

/**
 * The SDK's axios instance (`api.rq`): its constructor always aims at api.razorpay.com and sets no timeout, so the
 * adapter sets both on it.
 */
interface SdkHttp {
  defaults: { baseURL?: string; timeout?: number };
  interceptors: { response: { use(onFulfilled: undefined, onRejected: (error: unknown) => never): unknown } };
}

/**
 * Orders paid through Razorpay Checkout: the server creates an order, the payer's browser pays it with checkout.js
 * and brings back a signed payment id, and `status` asks Razorpay for the order's payments (capturing an authorized
 * one, as Razorpay wants within five days).
 */
export function createRazorpayProvider(options: RazorpayProviderOptions): PaymentProvider {
  const razorpay = new Razorpay({ key_id: options.keyId, key_secret: options.keySecret });
  const http = (razorpay.api as unknown as { rq: SdkHttp }).rq;
  http.defaults.baseURL = options.apiUrl;
  http.defaults.timeout = options.timeoutMs ?? 10_000;
  reportNetworkFailures(http);

  const paymentsOf = async (orderId: string): Promise<Payment[]> =>
    (await ask(`fetch the payments of ${orderId}`, () => razorpay.orders.fetchPayments(orderId))).items;
  /** An order nobody paid yet: pending, for the order's own amount. */
  const unpaid = async (orderId: string): Promise<ProviderVerdict> => {
    const order = await ask(`fetch ${orderId}`, () => razorpay.orders.fetch(orderId));
    return { state: 'pending', amount: amountOf(order) };
  };
  const capture = async (orderId: string, authorized: Payment) => {
    try {
      const captured = await razorpay.payments.capture(authorized.id, authorized.amount, authorized.currency);
      return verdictOf([captured]) ?? unpaid(orderId);
    } catch (error) {
      // Captured meanwhile (by a webhook's `status`, or Razorpay's automatic capture): ask again.
      if (!describes(error, 'already been captured')) throw unavailable(`capture ${authorized.id}`, error);
      return verdictOf(await paymentsOf(orderId)) ?? unpaid(orderId);
    }
  };

  return {
    method: 'razor',

    async initiate(charge) {
      const params = {
        amount: razorpayAmount(charge.amount),
        currency: charge.amount.currency,
        receipt: receiptOf(charge.paymentId),
        notes: { payment_id: charge.paymentId },
        // Razorpay's idempotency for orders (not in the SDK's types): a retried create gets the same order back.
        unique_receipt: true,
      };
      const order = await ask('create an order', () => razorpay.orders.create(params));
      return { providerReference: order.id, clientAction: { order_id: order.id, key_id: options.keyId } };
    },

    async status(orderId) {
      const payments = await paymentsOf(orderId);
      const authorized = payments.find((payment) => payment.status === 'authorized');
      if (authorized && !payments.some(isPaid)) return capture(orderId, authorized);
      return verdictOf(payments) ?? unpaid(orderId);
    },

    async acceptPayerProof(orderId, proof) {
      const paymentId = proof.razorpay_payment_id ?? '';
      if (!paymentId || proof.razorpay_order_id !== orderId) {
        throw new WebhookRejected(`Razorpay's checkout result is not about ${orderId}`);
      }
      const expected = createHmac('sha256', options.keySecret).update(`${orderId}|${paymentId}`).digest('hex');
      if (!sameText(expected, proof.razorpay_signature ?? '')) {
        throw new WebhookRejected(`Razorpay's checkout signature for ${paymentId} does not hold`);
      }
    },

    async refund(orderId, amount) {
      const payments = await paymentsOf(orderId);
      if (payments.some((payment) => payment.status === 'refunded')) return;
      const captured = payments.find((payment) => payment.status === 'captured');
      if (!captured) throw new ProviderUnavailable(`Razorpay holds no captured payment of ${orderId} to refund`);
      if (captured.currency.toUpperCase() !== amount.currency) {
        throw new RangeError(`${captured.id} was paid in ${captured.currency}, not ${amount.currency}`);
      }
      try {
        await razorpay.payments.refund(captured.id, { amount: razorpayAmount(amount) });
      } catch (error) {
        // Refunded already (from the dashboard, or by an attempt whose answer was lost): the money is back.
        if (describes(error, 'fully refunded already')) return;
        throw unavailable(`refund ${captured.id}`, error);
      }
    },

    async readWebhook(body, headers) {
      const signature = headers['x-razorpay-signature'];
      const eventId = headers['x-razorpay-event-id'];
      if (typeof signature !== 'string' || typeof eventId !== 'string' || !eventId) {
        throw new WebhookRejected('Razorpay webhook without a single X-Razorpay-Signature and X-Razorpay-Event-Id');
      }
      const expected = createHmac('sha256', options.webhookSecret).update(body).digest('hex');
      if (!sameText(expected, signature)) throw new WebhookRejected(`Razorpay webhook ${eventId}: signature mismatch`);
      return noticeOf(eventId, parseEvent(eventId, body));
    },
  };
}

/** Of an order's payments: a captured or refunded one, else one still open, else the latest failure; none: null. */
function verdictOf(payments: Payment[]): ProviderVerdict | null {
  const paid = payments.find(isPaid);
  if (paid) {
    const refunded = paid.status === 'refunded' || (paid.amount_refunded ?? 0) >= Number(paid.amount);
    return { state: refunded ? 'refunded' : 'succeeded', amount: amountOf(paid) };
  }
  const open = payments.find((payment) => payment.status !== 'failed');
  if (open) return { state: 'pending', amount: amountOf(open) };
  const [latest] = payments.toSorted((a, b) => b.created_at - a.created_at);
  if (!latest) return null;
  return { state: 'failed', amount: amountOf(latest), failure: latest.error_description ?? 'The payment failed.' };
}

const isPaid = (payment: Payment) => payment.status === 'captured' || payment.status === 'refunded';
const amountOf = (entity: { amount: number | string; currency: string }) => ({
  minor: BigInt(entity.amount),
  currency: entity.currency.toUpperCase(),
});

interface RazorpayEvent {
  event: string;
  payload: {
    payment?: { entity: { order_id?: string | null; amount?: number; amount_refunded?: number; status?: string } };
    order?: { entity: { id?: string } };
  };
}

const CLAIMS: Record<string, WebhookNotice['claimed']> = {
  'payment.captured': 'succeeded',
  'order.paid': 'succeeded',
  'payment.failed': 'failed',
  'refund.processed': 'refunded',
};

function noticeOf(eventId: string, event: RazorpayEvent): WebhookNotice | null {
  const claimed = CLAIMS[event.event];
  if (!claimed) return null;
  const payment = event.payload.payment?.entity;
  const providerReference = event.payload.order?.entity.id ?? payment?.order_id;
  // A payment made elsewhere (a payment link, a payment page) belongs to no order of ours.
  if (typeof providerReference !== 'string' || !providerReference) return null;
  // A partial refund leaves the payment paid; the service asks `status` either way.
  const partial = claimed === 'refunded' && payment?.status !== 'refunded';
  return { eventId, providerReference, claimed: partial ? 'succeeded' : claimed };
}

function parseEvent(eventId: string, body: Buffer): RazorpayEvent {
  let event: unknown;
  try {
    event = JSON.parse(body.toString('utf8'));
  } catch (error) {
    throw new WebhookRejected(`Razorpay webhook ${eventId} is not JSON`, { cause: error });
  }
  const shaped = event as Partial<RazorpayEvent> | null;
  if (typeof shaped?.event !== 'string' || typeof shaped.payload !== 'object' || shaped.payload === null) {
    throw new WebhookRejected(`Razorpay webhook ${eventId} is not an event`);
  }
  return shaped as RazorpayEvent;
}

function sameText(expected: string, given: string) {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

function receiptOf(paymentId: string) {
  if (paymentId.length > RECEIPT_MAX) throw new RangeError(`${paymentId} is longer than a Razorpay receipt`);
  return paymentId;
}

function razorpayAmount({ minor }: MinorAmount) {
  if (minor < 0n || minor > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError(`${minor} is no Razorpay amount`);
  return Number(minor);
}

/**
 * The SDK reads `error.response.status` of whatever axios rejects with, so a timeout or a refused connection
 * would come out as a TypeError; this gives such a failure a status of 0 and axios's words instead.
 */
function reportNetworkFailures(http: SdkHttp) {
  http.interceptors.response.use(undefined, (error) => {
    const failure = error as { response?: unknown; message?: string };
    if (!failure.response) {
      failure.response = { status: 0, data: { error: { code: 'NETWORK_ERROR', description: failure.message } } };
    }
    throw failure;
  });
}

async function ask<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw unavailable(what, error);
  }
}

const isSdkError = (error: unknown): error is SdkError =>
  typeof error === 'object' && error !== null && typeof (error as SdkError).statusCode === 'number';

const describes = (error: unknown, words: string) =>
  isSdkError(error) && (error.error?.description ?? '').includes(words);

/**
 * Whatever failed, the payment stays as it was, so the port has one error for it. A 4xx is Razorpay refusing what
 * we sent (a wrong key, an unknown id, a bad amount), not an outage: the message says so, in Razorpay's words.
 */
function unavailable(what: string, error: unknown) {
  if (!isSdkError(error)) return new ProviderUnavailable(`Razorpay did not ${what}: ${error}`, { cause: error });
  const { statusCode: status } = error;
  const words = error.error?.description ?? 'no description';
  const refused = status >= 400 && status < 500 && status !== 429;
  const reason = refused ? `Razorpay refused to ${what} (${status}): ` : `Razorpay did not ${what} (${status}): `;
  return new ProviderUnavailable(reason + words, { cause: error });
}
