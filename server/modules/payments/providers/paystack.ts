import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  type Charge,
  type Initiated,
  type MinorAmount,
  type PaymentProvider,
  ProviderUnavailable,
  type ProviderVerdict,
  type WebhookNotice,
  WebhookRejected,
} from '../provider.ts';

export interface PaystackProviderOptions {
  /** PAYSTACK_SECRET_KEY: authenticates every call and signs Paystack's webhooks. */
  secretKey: string;
  /** PAYSTACK_API_URL: https://api.paystack.co, or a fake in the tests. */
  apiUrl: string;
  timeoutMs?: number;
}

/** Paystack's envelope; a refusal has `status: false` and says why in `message` (and `code`). */
interface Envelope<T> {
  status: boolean;
  message: string;
  code?: string;
  data?: T;
}

interface Answer<T> {
  what: string;
  httpStatus: number;
  body: Envelope<T>;
}

/** The fields of Paystack's transaction that the adapter reads. */
interface Transaction {
  id: number;
  status: string;
  reference: string;
  amount: number;
  currency: string;
  gateway_response?: string | null;
  message?: string | null;
  metadata?: unknown;
}

interface Authorization {
  authorization_url: string;
  access_code: string;
  reference: string;
}

interface Refund {
  amount: number;
  status: string;
}

/** Refunds that give, or are giving, the money back (`failed` ones credit the merchant instead). */
const REFUNDING = ['pending', 'processing', 'processed', 'needs-attention'];

type Call = <T>(what: string, method: 'GET' | 'POST', path: string, body?: object) => Promise<Answer<T>>;

/**
 * Paystack's redirect checkout through its REST API (Paystack has no official Node SDK): the server initializes a
 * transaction under our payment id as its reference, the payer pays on Paystack's page and comes back to
 * `returnUrl`, and `status` verifies the transaction.
 */
export function createPaystackProvider(options: PaystackProviderOptions): PaymentProvider {
  const call = paystackApi(options);
  const verify = async (reference: string) =>
    dataOf(
      await call<Transaction>(`verify ${reference}`, 'GET', `/transaction/verify/${encodeURIComponent(reference)}`),
    );

  return {
    method: 'paystack',

    async initiate(charge) {
      const answer = await call<Authorization>('initialize a transaction', 'POST', '/transaction/initialize', {
        email: payerEmail(charge),
        amount: paystackAmount(charge.amount),
        currency: charge.amount.currency,
        reference: charge.paymentId,
        callback_url: charge.returnUrl,
        metadata: {
          payment_id: charge.paymentId,
          // Paystack's checkout sends a payer who cancels here; without it the payer is left on Paystack's page.
          cancel_action: charge.returnUrl,
          custom_fields: [{ display_name: 'Description', variable_name: 'description', value: charge.description }],
        },
      });
      if (isDuplicate(answer)) return resumed(charge, await verify(charge.paymentId));
      const started = dataOf(answer);
      return {
        providerReference: started.reference,
        clientAction: {
          authorization_url: started.authorization_url,
          access_code: started.access_code,
          reference: started.reference,
        },
      };
    },

    async status(reference) {
      const transaction = await verify(reference);
      if (transaction.status !== 'reversed') return verdictOf(transaction);
      const refunds = dataOf(
        await call<Refund[]>(`list the refunds of ${reference}`, 'GET', `/refund?transaction=${transaction.id}`),
      );
      return reversedVerdict(transaction, refunds);
    },

    async refund(reference, amount) {
      const answer = await call(`refund ${reference}`, 'POST', '/refund', {
        transaction: reference,
        amount: paystackRefundAmount(amount),
      });
      // Refunded already (from the dashboard, or by an attempt whose answer was lost): the money is on its way back.
      if (!answer.body.status && /fully reversed/i.test(answer.body.message)) return;
      dataOf(answer);
    },

    async readWebhook(body, headers) {
      const signature = headers['x-paystack-signature'];
      if (typeof signature !== 'string' || !/^[0-9a-f]{128}$/i.test(signature)) {
        throw new WebhookRejected('Paystack webhook without one hex x-paystack-signature');
      }
      const expected = createHmac('sha512', options.secretKey).update(body).digest();
      if (!timingSafeEqual(Buffer.from(signature, 'hex'), expected)) {
        throw new WebhookRejected('Paystack webhook: signature mismatch');
      }
      return noticeOf(parseEvent(body));
    },
  };
}

/**
 * A retried initialize (a double submit, or one whose answer was lost) finds its transaction under the reference.
 * Paystack gives no authorization back for it (verify has no access code): the payer's first checkout page still
 * works, and this answer keeps the service on the same transaction rather than starting a second one.
 */
function resumed(charge: Charge, transaction: Transaction): Initiated {
  const paymentId = metadataOf(transaction.metadata).payment_id;
  const { minor, currency } = amountOf(transaction);
  if (paymentId !== charge.paymentId || minor !== charge.amount.minor || currency !== charge.amount.currency) {
    throw new ProviderUnavailable(
      `Paystack's transaction ${transaction.reference} is not this charge: it is for payment ${String(paymentId)}, ` +
        `${transaction.amount} ${transaction.currency}`,
    );
  }
  return { providerReference: transaction.reference, clientAction: { reference: transaction.reference } };
}

/**
 * Paystack's statuses (https://paystack.com/docs/payments/verify-payments): success, failed, and the ones the payer
 * may still complete. `abandoned` is among those: every new transaction verifies so until the payer pays, and the
 * payer may still pay it, so it stays pending and the service gives it up after its own delay.
 */
function verdictOf(transaction: Transaction): ProviderVerdict {
  const amount = amountOf(transaction);
  if (transaction.status === 'success') return { state: 'succeeded', amount };
  if (transaction.status === 'failed') {
    return { state: 'failed', amount, failure: transaction.gateway_response || transaction.message || 'Failed' };
  }
  return { state: 'pending', amount };
}

/** Reversed is refunded, or a chargeback when no refund gave the money back. A partial refund leaves it paid. */
function reversedVerdict(transaction: Transaction, refunds: Refund[]): ProviderVerdict {
  const amount = amountOf(transaction);
  const giving = refunds.filter((refund) => REFUNDING.includes(refund.status));
  if (giving.length === 0) return { state: 'failed', amount, failure: 'Reversed by a chargeback' };
  const refunded = giving.reduce((sum, refund) => sum + BigInt(refund.amount), 0n);
  return { state: refunded >= amount.minor ? 'refunded' : 'succeeded', amount };
}

interface PaystackEvent {
  event: string;
  data: Record<string, unknown>;
}

/** Paystack's events carry no id of their own: the event and its object name it, so a replay is recognised. */
function noticeOf({ event, data }: PaystackEvent): WebhookNotice | null {
  if (event === 'charge.success') {
    if (!isId(data.id)) throw new WebhookRejected('Paystack charge.success without a transaction id');
    return notice(`${event}:${data.id}`, data.reference, 'succeeded');
  }
  if (event === 'refund.processed') {
    // The documented refund events name no refund id: the processor's reference (or the transaction's) does.
    const id = [data.id, data.refund_reference, data.transaction_reference].find(isId);
    if (id === undefined) throw new WebhookRejected('Paystack refund.processed names no refund');
    return notice(`${event}:${id}`, data.transaction_reference, 'refunded');
  }
  return null;
}

function notice(eventId: string, providerReference: unknown, claimed: WebhookNotice['claimed']): WebhookNotice {
  if (typeof providerReference !== 'string' || !providerReference) {
    throw new WebhookRejected(`Paystack event ${eventId} names no transaction reference`);
  }
  return { eventId, providerReference, claimed };
}

const isId = (value: unknown): value is string | number =>
  (typeof value === 'string' && value !== '') || (typeof value === 'number' && Number.isSafeInteger(value));

function parseEvent(body: Buffer): PaystackEvent {
  let event: unknown;
  try {
    event = JSON.parse(body.toString('utf8'));
  } catch (error) {
    throw new WebhookRejected('Paystack webhook is not JSON', { cause: error });
  }
  const shaped = event as Partial<PaystackEvent> | null;
  if (typeof shaped?.event !== 'string' || typeof shaped.data !== 'object' || shaped.data === null) {
    throw new WebhookRejected('Paystack webhook is not an event');
  }
  return shaped as PaystackEvent;
}

function payerEmail(charge: Charge) {
  if (!charge.payer.email) {
    throw new ProviderUnavailable(
      `Paystack needs the payer's e-mail address to start a charge, and user ${charge.payer.userId} has none`,
    );
  }
  return charge.payer.email;
}

/** Initialize takes the amount in the subunit as a string: the bigint's own digits, exact at any size. */
function paystackAmount({ minor }: MinorAmount) {
  if (minor < 1n) throw new RangeError(`${minor} is no Paystack amount`);
  return minor.toString();
}

/** The refund endpoint documents an integer. */
function paystackRefundAmount({ minor }: MinorAmount) {
  if (minor < 1n || minor > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError(`${minor} is no Paystack amount`);
  return Number(minor);
}

function amountOf(transaction: Transaction): MinorAmount {
  if (!Number.isSafeInteger(transaction.amount) || typeof transaction.currency !== 'string') {
    throw new ProviderUnavailable(`Paystack answered ${transaction.reference} without a whole amount and currency`);
  }
  return { minor: BigInt(transaction.amount), currency: transaction.currency.toUpperCase() };
}

/** Metadata comes back as the object sent, or as stringified JSON. */
function metadataOf(metadata: unknown): Record<string, unknown> {
  let value = metadata;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return {};
    }
  }
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

const isDuplicate = (answer: Answer<unknown>) =>
  answer.httpStatus === 400 &&
  (answer.body.code === 'duplicate_reference' || /duplicate transaction reference/i.test(answer.body.message));

/** A 2xx envelope's data; anything else is Paystack refusing what we sent, in its words, for the operator's log. */
function dataOf<T>({ what, httpStatus, body }: Answer<T>): T {
  if (httpStatus >= 200 && httpStatus < 300 && body.status && body.data !== undefined) return body.data;
  throw new ProviderUnavailable(`Paystack refused to ${what} (${httpStatus}): ${body.message}`);
}

/**
 * One call to the REST API. Whatever failed on the way (no answer in time, a refused connection, a 5xx or 429, an
 * answer that is not Paystack's envelope), the payment stays as it was: ProviderUnavailable. A 4xx envelope is
 * handed back, for the caller to read (a duplicate reference, a refund done already) or refuse.
 */
function paystackApi(options: PaystackProviderOptions): Call {
  const base = options.apiUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;
  return async <T>(what: string, method: 'GET' | 'POST', path: string, body?: object) => {
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${options.secretKey}`,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      throw new ProviderUnavailable(`Paystack did not ${what}: ${messageOf(error)}`, { cause: error });
    }
    if (response.status >= 500 || response.status === 429) {
      throw new ProviderUnavailable(`Paystack did not ${what} (${response.status}): ${text.slice(0, 200)}`);
    }
    const envelope = parseEnvelope<T>(text);
    if (!envelope) throw new ProviderUnavailable(`Paystack answered ${what} (${response.status}) with no envelope`);
    return { what, httpStatus: response.status, body: envelope };
  };
}

function parseEnvelope<T>(text: string): Envelope<T> | null {
  try {
    const parsed = JSON.parse(text) as Partial<Envelope<T>> | null;
    if (typeof parsed?.status !== 'boolean' || typeof parsed.message !== 'string') return null;
    return parsed as Envelope<T>;
  } catch {
    return null;
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
