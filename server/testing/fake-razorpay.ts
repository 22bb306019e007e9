import { createHmac, randomInt } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serveLocally } from './local-server.ts';

export interface FakeRazorpayOptions {
  /** The public key id (razor_key): Basic auth's user, and what checkout.js is opened with. */
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Where events are POSTed (the app's webhook route); `setWebhookUrl` sets it once the app listens. */
  webhookUrl?: string;
  /**
   * The account's capture setting: true (Razorpay's default) captures a payment as soon as it is authorized; false
   * leaves it authorized for the merchant to capture. An order's own `payment_capture` overrides it.
   */
  autoCapture?: boolean;
  /** 0 (the default) takes a free port; the browser journeys fix one, as they name the URLs before it starts. */
  port?: number;
}

export interface FakeRazorpayRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** The JSON (or form) body as parsed; null when it was not JSON. */
  body: Record<string, unknown> | null;
  /** How it authenticated: Basic auth with the key secret (the SDK), the key id alone (checkout), or not. */
  key: 'secret' | 'public' | null;
  /** X-Refund-Idempotency, Razorpay's idempotency header for refunds. */
  idempotencyKey: string | null;
}

type Notes = Record<string, string> | [];

export interface FakeOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  offer_id: null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Notes;
  created_at: number;
}

export interface FakePayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'authorized' | 'captured' | 'refunded' | 'failed';
  order_id: string;
  invoice_id: null;
  international: false;
  method: 'card';
  amount_refunded: number;
  refund_status: 'partial' | 'full' | null;
  captured: boolean;
  description: string | null;
  card_id: string;
  bank: null;
  wallet: null;
  vpa: null;
  email: string;
  contact: string;
  notes: Notes;
  fee: number | null;
  tax: number | null;
  error_code: string | null;
  error_description: string | null;
  error_source: string | null;
  error_step: string | null;
  error_reason: string | null;
  acquirer_data: Record<string, string | null>;
  created_at: number;
}

export interface FakeRefund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  notes: Notes;
  receipt: string | null;
  acquirer_data: { arn: string | null };
  created_at: number;
  batch_id: null;
  status: 'processed';
  speed_processed: 'normal';
  speed_requested: 'normal';
}

/** Razorpay's error object, as in `{ error: ... }` answers and checkout's `payment.failed`. */
export interface RazorpayError {
  code: string;
  description: string;
  source: string;
  step: string;
  reason: string;
  metadata: Record<string, string>;
  field?: string;
}

/** What checkout.js hands the page's `handler` when the payer paid. */
export interface CheckoutResult {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

export interface FakeRazorpayEvent {
  entity: 'event';
  account_id: string;
  event: string;
  contains: string[];
  payload: Record<string, { entity: unknown }>;
  created_at: number;
}

/** An event as Razorpay POSTs it: the exact body and its headers (X-Razorpay-Signature, X-Razorpay-Event-Id). */
export interface SignedEvent {
  id: string;
  event: FakeRazorpayEvent;
  body: string;
  headers: {
    'content-type': string;
    'user-agent': string;
    'x-razorpay-event-id': string;
    'x-razorpay-signature': string;
  };
}

/** One POST of an event to a webhook URL: the answer's status, or null and why when nothing answered. */
export interface FakeRazorpayDelivery {
  id: string;
  event: FakeRazorpayEvent;
  status: number | null;
  error?: string;
}

/** `secret` signs with another secret; `eventId` reuses an event id (Razorpay's retries keep theirs). */
export interface SigningOptions {
  secret?: string;
  eventId?: string;
}

/** How a payer's payment fails, as Razorpay reports it (error_code, error_description, source, step, reason). */
const FAILURES = {
  payment_failed: { source: 'gateway', step: 'payment_authorization', description: 'Payment failed' },
  invalid_otp: {
    source: 'customer',
    step: 'payment_authentication',
    description: 'Authentication failed due to incorrect otp',
  },
  insufficient_funds: {
    source: 'customer',
    step: 'payment_authorization',
    description: 'Payment failed due to insufficient balance in the account',
  },
  card_declined: { source: 'issuer_bank', step: 'payment_authorization', description: 'Your card was declined' },
} satisfies Record<string, { source: string; step: string; description: string }>;

export type FailureReason = keyof typeof FAILURES;

/** The fields Razorpay's order create takes; anything else is refused, as Razorpay does. */
const ORDER_FIELDS = new Set([
  'amount',
  'currency',
  'receipt',
  'notes',
  'payment_capture',
  'partial_payment',
  'first_payment_min_amount',
  'unique_receipt',
  'customer_id',
  'method',
]);

type Answer = { status: number; body: unknown };

/** A refused request, thrown by a handler and answered with Razorpay's error envelope. */
class Refusal extends Error {
  answer: Answer;
  constructor(status: number, description: string, more: Partial<RazorpayError> = {}) {
    super(description);
    const error = { code: 'BAD_REQUEST_ERROR', description, source: 'NA', step: 'NA', reason: 'NA', metadata: {} };
    this.answer = { status, body: { error: { ...error, ...more } } };
  }
}

interface State {
  options: FakeRazorpayOptions;
  origin: string;
  accountId: string;
  orders: Map<string, FakeOrder>;
  /** Each order's capture: its payment_capture, or the account's setting. */
  autoCapture: Map<string, boolean>;
  payments: Map<string, FakePayment>;
  refunds: Map<string, FakeRefund>;
  receipts: Map<string, string>;
  refundKeys: Map<string, { fingerprint: string; answer: Answer }>;
  requests: FakeRazorpayRequest[];
  deliveries: FakeRazorpayDelivery[];
  pendingDeliveries: Set<Promise<unknown>>;
  hanging: { ms: number; path: RegExp | null };
  failures: { times: number; status: number };
}

/**
 * A local Razorpay API that the official `razorpay` SDK talks to (RAZORPAY_API_URL = `url`): orders, an order's
 * payments, capture and refunds, with Basic auth by key id and secret (401 otherwise), Razorpay's entities and
 * `{ error: { code, description, ... } }` envelope, `unique_receipt` on orders and X-Refund-Idempotency on refunds.
 * It plays Razorpay's browser side too: a checkout.js stand-in (RAZORPAY_CHECKOUT_URL = `checkoutUrl`) opens a modal
 * frame served from here where the payer pays, fails or closes; a paid checkout hands the page `razorpay_payment_id`,
 * `razorpay_order_id` and `razorpay_signature` (hex HMAC-SHA256 of "order_id|payment_id" by the key secret).
 * Every change POSTs its events to the webhook URL with X-Razorpay-Signature (hex HMAC-SHA256 of the body by the
 * webhook secret) and X-Razorpay-Event-Id; `signedEvent` and `sendEvent` make any event, signed or forged.
 */
export async function startFakeRazorpay(options: FakeRazorpayOptions) {
  const state: State = {
    options: { ...options },
    origin: '',
    accountId: `acc_${razorpayId()}`,
    orders: new Map(),
    autoCapture: new Map(),
    payments: new Map(),
    refunds: new Map(),
    receipts: new Map(),
    refundKeys: new Map(),
    requests: [],
    deliveries: [],
    pendingDeliveries: new Set(),
    hanging: { ms: 0, path: null },
    failures: { times: 0, status: 500 },
  };
  const { origin, close } = await serveLocally((request, response) => handle(state, request, response), {
    port: options.port,
    onError: (response, error) => reply(response, serverError(500, String(error))),
    beforeClose: () => Promise.allSettled(state.pendingDeliveries),
  });
  state.origin = origin;
  return {
    /** RAZORPAY_API_URL */
    url: state.origin,
    /** RAZORPAY_CHECKOUT_URL: the checkout.js stand-in. */
    checkoutUrl: `${state.origin}/v1/checkout.js`,
    /** Every API call and checkout payment, oldest first. */
    requests: state.requests,
    /** Every event POSTed to a webhook URL, in the order the answers came. */
    deliveries: state.deliveries,
    ...payerControls(state),
    ...webhookControls(state),
    close,
  };
}

export type FakeRazorpay = Awaited<ReturnType<typeof startFakeRazorpay>>;

function payerControls(state: State) {
  const find = <T>(map: Map<string, T>, id: string, what: string) => {
    const found = map.get(id);
    if (!found) throw new Error(`the fake Razorpay has no ${what} ${id}`);
    return structuredClone(found);
  };
  return {
    /** The order as Razorpay holds it now (a copy). */
    order: (id: string) => find(state.orders, id, 'order'),
    /** A payment as Razorpay holds it now (a copy). */
    payment: (id: string) => find(state.payments, id, 'payment'),
    /** The order's payments, newest first, as GET /v1/orders/:id/payments lists them (copies). */
    paymentsOf: (orderId: string) => structuredClone(paymentsOf(state, orderId)),
    /**
     * The payer pays the order in checkout: a payment authorized (and captured, unless the order or account
     * captures by hand), its events sent. `capture` overrides the order's setting. Gives what checkout.js hands the
     * page's handler, signed as Razorpay signs it.
     */
    pay: (orderId: string, options: { capture?: boolean } = {}): CheckoutResult =>
      checkoutResult(state, authorize(state, orderId, options.capture)),
    /** The payer's payment fails in checkout for `reason`; gives the error checkout's `payment.failed` carries. */
    fail: (orderId: string, reason: FailureReason = 'payment_failed'): RazorpayError => decline(state, orderId, reason),
    /**
     * From now on the API takes `ms` before answering; Infinity (the default): it never answers. `hang(0)` ends it.
     * `path` limits it to the calls whose path matches (e.g. /capture$/). Checkout keeps answering.
     */
    hang(ms = Number.POSITIVE_INFINITY, path: RegExp | null = null) {
      state.hanging = { ms, path };
    },
    /** The next `times` API calls answer `status` with Razorpay's SERVER_ERROR, as during an outage. */
    failRequests(times: number, status = 500) {
      state.failures = { times, status };
    },
  };
}

function webhookControls(state: State) {
  const signed = (type: string, entities: Record<string, unknown>, signing: SigningOptions = {}) =>
    signedEvent(state, eventOf(state, type, entities), signing);
  const webhookUrl = (url?: string) => {
    const target = url ?? state.options.webhookUrl;
    if (!target) throw new Error('the fake Razorpay has no webhook URL: pass webhookUrl or call setWebhookUrl');
    return target;
  };
  return {
    setWebhookUrl(url: string) {
      state.options.webhookUrl = url;
    },
    /** The X-Razorpay-Signature of `body`, as Razorpay computes it (or with another secret). */
    sign: (body: string, secret = state.options.webhookSecret) => hmac(secret, body),
    /**
     * An event of `type` about the entities in its payload (`{ payment, order, refund }`, e.g. `fake.paymentsOf(id)`'s
     * first), as Razorpay would POST it: to replay, forge, reorder or send late.
     */
    signedEvent: signed,
    /** Makes an event and POSTs it to the webhook URL; resolves the answer's status. */
    sendEvent: (type: string, entities: Record<string, unknown>, signing: SigningOptions & { url?: string } = {}) =>
      deliver(state, signed(type, entities, signing), webhookUrl(signing.url)),
    /** POSTs a signed event (again, as Razorpay retries until a 2xx); resolves the answer's status. */
    resend: (event: SignedEvent, url?: string) => deliver(state, event, webhookUrl(url)),
  };
}

async function handle(state: State, request: IncomingMessage, response: ServerResponse) {
  const url = new URL(request.url ?? '/', state.origin);
  const route = `${request.method} ${url.pathname}`;
  if (route === 'GET /v1/checkout.js') {
    return response
      .writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' })
      .end(checkoutJs(state.origin));
  }
  if (route === 'GET /v1/checkout/public') {
    return response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(checkoutFrame(state, url));
  }
  if (route === 'POST /v1/checkout/pay') return checkoutPayment(state, request, response, url);
  if (!url.pathname.startsWith('/v1/')) return response.writeHead(404).end();
  return api(state, request, response, url);
}

async function api(state: State, request: IncomingMessage, response: ServerResponse, url: URL) {
  const logged = await logRequest(state, request, url);
  const { ms, path } = state.hanging;
  const hangs = ms > 0 && (!path || path.test(logged.path));
  if (hangs && ms === Number.POSITIVE_INFINITY) return;
  if (hangs) await new Promise((resolve) => setTimeout(resolve, ms));
  if (state.failures.times > 0) {
    state.failures.times--;
    return reply(response, serverError(state.failures.status));
  }
  try {
    logged.key = authenticate(state, request);
    if (!logged.body) throw new Refusal(400, 'The request body is not valid JSON');
    const answer = idempotent(state, logged, () => route(state, logged));
    reply(response, answer);
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    reply(response, error.answer);
  }
}

async function logRequest(state: State, request: IncomingMessage, url: URL) {
  const raw = await readBody(request);
  const logged: FakeRazorpayRequest = {
    method: request.method ?? '',
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    body: {},
    key: null,
    idempotencyKey: header(request, 'x-refund-idempotency'),
  };
  state.requests.push(logged);
  logged.body = parseBody(raw, header(request, 'content-type') ?? '');
  return logged;
}

/** Razorpay's Basic auth: `key_id:key_secret`, exactly; anything else is 401. */
function authenticate(state: State, request: IncomingMessage): 'secret' {
  const [scheme, token = ''] = (header(request, 'authorization') ?? '').split(' ');
  const given = Buffer.from(token, 'base64').toString('utf8');
  if (scheme !== 'Basic' || given !== `${state.options.keyId}:${state.options.keySecret}`) {
    throw new Refusal(401, 'Authentication failed');
  }
  return 'secret';
}

/** X-Refund-Idempotency: the same key and body replay the first answer; another body under it is refused. */
function idempotent(state: State, request: FakeRazorpayRequest, run: () => Answer): Answer {
  const key = request.idempotencyKey;
  if (key === null || !/^\/v1\/payments\/[^/]+\/refund$/.test(request.path)) return run();
  if (!/^[A-Za-z0-9_-]{10,}$/.test(key)) {
    throw new Refusal(
      400,
      'The idempotency key must be at least 10 characters long and contain only alphabets, numbers, hyphens and underscores.',
    );
  }
  const fingerprint = JSON.stringify([request.path, request.body]);
  const seen = state.refundKeys.get(key);
  if (seen && seen.fingerprint !== fingerprint) {
    throw new Refusal(400, 'Different request with the same idempotency key has already been processed.');
  }
  if (seen) return seen.answer;
  let answer: Answer;
  try {
    answer = run();
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    answer = error.answer;
  }
  state.refundKeys.set(key, { fingerprint, answer });
  return answer;
}

function route(state: State, request: FakeRazorpayRequest): Answer {
  const { method, path } = request;
  const body = request.body ?? {};
  const [, resource = '', id = '', action = ''] = /^\/v1\/([a-z_]+)(?:\/([^/]+))?(?:\/([a-z_]+))?\/?$/.exec(path) ?? [];
  switch (`${method} ${resource}${id ? '/:id' : ''}${action ? `/${action}` : ''}`) {
    case 'POST orders':
      return ok(createOrder(state, body));
    case 'GET orders/:id':
      return ok(orderNamed(state, id));
    case 'GET orders/:id/payments':
      orderNamed(state, id);
      return ok(collection(paymentsOf(state, id)));
    case 'GET payments/:id':
      return ok(paymentNamed(state, id));
    case 'POST payments/:id/capture':
      return ok(capture(state, paymentNamed(state, id), body));
    case 'POST payments/:id/refund':
      return ok(refund(state, paymentNamed(state, id), body));
    case 'GET payments/:id/refunds':
      paymentNamed(state, id);
      return ok(collection([...state.refunds.values()].filter((one) => one.payment_id === id).reverse()));
    case 'GET refunds/:id':
      return ok(state.refunds.get(id) ?? missing());
    default:
      throw new Refusal(400, 'The requested URL was not found on the server.');
  }
}

function createOrder(state: State, body: Record<string, unknown>): FakeOrder {
  const extra = Object.keys(body).filter((field) => !ORDER_FIELDS.has(field));
  if (extra.length > 0) {
    throw new Refusal(400, `${extra.join(', ')} is/are not required and should not be sent`, {
      step: 'payment_initiation',
      reason: 'extra_field_sent',
      source: 'business',
    });
  }
  const amount = integer(body, 'amount');
  if (amount < 100) {
    throw new Refusal(400, 'Order amount less than minimum amount allowed', {
      source: 'business',
      step: 'order_creation',
      reason: 'amount_less_than_minimum_amount',
      field: 'amount',
    });
  }
  const currency = currencyOf(body);
  const receipt = receiptOf(body);
  const earlier = receipt && body.unique_receipt === true ? state.orders.get(state.receipts.get(receipt) ?? '') : null;
  if (earlier) return sameOrder(earlier, amount, currency);
  const order: FakeOrder = {
    id: `order_${razorpayId()}`,
    entity: 'order',
    amount,
    amount_paid: 0,
    amount_due: amount,
    currency,
    receipt,
    offer_id: null,
    status: 'created',
    attempts: 0,
    notes: notesOf(body.notes),
    created_at: seconds(),
  };
  state.orders.set(order.id, order);
  if (receipt) state.receipts.set(receipt, order.id);
  state.autoCapture.set(order.id, captures(body.payment_capture) ?? state.options.autoCapture ?? true);
  return order;
}

/** `unique_receipt`: a retried create gets the first order; other terms under the same receipt are refused. */
function sameOrder(order: FakeOrder, amount: number, currency: string) {
  if (order.amount !== amount || order.currency !== currency) {
    throw new Refusal(400, 'Order receipt should be unique.', {
      source: 'business',
      step: 'payment_initiation',
      reason: 'input_validation_failed',
      field: 'receipt',
    });
  }
  return order;
}

function currencyOf(body: Record<string, unknown>) {
  const currency = body.currency;
  if (currency === undefined) throw fieldRefusal('currency', 'The currency field is required.');
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) {
    throw fieldRefusal('currency', 'Currency is not supported');
  }
  return currency;
}

function receiptOf(body: Record<string, unknown>) {
  const receipt = body.receipt;
  if (receipt === undefined || receipt === null) return null;
  if (typeof receipt !== 'string') throw fieldRefusal('receipt', 'The receipt must be a string.');
  if (receipt.length > 40) throw fieldRefusal('receipt', 'The receipt may not be greater than 40 characters.');
  return receipt;
}

function notesOf(value: unknown): Notes {
  if (value === undefined || value === null) return [];
  if (typeof value !== 'object' || Array.isArray(value)) throw fieldRefusal('notes', 'The notes must be an array.');
  const entries = Object.entries(value);
  if (entries.length > 15) throw fieldRefusal('notes', 'The notes may not have more than 15 items.');
  if (entries.length === 0) return [];
  return Object.fromEntries(entries.map(([name, note]) => [name, String(note)]));
}

function captures(value: unknown) {
  if (value === undefined) return undefined;
  return value === true || value === 1 || value === '1' || value === 'true';
}

function integer(body: Record<string, unknown>, field: string) {
  const value = body[field];
  if (value === undefined || value === null) throw fieldRefusal(field, `The ${field} field is required.`);
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isSafeInteger(number) || number < 0) {
    throw fieldRefusal(field, `The ${field} must be an integer.`);
  }
  return number;
}

function capture(state: State, payment: FakePayment, body: Record<string, unknown>) {
  const amount = integer(body, 'amount');
  if (payment.status === 'captured' || payment.status === 'refunded') {
    throw new Refusal(400, 'This payment has already been captured');
  }
  if (payment.status !== 'authorized') {
    throw new Refusal(400, 'Only payments which have been authorized and not yet captured can be captured');
  }
  if (amount !== payment.amount) {
    throw fieldRefusal('amount', 'Capture amount must be equal to the amount authorized');
  }
  if (body.currency !== undefined && body.currency !== payment.currency) {
    throw fieldRefusal('currency', 'Currency should be same as payment currency');
  }
  settleCapture(state, payment);
  return payment;
}

function settleCapture(state: State, payment: FakePayment) {
  payment.status = 'captured';
  payment.captured = true;
  payment.fee = Math.round(payment.amount * 0.02);
  payment.tax = Math.round((payment.fee ?? 0) * 0.18);
  emit(state, 'payment.captured', { payment });
  const order = state.orders.get(payment.order_id);
  if (!order) return;
  order.status = 'paid';
  order.amount_paid = payment.amount;
  order.amount_due = 0;
  emit(state, 'order.paid', { payment, order });
}

function refund(state: State, payment: FakePayment, body: Record<string, unknown>): FakeRefund {
  if (payment.status === 'refunded') throw new Refusal(400, 'The payment has been fully refunded already');
  if (payment.status !== 'captured') throw new Refusal(400, 'Only captured payments can be refunded');
  const remaining = payment.amount - payment.amount_refunded;
  const amount = body.amount === undefined ? remaining : integer(body, 'amount');
  if (amount === 0) throw fieldRefusal('amount', 'The amount must be at least 1.');
  if (amount > remaining) throw fieldRefusal('amount', 'The refund amount provided is greater than amount captured');
  const created: FakeRefund = {
    id: `rfnd_${razorpayId()}`,
    entity: 'refund',
    amount,
    currency: payment.currency,
    payment_id: payment.id,
    notes: notesOf(body.notes),
    receipt: typeof body.receipt === 'string' ? body.receipt : null,
    acquirer_data: { arn: null },
    created_at: seconds(),
    batch_id: null,
    status: 'processed',
    speed_processed: 'normal',
    speed_requested: 'normal',
  };
  state.refunds.set(created.id, created);
  payment.amount_refunded += amount;
  const full = payment.amount_refunded === payment.amount;
  payment.refund_status = full ? 'full' : 'partial';
  if (full) payment.status = 'refunded';
  emit(state, 'refund.created', { refund: created, payment });
  emit(state, 'refund.processed', { refund: created, payment });
  return created;
}

/** A payment attempt on an order: refused once the order is paid or has an authorized payment. */
function attempt(state: State, orderId: string, status: FakePayment['status']): FakePayment {
  const order = orderNamed(state, orderId);
  if (order.status === 'paid') throw new Refusal(400, 'Order has already been paid');
  if (paymentsOf(state, orderId).some((payment) => payment.status === 'authorized')) {
    throw new Refusal(400, 'A payment for this order is already authorized');
  }
  order.status = 'attempted';
  order.attempts++;
  const payment: FakePayment = {
    id: `pay_${razorpayId()}`,
    entity: 'payment',
    amount: order.amount,
    currency: order.currency,
    status,
    order_id: order.id,
    invoice_id: null,
    international: false,
    method: 'card',
    amount_refunded: 0,
    refund_status: null,
    captured: false,
    description: null,
    card_id: `card_${razorpayId()}`,
    bank: null,
    wallet: null,
    vpa: null,
    email: 'gaurav.kumar@example.com',
    contact: '+919000090000',
    notes: [],
    fee: null,
    tax: null,
    error_code: null,
    error_description: null,
    error_source: null,
    error_step: null,
    error_reason: null,
    acquirer_data: { auth_code: status === 'failed' ? null : String(randomInt(100_000, 1_000_000)) },
    created_at: seconds(),
  };
  state.payments.set(payment.id, payment);
  return payment;
}

function authorize(state: State, orderId: string, capture?: boolean) {
  const payment = attempt(state, orderId, 'authorized');
  emit(state, 'payment.authorized', { payment });
  if (capture ?? state.autoCapture.get(orderId)) settleCapture(state, payment);
  return payment;
}

function decline(state: State, orderId: string, reason: FailureReason): RazorpayError {
  const payment = attempt(state, orderId, 'failed');
  const failure = FAILURES[reason];
  Object.assign(payment, {
    error_code: 'BAD_REQUEST_ERROR',
    error_description: failure.description,
    error_source: failure.source,
    error_step: failure.step,
    error_reason: reason,
  });
  emit(state, 'payment.failed', { payment });
  return {
    code: 'BAD_REQUEST_ERROR',
    description: failure.description,
    source: failure.source,
    step: failure.step,
    reason,
    metadata: { payment_id: payment.id, order_id: orderId },
  };
}

function checkoutResult(state: State, payment: FakePayment): CheckoutResult {
  return {
    razorpay_payment_id: payment.id,
    razorpay_order_id: payment.order_id,
    razorpay_signature: hmac(state.options.keySecret, `${payment.order_id}|${payment.id}`),
  };
}

/** The checkout frame's payment: the payer chose Pay (`outcome: 'pay'`) or Fail, with the public key id. */
async function checkoutPayment(state: State, request: IncomingMessage, response: ServerResponse, url: URL) {
  const logged = await logRequest(state, request, url);
  const { key_id: keyId, order_id: orderId, outcome } = logged.body ?? {};
  try {
    if (keyId !== state.options.keyId) throw new Refusal(401, 'The api key provided is invalid');
    logged.key = 'public';
    if (typeof orderId !== 'string') throw fieldRefusal('order_id', 'The order id field is required.');
    if (outcome === 'pay') return reply(response, ok(checkoutResult(state, authorize(state, orderId))));
    reply(response, { status: 400, body: { error: decline(state, orderId, 'payment_failed') } });
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    reply(response, error.answer);
  }
}

function paymentsOf(state: State, orderId: string) {
  return [...state.payments.values()].filter((payment) => payment.order_id === orderId).reverse();
}

const orderNamed = (state: State, id: string) => state.orders.get(id) ?? missing();
const paymentNamed = (state: State, id: string) => state.payments.get(id) ?? missing();

function missing(): never {
  throw new Refusal(400, 'The id provided does not exist');
}

function fieldRefusal(field: string, description: string) {
  return new Refusal(400, description, { field, source: 'business', reason: 'input_validation_failed' });
}

function serverError(
  status: number,
  description = 'The server encountered an error. The incident has been reported to admins.',
): Answer {
  return {
    status,
    body: {
      error: { code: 'SERVER_ERROR', description, source: 'NA', step: 'NA', reason: 'NA', metadata: {} },
    },
  };
}

function emit(state: State, type: string, entities: Record<string, unknown>) {
  const url = state.options.webhookUrl;
  if (!url) return;
  const delivery = deliver(state, signedEvent(state, eventOf(state, type, entities), {}), url).catch(() => {});
  state.pendingDeliveries.add(delivery);
  void delivery.finally(() => state.pendingDeliveries.delete(delivery));
}

function eventOf(state: State, type: string, entities: Record<string, unknown>): FakeRazorpayEvent {
  return {
    entity: 'event',
    account_id: state.accountId,
    event: type,
    contains: Object.keys(entities),
    payload: Object.fromEntries(
      Object.entries(entities).map(([name, entity]) => [name, { entity: structuredClone(entity) }]),
    ),
    created_at: seconds(),
  };
}

/** The body exactly as Razorpay sends it (compact JSON) and its headers. */
function signedEvent(state: State, event: FakeRazorpayEvent, signing: SigningOptions): SignedEvent {
  const id = signing.eventId ?? razorpayId();
  const body = JSON.stringify(event);
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'Razorpay-Webhook/v1',
    'x-razorpay-event-id': id,
    'x-razorpay-signature': hmac(signing.secret ?? state.options.webhookSecret, body),
  };
  return { id, event, body, headers };
}

async function deliver(state: State, signed: SignedEvent, url: string) {
  const { id, event, body, headers } = signed;
  try {
    const response = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) });
    await response.arrayBuffer();
    state.deliveries.push({ id, event, status: response.status });
    return response.status;
  } catch (error) {
    state.deliveries.push({ id, event, status: null, error: String(error) });
    throw error;
  }
}

function reply(response: ServerResponse, answer: Answer) {
  response.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
}

function parseBody(raw: string, contentType: string): Record<string, unknown> | null {
  if (!raw) return {};
  if (!contentType.includes('json')) return parseForm(raw);
  try {
    const parsed: unknown = JSON.parse(raw);
    const isObject = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
    return isObject ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** curl's `-d amount=100 -d notes[key]=value`, as Razorpay's documentation sends it. */
function parseForm(raw: string) {
  const form: Record<string, unknown> = {};
  for (const [name, value] of new URLSearchParams(raw)) {
    const [, group, key] = /^([^[]+)\[([^\]]+)\]$/.exec(name) ?? [];
    if (!group || !key) {
      form[name] = value;
      continue;
    }
    const existing = form[group];
    const children = typeof existing === 'object' && existing !== null ? (existing as Record<string, unknown>) : {};
    children[key] = value;
    form[group] = children;
  }
  return form;
}

const ok = (body: unknown): Answer => ({ status: 200, body: structuredClone(body) });
const collection = <T>(items: T[]) => ({ entity: 'collection', count: items.length, items });
const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');
const seconds = () => Math.floor(Date.now() / 1000);

const ID_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** Razorpay's ids: 14 characters of base 62 after the entity's prefix. */
const razorpayId = () => Array.from({ length: 14 }, () => ID_ALPHABET[randomInt(ID_ALPHABET.length)]).join('');

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

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** The order's amount for the payer's eyes, in exact decimal (no floats): 2500 INR → ₹25.00. */
function displayAmount(order: FakeOrder) {
  const format = new Intl.NumberFormat('en', { style: 'currency', currency: order.currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  const text = String(order.amount).padStart(digits + 1, '0');
  const decimal = digits > 0 ? `${text.slice(0, -digits)}.${text.slice(-digits)}` : text;
  return format.format(decimal as Intl.StringNumericLiteral);
}

function checkoutProblem(state: State, query: URLSearchParams, order: FakeOrder | undefined) {
  if (query.get('key_id') !== state.options.keyId) return 'The api key provided is invalid';
  if (!order) return 'The id provided does not exist';
  return order.status === 'paid' ? 'Order has already been paid' : null;
}

/**
 * The checkout modal's document, on Razorpay's origin as the real one is (api.razorpay.com/v1/checkout/public):
 * the order as Razorpay holds it (amount and currency from the order, never from the page), Pay, Fail and Close.
 */
function checkoutFrame(state: State, url: URL) {
  const query = url.searchParams;
  const order = state.orders.get(query.get('order_id') ?? '');
  const problem = checkoutProblem(state, query, order);
  const name = escapeHtml(query.get('name') || 'Razorpay');
  const description = escapeHtml(query.get('description') ?? '');
  const amount = order ? escapeHtml(displayAmount(order)) : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Razorpay Checkout</title>
<style>
body { margin: 0; font: 15px system-ui, sans-serif; color: #1f2937; background: #fff; }
main { padding: 16px 20px; }
header { display: flex; justify-content: space-between; align-items: start; gap: 8px; }
h1 { margin: 0; font-size: 18px; }
#close { border: 0; background: none; font-size: 22px; line-height: 1; cursor: pointer; }
#amount { font-size: 24px; font-weight: 600; margin: 16px 0; }
#error { color: #b91c1c; min-height: 1.2em; }
.actions { display: grid; gap: 8px; margin-top: 16px; }
.actions button { padding: 10px; border-radius: 6px; border: 1px solid #1d4ed8; font: inherit; cursor: pointer; }
#pay { background: #1d4ed8; color: #fff; }
#fail { background: #fff; color: #1d4ed8; }
</style>
</head>
<body>
<main role="dialog" aria-modal="true" aria-labelledby="merchant">
<header><h1 id="merchant">${name}</h1><button type="button" id="close" aria-label="Close">×</button></header>
<p id="description">${description}</p>
<p id="amount">${amount}</p>
<p id="error" role="alert">${problem ? escapeHtml(problem) : ''}</p>
${problem ? '' : `<div class="actions"><button type="button" id="pay">Pay ${amount}</button><button type="button" id="fail">Fail payment</button></div>`}
</main>
<script>${FRAME_SCRIPT}</script>
</body>
</html>`;
}

const FRAME_SCRIPT = `(function () {
  'use strict';
  var query = new URLSearchParams(location.search);
  var PARENT = query.get('origin');
  var pay = document.getElementById('pay');
  var fail = document.getElementById('fail');
  var errorBox = document.getElementById('error');

  function send(message) { parent.postMessage(Object.assign({ fakeRazorpay: true }, message), PARENT); }
  function busy(on) { [pay, fail].forEach(function (button) { if (button) button.disabled = on; }); }

  function attempt(outcome) {
    busy(true);
    errorBox.textContent = '';
    fetch('/v1/checkout/pay', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key_id: query.get('key_id'), order_id: query.get('order_id'), outcome: outcome }),
    })
      .then(function (response) { return response.json(); })
      .then(function (answer) {
        if (!answer.error) return send({ type: 'success', response: answer });
        errorBox.textContent = answer.error.description;
        if (answer.error.metadata && answer.error.metadata.payment_id) send({ type: 'failed', error: answer.error });
      }, function () {
        errorBox.textContent = 'Could not reach Razorpay. Check your connection and try again.';
      })
      .then(function () { busy(false); });
  }

  if (pay) pay.addEventListener('click', function () { attempt('pay'); });
  if (fail) fail.addEventListener('click', function () { attempt('fail'); });
  document.getElementById('close').addEventListener('click', function () { send({ type: 'dismiss' }); });
  document.addEventListener('keydown', function (event) { if (event.key === 'Escape') send({ type: 'dismiss' }); });
  (pay || document.getElementById('close')).focus();
})();`;

/**
 * The checkout.js stand-in: `new Razorpay({ key, order_id, name, description, handler, modal: { ondismiss } })`,
 * `.on('payment.failed', callback)`, `.open()`, `.close()`. The modal is a frame from this origin over the page;
 * the frame and the page talk by postMessage, each checking the other's origin and window.
 */
function checkoutJs(origin: string) {
  return `(function () {
  'use strict';
  var ORIGIN = ${JSON.stringify(origin)};

  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    if (!options || !options.key) throw new Error('No key passed');
    this.options = options;
    this._listeners = {};
    this._overlay = null;
    this._frame = null;
    this._receive = null;
  }

  Razorpay.prototype.on = function (name, callback) {
    (this._listeners[name] = this._listeners[name] || []).push(callback);
    return this;
  };

  Razorpay.prototype._emit = function (name, event) {
    (this._listeners[name] || []).slice().forEach(function (callback) { callback(event); });
  };

  Razorpay.prototype.open = function () {
    if (this._overlay) return this;
    var self = this;
    var options = this.options;
    var overlay = document.createElement('div');
    overlay.className = 'razorpay-container';
    overlay.style.cssText = 'position:fixed;inset:0;z-index:2147483647;display:flex;align-items:center;justify-content:center;background:rgba(0,0,0,.6)';
    var frame = document.createElement('iframe');
    frame.className = 'razorpay-checkout-frame';
    frame.title = 'Razorpay Checkout';
    frame.style.cssText = 'border:0;width:min(380px,100%);height:min(420px,100%);background:#fff;border-radius:8px';
    frame.src = ORIGIN + '/v1/checkout/public?' + new URLSearchParams({
      key_id: options.key,
      order_id: options.order_id || '',
      name: options.name || '',
      description: options.description || '',
      origin: location.origin,
    }).toString();
    this._receive = function (event) {
      var data = event.data;
      if (event.origin !== ORIGIN || event.source !== frame.contentWindow || !data || data.fakeRazorpay !== true) return;
      if (data.type === 'success') {
        self.close();
        if (typeof options.handler === 'function') options.handler(data.response);
      } else if (data.type === 'failed') {
        self._emit('payment.failed', { error: data.error });
      } else if (data.type === 'dismiss') {
        self.close();
        if (options.modal && typeof options.modal.ondismiss === 'function') options.modal.ondismiss();
      }
    };
    window.addEventListener('message', this._receive);
    overlay.appendChild(frame);
    document.body.appendChild(overlay);
    this._overlay = overlay;
    this._frame = frame;
    return this;
  };

  Razorpay.prototype.close = function () {
    if (this._receive) window.removeEventListener('message', this._receive);
    if (this._overlay) this._overlay.remove();
    this._overlay = null;
    this._frame = null;
    this._receive = null;
  };

  window.Razorpay = Razorpay;
})();
`;
}
