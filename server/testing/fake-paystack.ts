import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serveLocally } from './local-server.ts';

export interface FakePaystackOptions {
  /** PAYSTACK_SECRET_KEY: the only key the API takes, and what signs the webhooks. */
  secretKey: string;
  /** Where events are POSTed (the app's webhook route); `setWebhookUrl` sets it once the app listens. */
  webhookUrl?: string;
  /** What the merchant may charge in; Paystack's own list by default (so SAR is refused, as Paystack does). */
  currencies?: string[];
  /** A fixed port, for browser journeys that must name the URL before it starts; a free one by default. */
  port?: number;
}

/** Paystack's transaction statuses (https://paystack.com/docs/payments/verify-payments). */
export type PaystackStatus =
  | 'abandoned'
  | 'failed'
  | 'ongoing'
  | 'pending'
  | 'processing'
  | 'queued'
  | 'reversed'
  | 'success';

export interface FakePaystackCustomer {
  id: number;
  first_name: string | null;
  last_name: string | null;
  email: string;
  customer_code: string;
  phone: string | null;
  metadata: null;
  risk_action: 'default';
  international_format_phone: null;
}

interface CheckoutLog {
  start_time: number;
  time_spent: number;
  attempts: number;
  errors: number;
  success: boolean;
  mobile: false;
  input: [];
  history: Array<{ type: string; message: string; time: number }>;
}

/** A transaction as Paystack's verify and fetch endpoints answer it (and as charge.success carries it). */
export interface FakePaystackTransaction {
  id: number;
  domain: 'test';
  status: PaystackStatus;
  reference: string;
  receipt_number: null;
  amount: number;
  message: string | null;
  gateway_response: string;
  paid_at: string | null;
  created_at: string;
  channel: 'card';
  currency: string;
  ip_address: string | null;
  metadata: unknown;
  log: CheckoutLog | null;
  fees: number | null;
  fees_split: null;
  authorization: Record<string, unknown>;
  customer: FakePaystackCustomer;
  plan: null;
  split: Record<string, never>;
  order_id: null;
  paidAt: string | null;
  createdAt: string;
  requested_amount: number;
  pos_transaction_data: null;
  source: { type: 'api'; source: 'merchant_api'; identifier: null };
  fees_breakdown: null;
  connect: null;
  transaction_date: string;
  plan_object: Record<string, never>;
  subaccount: Record<string, never>;
}

export interface FakePaystackRefund {
  id: number;
  integration: number;
  domain: 'test';
  /** The refunded transaction's id. */
  transaction: number;
  dispute: null;
  settlement: null;
  amount: number;
  deducted_amount: number;
  fully_deducted: boolean;
  currency: string;
  channel: 'card';
  status: 'pending' | 'processed' | 'failed';
  refunded_by: string;
  refunded_at: string | null;
  expected_at: string;
  customer_note: string;
  merchant_note: string;
  createdAt: string;
  updatedAt: string;
}

/** One API call as it arrived: `body` parsed from JSON or a form (the raw text when it was neither). */
export interface FakePaystackRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  /** Whether it carried `Authorization: Bearer <secret key>`. */
  authorized: boolean;
}

export interface FakePaystackEvent {
  event: string;
  data: unknown;
}

/** An event as Paystack POSTs it: the exact body and its headers, to replay, forge, delay or reorder. */
export interface SignedPaystackEvent {
  event: FakePaystackEvent;
  body: string;
  headers: { 'content-type': string; 'x-paystack-signature': string };
}

/** One POST of an event to a webhook URL: the answer's status, or null and why when nothing answered. */
export interface FakePaystackDelivery {
  event: FakePaystackEvent;
  url: string;
  status: number | null;
  error?: string;
}

interface Checkout {
  accessCode: string;
  reference: string;
  callbackUrl: string | null;
  /** metadata.cancel_action: where Paystack's checkout sends a payer who cancels. */
  cancelUrl: string | null;
}

type Answer = { status: number; body: unknown };

interface State {
  options: FakePaystackOptions;
  origin: string;
  currencies: string[];
  transactions: Map<string, FakePaystackTransaction>;
  checkouts: Map<string, Checkout>;
  refunds: Map<number, FakePaystackRefund>;
  customers: Map<string, FakePaystackCustomer>;
  requests: FakePaystackRequest[];
  deliveries: FakePaystackDelivery[];
  pendingDeliveries: Set<Promise<unknown>>;
  hangMs: number;
  failures: { times: number; status: number };
  holdRefunds: boolean;
  lastId: number;
}

/** A refused request, thrown by a handler and answered with Paystack's error envelope. */
class Refusal extends Error {
  answer: Answer;
  constructor(status: number, message: string, details: { code?: string; nextStep?: string; type?: string } = {}) {
    super(message);
    const { code, nextStep, type = 'validation_error' } = details;
    const meta = nextStep ? { meta: { nextStep } } : {};
    this.answer = { status, body: { status: false, message, ...meta, ...(code ? { type, code } : {}) } };
  }
}

const PAYSTACK_CURRENCIES = ['NGN', 'GHS', 'ZAR', 'KES', 'USD', 'XOF', 'EGP', 'RWF'];
const INTEGRATION = 412829;
/** Statuses in which the payer may still pay: Paystack's checkout lets a declined payer try another card. */
const PAYABLE: PaystackStatus[] = ['abandoned', 'failed', 'ongoing', 'pending', 'processing', 'queued'];
const NOT_COMPLETED = 'The transaction was not completed';

/**
 * A local Paystack (https://paystack.com/docs/api) for the adapter's fetch calls (PAYSTACK_API_URL = `url`): JSON
 * or form bodies, `Authorization: Bearer <secret key>` on every call (401 `Invalid key` otherwise), Paystack's
 * `{ status, message, data }` envelope and its error shape. A reference names one transaction for good: another
 * initialize with it is refused with `Duplicate Transaction Reference`, Paystack's only idempotency. A new
 * transaction verifies as `abandoned` until the payer pays, as on Paystack.
 *
 * The browser side is a stand-in for Paystack's hosted checkout: `authorization_url` is a page here (no script, no
 * external resources) whose "Pay" and "Cancel" buttons send the payer back to `callback_url?trxref=…&reference=…`
 * (a cancel goes to metadata.cancel_action when there is one) and whose "Fail" declines the card and stays, with
 * the decline shown, as Paystack's checkout does. Paying POSTs `charge.success`, refunding `refund.pending` then
 * `refund.processed`, to the webhook URL, signed with `x-paystack-signature` (hex HMAC-SHA512 of the body under
 * the secret key); `signedEvent` and `sendEvent` make any event, signed with any secret.
 */
export async function startFakePaystack(options: FakePaystackOptions) {
  const state: State = {
    options: { ...options },
    origin: '',
    currencies: options.currencies ?? PAYSTACK_CURRENCIES,
    transactions: new Map(),
    checkouts: new Map(),
    refunds: new Map(),
    customers: new Map(),
    requests: [],
    deliveries: [],
    pendingDeliveries: new Set(),
    hangMs: 0,
    failures: { times: 0, status: 500 },
    holdRefunds: false,
    lastId: 4_099_260_500,
  };
  const { origin, close } = await serveLocally((request, response) => handle(state, request, response), {
    port: options.port,
    onError: (response, error) => reply(response, { status: 500, body: { status: false, message: String(error) } }),
    beforeClose: () => Promise.allSettled(state.pendingDeliveries),
  });
  state.origin = origin;
  return {
    /** PAYSTACK_API_URL */
    url: state.origin,
    /** Every API call, oldest first (the checkout page's are not API calls). */
    requests: state.requests,
    /** Every event POSTed to a webhook URL, in the order the answers came. */
    deliveries: state.deliveries,
    ...paymentControls(state),
    ...webhookControls(state),
    close,
  };
}

export type FakePaystack = Awaited<ReturnType<typeof startFakePaystack>>;

function paymentControls(state: State) {
  const find = (reference: string) => {
    const transaction = state.transactions.get(reference);
    if (!transaction) throw new Error(`the fake Paystack has no transaction ${reference}`);
    return transaction;
  };
  return {
    /** The transaction as Paystack holds it now (a copy): verify's `data`, and charge.success's. */
    transaction: (reference: string) => structuredClone(find(reference)),
    /** Every transaction, oldest first (copies). */
    transactions: () => [...state.transactions.values()].map((transaction) => structuredClone(transaction)),
    /** The refunds of a transaction, oldest first (copies). */
    refunds: (reference: string) => refundsOf(state, find(reference).id).map((refund) => structuredClone(refund)),
    /** The payer pays on the checkout page with a test card that succeeds; charge.success goes out. */
    pay: (reference: string) => structuredClone(pay(state, find(reference))),
    /** The payer's card is declined (`gateway_response` says why); the payer may still pay after it. */
    decline: (reference: string, reason = 'Declined') => structuredClone(decline(find(reference), reason)),
    /** Sets a status the checkout cannot reach (a transfer still `pending`, a chargeback's `reversed`...). */
    setStatus(reference: string, status: PaystackStatus, gatewayResponse?: string) {
      const transaction = find(reference);
      transaction.status = status;
      if (gatewayResponse !== undefined) transaction.gateway_response = gatewayResponse;
      return structuredClone(transaction);
    },
    /** From now on a refund stays `pending` until `finishRefund`; `holdRefunds(false)`: processed at once again. */
    holdRefunds(hold = true) {
      state.holdRefunds = hold;
    },
    /** A held refund is processed (the money is back: a full refund reverses the transaction) or fails. */
    finishRefund(refundId: number, outcome: 'processed' | 'failed' = 'processed') {
      const refund = state.refunds.get(refundId);
      if (refund?.status !== 'pending') throw new Error(`the fake Paystack has no pending refund ${refundId}`);
      finishRefund(state, refund, outcome);
      return structuredClone(refund);
    },
    /** From now on the API takes `ms` before answering; Infinity (the default): it never answers. `hang(0)` ends it. */
    hang(ms = Number.POSITIVE_INFINITY) {
      state.hangMs = ms;
    },
    /** The next `times` API calls answer `status`, as during an outage. */
    failRequests(times: number, status = 500) {
      state.failures = { times, status };
    },
  };
}

function webhookControls(state: State) {
  const signedWith = (event: string, data: unknown, secret?: string) =>
    signedEvent({ event, data: structuredClone(data) }, secret ?? state.options.secretKey);
  const webhookUrl = (url?: string) => {
    const target = url ?? state.options.webhookUrl;
    if (!target) throw new Error('the fake Paystack has no webhook URL: pass webhookUrl or call setWebhookUrl');
    return target;
  };
  return {
    setWebhookUrl(url: string) {
      state.options.webhookUrl = url;
    },
    /** The `x-paystack-signature` of `body`: hex HMAC-SHA512 under the secret key (or `secret`). */
    sign: (body: string, secret?: string) => signature(body, secret ?? state.options.secretKey),
    /** An event as Paystack would POST it, signed with the secret key (or `secret`). */
    signedEvent: (event: string, data: unknown, signing: { secret?: string } = {}) =>
      signedWith(event, data, signing.secret),
    /** A refund's webhook `data`, in the shape Paystack documents for the refund.* events. */
    refundEventData: (refundId: number) => {
      const refund = state.refunds.get(refundId);
      if (!refund) throw new Error(`the fake Paystack has no refund ${refundId}`);
      return refundEventData(state, refund);
    },
    /** Makes an event and POSTs it to the webhook URL (or `url`); resolves the answer's status. */
    sendEvent: (event: string, data: unknown, signing: { secret?: string; url?: string } = {}) =>
      deliver(state, signedWith(event, data, signing.secret), webhookUrl(signing.url)),
    /** POSTs a signed event as it is (again, late, out of order); resolves the answer's status. */
    send: (signed: SignedPaystackEvent, url?: string) => deliver(state, signed, webhookUrl(url)),
  };
}

async function handle(state: State, request: IncomingMessage, response: ServerResponse) {
  const url = new URL(request.url ?? '/', state.origin);
  const checkout = /^\/checkout\/([A-Za-z0-9]+)(?:\/(pay|fail|cancel))?$/.exec(url.pathname);
  if (checkout) return checkoutPage(state, request, response, url, checkout);
  // The checkout page's browser asks for it: not an API call, and no error in the journey's console.
  if (url.pathname === '/favicon.ico') return response.writeHead(204).end();
  return api(state, request, response, url);
}

async function api(state: State, request: IncomingMessage, response: ServerResponse, url: URL) {
  const raw = await readBody(request);
  const logged: FakePaystackRequest = {
    method: request.method ?? '',
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    body: parseBody(raw, header(request, 'content-type') ?? ''),
    authorized: header(request, 'authorization') === `Bearer ${state.options.secretKey}`,
  };
  state.requests.push(logged);
  if (state.hangMs === Number.POSITIVE_INFINITY) return;
  if (state.hangMs > 0) await new Promise((resolve) => setTimeout(resolve, state.hangMs));
  if (state.failures.times > 0) {
    state.failures.times--;
    return reply(response, { status: state.failures.status, body: { status: false, message: 'Server Error' } });
  }
  try {
    if (!logged.authorized) throw new Refusal(401, 'Invalid key');
    reply(response, route(state, logged));
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    reply(response, error.answer);
  }
}

function route(state: State, request: FakePaystackRequest): Answer {
  const { method, path } = request;
  const [, resource = '', id = '', more = ''] = /^\/([a-z_]+)(?:\/([^/]+))?(?:\/([^/]+))?$/.exec(path) ?? [];
  const call = `${method} ${resource}${id ? `/${/^\d+$/.test(id) ? ':id' : id}` : ''}${more ? '/:reference' : ''}`;
  switch (call) {
    case 'POST transaction/initialize':
      return initialize(state, fieldsOf(request.body));
    case 'GET transaction/verify/:reference':
      return ok('Verification successful', transactionOf(state, decodeURIComponent(more)));
    case 'GET transaction/:id':
      return ok('Transaction retrieved', transactionOf(state, id));
    case 'POST refund':
      return createRefund(state, fieldsOf(request.body));
    case 'GET refund':
      return listRefunds(state, request.query);
    case 'GET refund/:id':
      return ok('Refund retrieved', state.refunds.get(Number(id)) ?? notFound('Refund not found'));
    default:
      throw new Refusal(404, `Route not found: ${method} ${path}`);
  }
}

function initialize(state: State, fields: Record<string, unknown>): Answer {
  const email = text(fields.email)?.trim();
  if (!email) throw new Refusal(400, 'Email Address is required', missingParams);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new Refusal(400, 'Invalid Email Address Passed', invalidParams);
  const amount = amountOf(fields.amount, 'Invalid Amount Sent');
  const currency = (text(fields.currency) ?? 'NGN').toUpperCase();
  if (!state.currencies.includes(currency)) {
    throw new Refusal(400, 'Currency not supported by merchant', { ...invalidParams, code: 'unsupported_currency' });
  }
  const reference = text(fields.reference) ?? randomBytes(5).toString('hex');
  if (!/^[A-Za-z0-9.=-]+$/.test(reference)) {
    throw new Refusal(400, 'Only -, ., = and alphanumeric characters allowed in reference', invalidParams);
  }
  if (state.transactions.has(reference)) {
    throw new Refusal(400, 'Duplicate Transaction Reference', {
      code: 'duplicate_reference',
      nextStep: 'Try and create the Transaction or Charge with a new reference',
    });
  }
  const metadata = metadataOf(fields.metadata);
  state.transactions.set(reference, newTransaction(state, { reference, amount, currency, email, metadata }));
  const accessCode = randomBytes(8).toString('hex').slice(0, 15);
  const cancelUrl =
    typeof metadata === 'object' && metadata ? text((metadata as Record<string, unknown>).cancel_action) : undefined;
  state.checkouts.set(accessCode, {
    accessCode,
    reference,
    callbackUrl: text(fields.callback_url) ?? null,
    cancelUrl: cancelUrl ?? null,
  });
  return ok('Authorization URL created', {
    authorization_url: `${state.origin}/checkout/${accessCode}`,
    access_code: accessCode,
    reference,
  });
}

const missingParams = { code: 'missing_params', nextStep: 'Provide all required params' };
const invalidParams = { code: 'invalid_params', nextStep: 'Ensure that the params you are passing are valid' };

function newTransaction(
  state: State,
  fields: { reference: string; amount: number; currency: string; email: string; metadata: unknown },
): FakePaystackTransaction {
  const now = new Date().toISOString();
  return {
    id: ++state.lastId,
    domain: 'test',
    status: 'abandoned',
    reference: fields.reference,
    receipt_number: null,
    amount: fields.amount,
    message: null,
    gateway_response: NOT_COMPLETED,
    paid_at: null,
    created_at: now,
    channel: 'card',
    currency: fields.currency,
    ip_address: null,
    metadata: fields.metadata,
    log: null,
    fees: null,
    fees_split: null,
    authorization: {},
    customer: customerOf(state, fields.email),
    plan: null,
    split: {},
    order_id: null,
    paidAt: null,
    createdAt: now,
    requested_amount: fields.amount,
    pos_transaction_data: null,
    source: { type: 'api', source: 'merchant_api', identifier: null },
    fees_breakdown: null,
    connect: null,
    transaction_date: now,
    plan_object: {},
    subaccount: {},
  };
}

function customerOf(state: State, email: string): FakePaystackCustomer {
  const known = state.customers.get(email.toLowerCase());
  if (known) return structuredClone(known);
  const customer: FakePaystackCustomer = {
    id: 181_873_700 + state.customers.size,
    first_name: null,
    last_name: null,
    email,
    customer_code: `CUS_${randomBytes(8).toString('hex').slice(0, 15)}`,
    phone: null,
    metadata: null,
    risk_action: 'default',
    international_format_phone: null,
  };
  state.customers.set(email.toLowerCase(), customer);
  return structuredClone(customer);
}

/** By reference (verify) or by numeric id (fetch). */
function transactionOf(state: State, key: string) {
  const byReference = state.transactions.get(key);
  if (byReference) return byReference;
  const byId = /^\d+$/.test(key) ? [...state.transactions.values()].find(({ id }) => String(id) === key) : undefined;
  return (
    byId ??
    notFound('Transaction reference not found', {
      code: 'transaction_not_found',
      nextStep: "Ensure that you're passing the reference of a transaction that exists on this integration",
    })
  );
}

function pay(state: State, transaction: FakePaystackTransaction) {
  if (!PAYABLE.includes(transaction.status)) throw new Error(`${transaction.reference} is ${transaction.status}`);
  const now = new Date().toISOString();
  transaction.status = 'success';
  transaction.gateway_response = 'Successful';
  transaction.message = null;
  transaction.paid_at = now;
  transaction.paidAt = now;
  transaction.fees = Math.min(Math.floor((transaction.amount * 15) / 1000) + 10_000, 200_000);
  transaction.authorization = {
    authorization_code: `AUTH_${randomBytes(5).toString('hex')}`,
    bin: '408408',
    last4: '4081',
    exp_month: '12',
    exp_year: String(new Date().getFullYear() + 3),
    channel: 'card',
    card_type: 'visa ',
    bank: 'TEST BANK',
    country_code: 'NG',
    brand: 'visa',
    reusable: true,
    signature: `SIG_${randomBytes(10).toString('hex')}`,
    account_name: null,
  };
  attempt(transaction, 'success', 'Successfully paid with card');
  emit(state, 'charge.success', transaction);
  return transaction;
}

function decline(transaction: FakePaystackTransaction, reason: string) {
  if (!PAYABLE.includes(transaction.status)) throw new Error(`${transaction.reference} is ${transaction.status}`);
  transaction.status = 'failed';
  transaction.gateway_response = reason;
  transaction.message = reason;
  attempt(transaction, 'error', reason);
  return transaction;
}

/** The checkout's log of the payer's attempts, as verify shows it. */
function attempt(transaction: FakePaystackTransaction, outcome: 'success' | 'error', message: string) {
  const now = Math.floor(Date.now() / 1000);
  const log = transaction.log ?? {
    start_time: now,
    time_spent: 0,
    attempts: 0,
    errors: 0,
    success: false,
    mobile: false,
    input: [],
    history: [],
  };
  log.attempts++;
  log.time_spent = now - log.start_time;
  log.history.push({ type: 'action', message: 'Attempted to pay with card', time: log.time_spent });
  log.history.push({ type: outcome, message, time: log.time_spent });
  if (outcome === 'error') log.errors++;
  log.success = outcome === 'success';
  transaction.log = log;
}

function createRefund(state: State, fields: Record<string, unknown>): Answer {
  const key = text(fields.transaction) ?? (typeof fields.transaction === 'number' ? String(fields.transaction) : '');
  if (!key) throw new Refusal(400, 'Transaction reference or id is required', missingParams);
  const transaction = transactionOf(state, key);
  const remaining = transaction.amount - refundedAmount(state, transaction);
  if (transaction.status === 'reversed' || (transaction.status === 'success' && remaining <= 0)) {
    throw new Refusal(400, 'Transaction has been fully reversed', { ...invalidParams, code: 'transaction_reversed' });
  }
  if (transaction.status !== 'success') {
    throw new Refusal(400, 'Cannot refund a transaction that was not successful', invalidParams);
  }
  const amount = fields.amount === undefined ? remaining : amountOf(fields.amount, 'Invalid refund amount');
  if (amount > remaining) {
    throw new Refusal(400, 'Refund amount cannot be more than the transaction amount left to refund', invalidParams);
  }
  const refund = newRefund(state, transaction, amount, fields);
  state.refunds.set(refund.id, refund);
  const answer = ok('Refund has been queued for processing', {
    ...refund,
    transaction: refundedTransaction(transaction),
  });
  emit(state, 'refund.pending', refundEventData(state, refund));
  if (!state.holdRefunds) finishRefund(state, refund, 'processed');
  return answer;
}

function newRefund(
  state: State,
  transaction: FakePaystackTransaction,
  amount: number,
  fields: Record<string, unknown>,
): FakePaystackRefund {
  const now = new Date();
  return {
    id: 3_018_284 + state.refunds.size,
    integration: INTEGRATION,
    domain: 'test',
    transaction: transaction.id,
    dispute: null,
    settlement: null,
    amount,
    deducted_amount: 0,
    fully_deducted: false,
    currency: transaction.currency,
    channel: 'card',
    status: 'pending',
    refunded_by: 'merchant@api',
    refunded_at: null,
    expected_at: new Date(now.getTime() + 9 * 86_400_000).toISOString(),
    customer_note: text(fields.customer_note) ?? `Refund for transaction ${transaction.reference}`,
    merchant_note: text(fields.merchant_note) ?? `Refund for transaction ${transaction.reference}`,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
}

/** The part of the transaction a created refund's answer nests. */
function refundedTransaction(transaction: FakePaystackTransaction) {
  const { id, domain, reference, amount, paid_at, channel, currency, authorization, customer, paidAt } = transaction;
  return { id, domain, reference, amount, paid_at, channel, currency, authorization, customer, paidAt };
}

function finishRefund(state: State, refund: FakePaystackRefund, outcome: 'processed' | 'failed') {
  const now = new Date().toISOString();
  refund.status = outcome;
  refund.updatedAt = now;
  const transaction = [...state.transactions.values()].find(({ id }) => id === refund.transaction);
  if (!transaction) return;
  if (outcome === 'processed') {
    refund.refunded_at = now;
    refund.deducted_amount = refund.amount;
    refund.fully_deducted = true;
    if (refundedAmount(state, transaction, ['processed']) >= transaction.amount) transaction.status = 'reversed';
  }
  emit(state, `refund.${outcome}`, refundEventData(state, refund));
}

/** What is refunded or on its way back: every refund but the failed ones (or only those of `statuses`). */
function refundedAmount(state: State, transaction: FakePaystackTransaction, statuses = ['pending', 'processed']) {
  return refundsOf(state, transaction.id)
    .filter((refund) => statuses.includes(refund.status))
    .reduce((sum, refund) => sum + refund.amount, 0);
}

const refundsOf = (state: State, transactionId: number) =>
  [...state.refunds.values()].filter((refund) => refund.transaction === transactionId);

/** The documented refund.* event data: it names the transaction by reference and carries no refund id. */
function refundEventData(state: State, refund: FakePaystackRefund) {
  const transaction = [...state.transactions.values()].find(({ id }) => id === refund.transaction);
  const customer = transaction?.customer;
  return {
    status: refund.status,
    transaction_reference: transaction?.reference ?? null,
    refund_reference: refund.status === 'pending' ? null : String(132_013_318_360 + refund.id),
    amount: String(refund.amount),
    currency: refund.currency,
    processor: 'mpgs_zen',
    customer: {
      first_name: customer?.first_name ?? null,
      last_name: customer?.last_name ?? null,
      email: customer?.email,
    },
    integration: INTEGRATION,
    domain: 'test',
  };
}

function listRefunds(state: State, query: Record<string, string>): Answer {
  const refunds = [...state.refunds.values()].filter(
    (refund) =>
      (!query.transaction || String(refund.transaction) === query.transaction) &&
      (!query.currency || refund.currency === query.currency.toUpperCase()),
  );
  return {
    status: 200,
    body: {
      status: true,
      message: 'Refunds retrieved',
      data: structuredClone(refunds),
      meta: { total: refunds.length, skipped: 0, perPage: 50, page: 1, pageCount: 1 },
    },
  };
}

/** The hosted checkout's stand-in: GET shows the page; its buttons POST here and redirect (303) like Paystack's. */
function checkoutPage(
  state: State,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  [, accessCode = '', action]: RegExpExecArray,
) {
  request.resume();
  const checkout = state.checkouts.get(accessCode);
  const transaction = checkout && state.transactions.get(checkout.reference);
  if (!checkout || !transaction) return page(response, 404, notFoundPage());
  if (!action || request.method !== 'POST') {
    return page(response, 200, checkoutHtml(checkout, transaction, url.searchParams.has('declined')));
  }
  if (!PAYABLE.includes(transaction.status)) return redirect(response, `/checkout/${accessCode}`);
  if (action === 'fail') {
    decline(transaction, 'Declined');
    return redirect(response, `/checkout/${accessCode}?declined=1`);
  }
  if (action === 'pay') pay(state, transaction);
  const back = action === 'cancel' && checkout.cancelUrl ? checkout.cancelUrl : returnUrl(checkout);
  return back ? redirect(response, back) : page(response, 200, checkoutHtml(checkout, transaction, false));
}

/** callback_url with `trxref` and `reference` added, as Paystack's checkout sends the payer back. */
function returnUrl(checkout: Checkout) {
  if (!checkout.callbackUrl) return null;
  const target = new URL(checkout.callbackUrl);
  target.searchParams.set('trxref', checkout.reference);
  target.searchParams.set('reference', checkout.reference);
  return target.toString();
}

function checkoutHtml(checkout: Checkout, transaction: FakePaystackTransaction, declined: boolean) {
  const amount = `${transaction.currency} ${majorUnits(transaction.amount)}`;
  const done = !PAYABLE.includes(transaction.status);
  const back = returnUrl(checkout);
  const action = (name: string, label: string) =>
    `<form method="post" action="/checkout/${checkout.accessCode}/${name}"><button type="submit">${label}</button></form>`;
  const body = done
    ? `<p role="status">This transaction has been completed.</p>${back ? `<p><a href="${escapeHtml(back)}">Return to merchant</a></p>` : ''}`
    : `${declined ? `<p role="alert">${escapeHtml(transaction.gateway_response)}. Try another card, or cancel.</p>` : ''}
<div class="actions">${action('pay', 'Pay')}${action('fail', 'Fail')}${action('cancel', 'Cancel')}</div>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Paystack Checkout (test)</title>
<style>
body { margin: 0; font: 16px system-ui, sans-serif; color: #011b33; background: #f4f6f8; }
main { max-width: 24rem; margin: 3rem auto; padding: 1.5rem; background: #fff; border-radius: 8px; }
.amount { font-size: 1.5rem; font-weight: 600; }
.actions { display: flex; gap: 0.5rem; }
button { padding: 0.5rem 1rem; font: inherit; cursor: pointer; }
[role="alert"] { color: #b00020; }
</style>
</head>
<body>
<main>
<h1>Paystack Checkout (test)</h1>
<p>${escapeHtml(transaction.customer.email)}</p>
<p class="amount">Pay <span data-amount>${escapeHtml(amount)}</span></p>
<p>Reference: <code>${escapeHtml(transaction.reference)}</code></p>
${body}
</main>
</body>
</html>`;
}

function notFoundPage() {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Paystack Checkout (test)</title></head>
<body><main><h1>Paystack Checkout (test)</h1><p role="alert">This payment link is invalid or has expired.</p></main></body></html>`;
}

const majorUnits = (minor: number) => `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;

function page(response: ServerResponse, status: number, html: string) {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(html);
}

function redirect(response: ServerResponse, location: string) {
  response.writeHead(303, { location, 'cache-control': 'no-store' }).end();
}

function emit(state: State, event: string, data: unknown) {
  const url = state.options.webhookUrl;
  if (!url) return;
  const delivery = deliver(
    state,
    signedEvent({ event, data: structuredClone(data) }, state.options.secretKey),
    url,
  ).catch(() => {});
  state.pendingDeliveries.add(delivery);
  void delivery.finally(() => state.pendingDeliveries.delete(delivery));
}

async function deliver(state: State, signed: SignedPaystackEvent, url: string) {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: signed.headers,
      body: signed.body,
      signal: AbortSignal.timeout(30_000),
    });
    await response.arrayBuffer();
    state.deliveries.push({ event: signed.event, url, status: response.status });
    return response.status;
  } catch (error) {
    state.deliveries.push({ event: signed.event, url, status: null, error: String(error) });
    throw error;
  }
}

function signedEvent(event: FakePaystackEvent, secret: string): SignedPaystackEvent {
  const body = JSON.stringify(event);
  return {
    event,
    body,
    headers: { 'content-type': 'application/json', 'x-paystack-signature': signature(body, secret) },
  };
}

const signature = (body: string, secret: string) => createHmac('sha512', secret).update(body).digest('hex');

function ok(message: string, data: unknown): Answer {
  return { status: 200, body: { status: true, message, data: structuredClone(data) } };
}

function notFound(message: string, details: { code?: string; nextStep?: string } = {}): never {
  throw new Refusal(404, message, details);
}

/** Paystack takes amounts in the subunit, as an integer or a string of one. */
function amountOf(value: unknown, message: string) {
  const digits = typeof value === 'number' ? String(value) : text(value);
  if (!digits || !/^\d+$/.test(digits) || !Number.isSafeInteger(Number(digits)) || Number(digits) < 1) {
    throw new Refusal(400, message, invalidParams);
  }
  return Number(digits);
}

/** Metadata arrives as an object or as stringified JSON; Paystack keeps the JSON. */
function metadataOf(value: unknown) {
  if (typeof value !== 'string') return value ?? '';
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

function fieldsOf(body: unknown): Record<string, unknown> {
  if (body === undefined) return {};
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new Refusal(400, 'Invalid JSON body', invalidParams);
  }
  return body as Record<string, unknown>;
}

function parseBody(raw: string, contentType: string): unknown {
  if (!raw) return undefined;
  if (contentType.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(raw));
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

function reply(response: ServerResponse, answer: Answer) {
  response
    .writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8' })
    .end(JSON.stringify(answer.body));
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

function header(request: IncomingMessage, name: string) {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
