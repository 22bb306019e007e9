import { execFileSync } from 'node:child_process';
import {
  createPrivateKey,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
  randomUUID,
  sign,
  verify,
} from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { serveLocally } from './local-server.ts';

export interface FakePayPalOptions {
  /** The REST app's credentials: POST /v1/oauth2/token takes only these, as HTTP Basic. */
  clientId: string;
  clientSecret: string;
  /** The id of the webhook registered for the app: events are signed for it, and verified only against it. */
  webhookId: string;
  /** Where events are POSTed (the app's webhook route); `setWebhookUrl` sets it once the app listens. */
  webhookUrl?: string;
  /** A fixed port, for the browser journeys that name PAYPAL_API_URL before it starts; any free one by default. */
  port?: number;
}

export interface FakePayPalRequest {
  method: string;
  path: string;
  /** The JSON body (the form's fields for the token request), or null. */
  body: unknown;
  /** The PayPal-Request-Id header. */
  requestId: string | null;
  prefer: string | null;
  /** How it authenticated: the app's credentials (token request), an access token, or not at all. */
  auth: 'basic' | 'bearer' | null;
}

type OrderStatus = 'CREATED' | 'SAVED' | 'APPROVED' | 'VOIDED' | 'COMPLETED' | 'PAYER_ACTION_REQUIRED';
type CaptureStatus = 'COMPLETED' | 'DECLINED' | 'PARTIALLY_REFUNDED' | 'PENDING' | 'REFUNDED' | 'FAILED';

export interface FakeMoney {
  currency_code: string;
  value: string;
}

export interface FakeLink {
  href: string;
  rel: string;
  method: string;
}

export interface FakeCapture {
  id: string;
  status: CaptureStatus;
  status_details?: { reason: string };
  amount: FakeMoney;
  final_capture: boolean;
  seller_protection: { status: string; dispute_categories: string[] };
  custom_id?: string;
  links: FakeLink[];
  create_time: string;
  update_time: string;
}

export interface FakeRefund {
  id: string;
  status: 'COMPLETED';
  amount: FakeMoney;
  note_to_payer?: string;
  links: FakeLink[];
  create_time: string;
  update_time: string;
}

interface Payer {
  name: { given_name: string; surname: string };
  email_address: string;
  payer_id: string;
  address: { country_code: string };
}

/** An order as PayPal answers GET /v2/checkout/orders/{id} (Prefer: return=representation). */
export interface FakeOrder {
  id: string;
  intent: 'CAPTURE' | 'AUTHORIZE';
  status: OrderStatus;
  payment_source?: { paypal: Record<string, unknown> };
  purchase_units: Array<{
    reference_id: string;
    amount: FakeMoney;
    payee: { email_address: string; merchant_id: string };
    description?: string;
    custom_id?: string;
    invoice_id?: string;
    payments?: { captures: FakeCapture[]; refunds?: FakeRefund[] };
  }>;
  payer?: Payer;
  create_time: string;
  update_time?: string;
  links: FakeLink[];
}

/** A webhook event as PayPal POSTs it (Webhooks v1 event notification). */
export interface FakePayPalEvent {
  id: string;
  event_version: '1.0';
  create_time: string;
  resource_type: string;
  resource_version: '2.0';
  event_type: string;
  summary: string;
  resource: unknown;
  links: FakeLink[];
}

/** One POST of an event to a webhook URL: the answer's status, or null and why when nothing answered. */
export interface FakePayPalDelivery {
  event: FakePayPalEvent;
  status: number | null;
  error?: string;
}

/**
 * How to sign: `at` backdates or postdates the transmission time; `webhookId` signs for another webhook (another
 * app's); `signer: 'stranger'` signs with a key that is not PayPal's, its certificate elsewhere.
 */
export interface SigningOptions {
  at?: Date;
  webhookId?: string;
  signer?: 'paypal' | 'stranger';
}

/** What the payer pays with on the approval page, and what a capture then does. */
export const FUNDING = {
  balance: { label: 'PayPal balance', capture: 'COMPLETED' },
  card_declined: { label: 'Visa •••• 0002 (declined when captured)', capture: 'DECLINED' },
  echeck: { label: 'Bank account, eCheck (pending until it clears)', capture: 'PENDING' },
} as const satisfies Record<string, { label: string; capture: CaptureStatus }>;
export type Funding = keyof typeof FUNDING;

/** The currencies PayPal takes (developer.paypal.com/api/rest/reference/currency-codes); these have no decimals. */
const CURRENCIES = new Set(
  'AUD BRL CAD CNY CZK DKK EUR HKD HUF ILS JPY MYR MXN TWD NZD NOK PHP PLN GBP SGD SEK CHF THB USD'.split(' '),
);
const WHOLE_UNITS = new Set(['HUF', 'JPY', 'TWD']);
const PAYEE = { email_address: 'merchant@souk.example', merchant_id: 'SOUKTESTMERCH' };
const BUYER = { given_name: 'Sam', surname: 'Buyer', email: 'sb-buyer@personal.example.com', country: 'US' };
const TOKEN_SECONDS = 32_400;
const ERRORS_PAGE = 'https://developer.paypal.com/api/rest/reference/orders/v2/errors/';

type Answer = { status: number; body: unknown };
type Handler = (state: State, request: FakePayPalRequest, id: string) => Answer & { replay?: () => unknown };

/** A refused request, thrown by a handler and answered with PayPal's error envelope. */
class Refusal extends Error {
  answer: Answer;
  constructor(status: number, body: Record<string, unknown>) {
    super(String(body.message ?? body.error));
    this.answer = { status, body };
  }
}

interface StoredOrder {
  order: FakeOrder;
  returnUrl: string | null;
  cancelUrl: string | null;
  userAction: 'PAY_NOW' | 'CONTINUE';
  funding: Funding | null;
}

interface Signer {
  privateKey: KeyObject;
  certUrl: string;
}

interface State {
  options: FakePayPalOptions;
  origin: string;
  paypal: Signer;
  stranger: Signer;
  certificate: string;
  tokens: Map<string, number>;
  orders: Map<string, StoredOrder>;
  captures: Map<string, string>;
  refunds: Map<string, FakeRefund>;
  idempotency: Map<string, { status: number; replay: () => unknown }>;
  requests: FakePayPalRequest[];
  deliveries: FakePayPalDelivery[];
  pendingDeliveries: Set<Promise<unknown>>;
  hangMs: number;
  failures: { times: number; status: number };
}

/**
 * A local PayPal REST API that the official `@paypal/paypal-server-sdk` talks to unchanged (PAYPAL_API_URL = `url`):
 * OAuth 2.0 client credentials (POST /v1/oauth2/token, HTTP Basic with the app's id and secret, a Bearer token
 * back), Orders v2 (create, show, capture), Payments v2 (show a capture, refund it) and the webhook signature check
 * (POST /v1/notifications/verify-webhook-signature), with PayPal's JSON shapes, error envelope and status codes;
 * a PayPal-Request-Id gives the request's first result again, as it stands now. The payer's side is PayPal's
 * approval page at `/checkoutnow?token=<order id>` (the order's `payer-action` link): "Pay Now" approves the order
 * and sends the browser to the return URL with `token` and `PayerID`, "Cancel" to the cancel URL with `token`.
 * Events are POSTed to the webhook URL signed as PayPal signs them: SHA256withRSA over
 * `<transmission id>|<transmission time>|<webhook id>|<CRC32 of the body>`, the certificate at PAYPAL-CERT-URL here.
 */
export async function startFakePayPal(options: FakePayPalOptions) {
  const folder = mkdtempSync(path.join(tmpdir(), 'souk-paypal-'));
  const { key, certificate } = signingCertificate(folder);
  const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const state: State = {
    options: { ...options },
    origin: '',
    paypal: { privateKey: key, certUrl: '' },
    stranger: { privateKey: stranger, certUrl: 'https://webhooks.example.net/certs/paypal.pem' },
    certificate,
    tokens: new Map(),
    orders: new Map(),
    captures: new Map(),
    refunds: new Map(),
    idempotency: new Map(),
    requests: [],
    deliveries: [],
    pendingDeliveries: new Set(),
    hangMs: 0,
    failures: { times: 0, status: 500 },
  };
  const { origin, close } = await serveLocally((request, response) => handle(state, request, response), {
    port: options.port,
    onError: (response, error) => reply(response, { status: 500, body: envelope('INTERNAL_SERVER_ERROR', error) }),
    beforeClose: () => Promise.allSettled(state.pendingDeliveries),
    afterClose: () => rmSync(folder, { recursive: true, force: true }),
  });
  state.origin = origin;
  state.paypal.certUrl = `${state.origin}/v1/notifications/certs/CERT-360caa42-fca2a594-${randomHex(4)}`;
  return {
    /** PAYPAL_API_URL */
    url: state.origin,
    /** Where the certificate that signs the events is served (their PAYPAL-CERT-URL). */
    certUrl: state.paypal.certUrl,
    /** Every API call, oldest first. */
    requests: state.requests,
    /** Every event POSTed to a webhook URL, in the order the answers came. */
    deliveries: state.deliveries,
    ...payerControls(state),
    ...webhookControls(state),
    close,
  };
}

export type FakePayPal = Awaited<ReturnType<typeof startFakePayPal>>;

function payerControls(state: State) {
  return {
    /** The order as PayPal holds it now (a copy). */
    order: (id: string) => snapshot(find(state, id).order),
    /** The payer approves on PayPal's page, paying with `funding` (what the capture will do). */
    approve(id: string, funding: Funding = 'balance') {
      approve(state, find(state, id), funding);
      return snapshot(find(state, id).order);
    },
    /**
     * The payer's browser on the approval page: opens `approveUrl` (which must show the order) and presses "Pay Now"
     * or "Cancel". Resolves where PayPal sends the browser (a 303's Location), or the page's error when it stays.
     */
    async payerChooses(approveUrl: string, choice: 'pay' | 'cancel', funding: Funding = 'balance') {
      const page = await fetch(approveUrl);
      const html = await page.text();
      if (!page.ok) return { status: page.status, location: null, html };
      const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1]?.replaceAll('&#38;', '&') ?? '';
      const answer = await fetch(new URL(action, approveUrl), {
        method: 'POST',
        body: new URLSearchParams({ choice, funding }),
        redirect: 'manual',
      });
      return { status: answer.status, location: answer.headers.get('location'), html: await answer.text() };
    },
    /** PayPal voids an order nobody paid in time. */
    voidOrder(id: string) {
      const stored = find(state, id);
      stored.order.status = 'VOIDED';
      stored.order.update_time = now();
      stored.order.links = [selfLink(state, stored.order.id)];
    },
    /** A PENDING capture (an eCheck) clears or is denied, with its event. */
    settlePending(id: string, outcome: 'completed' | 'denied') {
      const captured = find(state, id).order.purchase_units[0]?.payments?.captures.at(-1);
      if (captured?.status !== 'PENDING') throw new Error(`the fake PayPal has no pending capture on order ${id}`);
      captured.status = outcome === 'completed' ? 'COMPLETED' : 'DECLINED';
      delete captured.status_details;
      captured.update_time = now();
      const type = outcome === 'completed' ? 'PAYMENT.CAPTURE.COMPLETED' : 'PAYMENT.CAPTURE.DENIED';
      emit(state, type, captureResource(state, captured.id));
    },
    /** From now on the API takes `ms` before answering; Infinity (the default): it never answers. `hang(0)` ends it. */
    hang(ms = Number.POSITIVE_INFINITY) {
      state.hangMs = ms;
    },
    /** The next `times` API calls answer `status` with PayPal's error envelope, as during an outage. */
    failRequests(times: number, status = 500) {
      state.failures = { times, status };
    },
  };
}

function webhookControls(state: State) {
  const signed = (type: string, resource: unknown, signing: SigningOptions = {}) => {
    const event = eventOf(state, type, resource, signing.at ?? new Date());
    return { event, ...signedBody(state, event, signing) };
  };
  const webhookUrl = (url?: string) => {
    const target = url ?? state.options.webhookUrl;
    if (!target) throw new Error('the fake PayPal has no webhook URL: pass webhookUrl or call setWebhookUrl');
    return target;
  };
  return {
    setWebhookUrl(url: string) {
      state.options.webhookUrl = url;
    },
    /** An event of `type` about `resource` as PayPal would POST it (body and headers), to replay, forge or delay. */
    signedEvent: signed,
    /** Makes an event and POSTs it to the webhook URL; resolves the answer's status. */
    async sendEvent(type: string, resource: unknown, signing: SigningOptions & { url?: string } = {}) {
      const { event } = signed(type, resource, signing);
      return deliver(state, event, webhookUrl(signing.url), signing);
    },
    /** POSTs an event again (PayPal redelivers until a 2xx), in a new transmission; resolves the answer's status. */
    resend: (event: FakePayPalEvent, signing: SigningOptions & { url?: string } = {}) =>
      deliver(state, event, webhookUrl(signing.url), signing),
  };
}

async function handle(state: State, request: IncomingMessage, response: ServerResponse) {
  const url = new URL(request.url ?? '/', state.origin);
  if (url.pathname === '/checkoutnow') return approvalPage(state, request, response, url);
  if (request.method === 'GET' && url.pathname === new URL(state.paypal.certUrl).pathname) {
    return response.writeHead(200, { 'content-type': 'application/x-pem-file' }).end(state.certificate);
  }
  if (!/^\/v[12]\//.test(url.pathname)) {
    return reply(response, { status: 404, body: envelope('RESOURCE_NOT_FOUND', 'The requested URL was not found.') });
  }
  return api(state, request, response, url);
}

async function api(state: State, request: IncomingMessage, response: ServerResponse, url: URL) {
  const raw = await readBody(request);
  const logged: FakePayPalRequest = {
    method: request.method ?? '',
    path: url.pathname,
    body: null,
    requestId: header(request, 'paypal-request-id'),
    prefer: header(request, 'prefer'),
    auth: null,
  };
  state.requests.push(logged);
  if (state.hangMs === Number.POSITIVE_INFINITY) return;
  if (state.hangMs > 0) await new Promise((resolve) => setTimeout(resolve, state.hangMs));
  if (state.failures.times > 0) {
    state.failures.times--;
    const name = state.failures.status === 503 ? 'SERVICE_UNAVAILABLE' : 'INTERNAL_SERVER_ERROR';
    return reply(response, {
      status: state.failures.status,
      body: envelope(name, 'An internal server error occurred.'),
    });
  }
  try {
    if (logged.method === 'POST' && logged.path === '/v1/oauth2/token') {
      logged.body = Object.fromEntries(new URLSearchParams(raw));
      return reply(response, issueToken(state, request, logged));
    }
    logged.body = raw ? parseJson(raw) : null;
    logged.auth = bearer(state, request);
    const { answer, replayed } = idempotent(state, logged);
    reply(response, answer, replayed && logged.requestId ? { 'paypal-request-id': logged.requestId } : {});
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    reply(response, error.answer);
  }
}

function issueToken(state: State, request: IncomingMessage, logged: FakePayPalRequest): Answer {
  const [scheme, encoded = ''] = (header(request, 'authorization') ?? '').split(' ');
  const [id, ...secret] = Buffer.from(encoded, 'base64').toString().split(':');
  logged.auth = scheme?.toLowerCase() === 'basic' ? 'basic' : null;
  if (logged.auth !== 'basic' || id !== state.options.clientId || secret.join(':') !== state.options.clientSecret) {
    throw new Refusal(401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
  }
  const grant = (logged.body as Record<string, string>).grant_type;
  if (grant !== 'client_credentials') {
    throw new Refusal(400, { error: 'unsupported_grant_type', error_description: 'unsupported grant_type' });
  }
  const token = `A21AA${randomBytes(40).toString('base64url')}`;
  state.tokens.set(token, Date.now() + TOKEN_SECONDS * 1000);
  return ok({
    scope: 'https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/applications/webhooks',
    access_token: token,
    token_type: 'Bearer',
    app_id: 'APP-80W284485P519543T',
    expires_in: TOKEN_SECONDS,
    nonce: `${now()}${randomHex(8)}`,
  });
}

function bearer(state: State, request: IncomingMessage): 'bearer' {
  const token = /^Bearer (.+)$/i.exec(header(request, 'authorization') ?? '')?.[1] ?? '';
  if ((state.tokens.get(token) ?? 0) > Date.now()) return 'bearer';
  throw new Refusal(401, {
    name: 'AUTHENTICATION_FAILURE',
    message: 'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
    links: [{ href: 'https://developer.paypal.com/docs/api/overview/#error', rel: 'information_link' }],
  });
}

const ROUTES: Array<[string, RegExp, Handler]> = [
  ['POST', /^\/v2\/checkout\/orders$/, createOrder],
  ['GET', /^\/v2\/checkout\/orders\/([^/]+)$/, showOrder],
  ['POST', /^\/v2\/checkout\/orders\/([^/]+)\/capture$/, captureOrder],
  ['GET', /^\/v2\/payments\/captures\/([^/]+)$/, (state, _request, id) => ok(captureResource(state, id))],
  ['POST', /^\/v2\/payments\/captures\/([^/]+)\/refund$/, refundCapture],
  ['GET', /^\/v2\/payments\/refunds\/([^/]+)$/, (state, _request, id) => ok(refundFound(state, id))],
  ['POST', /^\/v1\/notifications\/verify-webhook-signature$/, verifyWebhookSignature],
];

/**
 * A PayPal-Request-Id seen before answers "the latest status of the previous request that used that same header"
 * (PayPal's idempotency guide): the order as it is now, not a second order or capture. Refusals are not kept.
 */
function idempotent(state: State, request: FakePayPalRequest) {
  const key = request.requestId && `${request.path} ${request.requestId}`;
  const seen = key ? state.idempotency.get(key) : undefined;
  if (seen) return { answer: { status: seen.status, body: structuredClone(seen.replay()) }, replayed: true };
  for (const [method, pattern, handler] of ROUTES) {
    const match = request.method === method ? pattern.exec(request.path) : null;
    if (!match) continue;
    const { replay, ...answer } = handler(state, request, decodeURIComponent(match[1] ?? ''));
    if (key && replay) state.idempotency.set(key, { status: answer.status, replay });
    return { answer, replayed: false };
  }
  throw new Refusal(404, envelope('RESOURCE_NOT_FOUND', 'The specified resource does not exist.'));
}

function createOrder(state: State, request: FakePayPalRequest): Answer & { replay: () => unknown } {
  const body = objectOf(request.body);
  const intent = body.intent;
  if (intent !== 'CAPTURE' && intent !== 'AUTHORIZE') {
    throw invalid('/intent', intent === undefined ? 'MISSING_REQUIRED_PARAMETER' : 'INVALID_PARAMETER_VALUE');
  }
  const units = Array.isArray(body.purchase_units) ? body.purchase_units.map(objectOf) : [];
  const unit = units[0];
  if (!unit) throw invalid('/purchase_units', 'MISSING_REQUIRED_PARAMETER');
  const amount = moneyOf(unit.amount, "/purchase_units/@reference_id=='default'/amount");
  const experience = objectOf(objectOf(objectOf(body.payment_source).paypal).experience_context);
  const legacy = objectOf(body.application_context);
  const id = paypalId();
  const order: FakeOrder = {
    id,
    intent,
    status: body.payment_source ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
    ...(body.payment_source ? { payment_source: { paypal: {} } } : {}),
    purchase_units: [
      {
        reference_id: text(unit.reference_id) ?? 'default',
        amount,
        payee: PAYEE,
        ...optionalText('description', unit.description, 127),
        ...optionalText('custom_id', unit.custom_id, 127),
        ...optionalText('invoice_id', unit.invoice_id, 127),
      },
    ],
    create_time: now(),
    links: [],
  };
  const stored: StoredOrder = {
    order,
    returnUrl: text(experience.return_url) ?? text(legacy.return_url) ?? null,
    cancelUrl: text(experience.cancel_url) ?? text(legacy.cancel_url) ?? null,
    userAction: (experience.user_action ?? legacy.user_action) === 'PAY_NOW' ? 'PAY_NOW' : 'CONTINUE',
    funding: null,
  };
  state.orders.set(id, stored);
  order.links = linksOf(state, stored);
  const minimal = !request.prefer?.includes('return=representation');
  const present = () => (minimal ? minimalOrder(stored.order) : stored.order);
  return { status: 201, body: structuredClone(present()), replay: present };
}

function showOrder(state: State, _request: FakePayPalRequest, id: string): Answer {
  return ok(find(state, id, 'order_id').order);
}

function captureOrder(state: State, request: FakePayPalRequest, id: string): Answer & { replay: () => unknown } {
  const stored = find(state, id, 'order_id');
  const { order } = stored;
  if (order.intent !== 'CAPTURE') {
    throw unprocessable('ACTION_DOES_NOT_MATCH_INTENT', "Order was created with an intent to 'AUTHORIZE'.");
  }
  if (order.status === 'COMPLETED') {
    throw unprocessable(
      'ORDER_ALREADY_CAPTURED',
      "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
    );
  }
  if (order.status !== 'APPROVED') {
    throw unprocessable(
      'ORDER_NOT_APPROVED',
      "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.",
    );
  }
  const unit = order.purchase_units[0] as FakeOrder['purchase_units'][number];
  const outcome = FUNDING[stored.funding ?? 'balance'].capture;
  const captured: FakeCapture = {
    id: paypalId(),
    status: outcome,
    ...(outcome === 'PENDING' ? { status_details: { reason: 'ECHECK' } } : {}),
    amount: { ...unit.amount },
    final_capture: true,
    seller_protection: { status: 'ELIGIBLE', dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'] },
    ...(unit.custom_id ? { custom_id: unit.custom_id } : {}),
    links: [],
    create_time: now(),
    update_time: now(),
  };
  captured.links = captureLinks(state, captured.id, order.id);
  unit.payments = { captures: [captured] };
  state.captures.set(captured.id, order.id);
  order.status = 'COMPLETED';
  order.update_time = now();
  order.links = linksOf(state, stored);
  const type = { COMPLETED: 'COMPLETED', DECLINED: 'DECLINED', PENDING: 'PENDING' }[outcome];
  emit(state, `PAYMENT.CAPTURE.${type}`, captureResource(state, captured.id));
  const minimal = !request.prefer?.includes('return=representation');
  const present = () => (minimal ? minimalCapturedOrder(stored.order) : stored.order);
  return { status: 201, body: structuredClone(present()), replay: present };
}

function refundCapture(state: State, request: FakePayPalRequest, id: string): Answer & { replay: () => unknown } {
  const captured = captureFound(state, id);
  const body = objectOf(request.body);
  const currency = captured.amount.currency_code;
  const refunds = refundsOf(state, id);
  const refunded = refunds.reduce((sum, refund) => sum + minorOf(refund.amount), 0n);
  const remaining = minorOf(captured.amount) - refunded;
  if (captured.status === 'REFUNDED')
    throw unprocessable('CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded');
  if (captured.status !== 'COMPLETED' && captured.status !== 'PARTIALLY_REFUNDED') {
    throw unprocessable('TRANSACTION_REFUSED', `A capture that is ${captured.status} cannot be refunded.`);
  }
  const amount =
    body.amount === undefined
      ? { currency_code: currency, value: decimalOf(remaining, currency) }
      : moneyOf(body.amount, '/amount');
  if (amount.currency_code !== currency) {
    throw unprocessable('REFUND_CURRENCY_MISMATCH', 'Refund must be in the same currency as the capture.');
  }
  if (minorOf(amount) > remaining) {
    throw unprocessable(
      'REFUND_AMOUNT_EXCEEDED',
      'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
    );
  }
  const refund: FakeRefund = {
    id: paypalId(),
    status: 'COMPLETED',
    amount,
    ...optionalText('note_to_payer', body.note_to_payer, 255),
    links: [],
    create_time: now(),
    update_time: now(),
  };
  refund.links = [
    link(`${state.origin}/v2/payments/refunds/${refund.id}`, 'self'),
    link(`${state.origin}/v2/payments/captures/${id}`, 'up'),
  ];
  state.refunds.set(refund.id, refund);
  refunds.push(refund);
  captured.status = minorOf(amount) === remaining ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
  captured.update_time = now();
  emit(state, 'PAYMENT.CAPTURE.REFUNDED', refund);
  const minimal = !request.prefer?.includes('return=representation');
  const present = () => {
    const current = refundFound(state, refund.id);
    return minimal ? { id: current.id, status: current.status, links: current.links } : current;
  };
  return { status: 201, body: structuredClone(present()), replay: present };
}

/**
 * PayPal's verification call: SUCCESS only when the signature in the headers is PayPal's (its algorithm, its
 * certificate) over this transmission, the webhook id given (which must be this app's) and the event exactly as
 * it was sent; FAILURE for anything else. It does not judge the transmission's age: that is the receiver's part.
 */
function verifyWebhookSignature(state: State, request: FakePayPalRequest): Answer {
  const body = objectOf(request.body);
  const names = ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id'];
  const missing = names.filter((name) => !text(body[name]));
  if (typeof body.webhook_event !== 'object' || body.webhook_event === null) missing.push('webhook_event');
  if (missing.length > 0) {
    throw new Refusal(400, {
      ...envelope('VALIDATION_ERROR', 'Invalid request - see details'),
      information_link: 'https://developer.paypal.com/docs/api/webhooks/v1/#error-VALIDATION_ERROR',
      details: missing.map((field) => ({ field, location: 'body', issue: 'Required field cannot be blank' })),
    });
  }
  const message = transmission(
    String(body.transmission_id),
    String(body.transmission_time),
    String(body.webhook_id),
    JSON.stringify(body.webhook_event),
  );
  const genuine =
    body.auth_algo === 'SHA256withRSA' &&
    body.cert_url === state.paypal.certUrl &&
    body.webhook_id === state.options.webhookId &&
    verify('sha256', message, state.paypal.privateKey, Buffer.from(String(body.transmission_sig), 'base64'));
  return ok({ verification_status: genuine ? 'SUCCESS' : 'FAILURE' });
}

function approve(state: State, stored: StoredOrder, funding: Funding) {
  const { order } = stored;
  if (order.status === 'APPROVED') return;
  if (order.status !== 'CREATED' && order.status !== 'PAYER_ACTION_REQUIRED') {
    throw new Error(`order ${order.id} is ${order.status}: it cannot be approved`);
  }
  const payerId = paypalId(13);
  const name = { given_name: BUYER.given_name, surname: BUYER.surname };
  order.status = 'APPROVED';
  order.payer = { name, email_address: BUYER.email, payer_id: payerId, address: { country_code: BUYER.country } };
  order.payment_source = {
    paypal: {
      email_address: BUYER.email,
      account_id: payerId,
      account_status: 'VERIFIED',
      name,
      address: { country_code: BUYER.country },
    },
  };
  order.update_time = now();
  order.links = linksOf(state, stored);
  stored.funding = funding;
  emit(state, 'CHECKOUT.ORDER.APPROVED', order);
}

/** What the approve/payer-action link opens: the order, what to pay with, "Pay Now" and "Cancel". */
async function approvalPage(state: State, request: IncomingMessage, response: ServerResponse, url: URL) {
  const form = request.method === 'POST' ? new URLSearchParams(await readBody(request)) : null;
  const stored = state.orders.get(url.searchParams.get('token') ?? '');
  const outcome = stored ? payerChoice(state, stored, form) : { status: 404, error: ORDER_GONE };
  if ('location' in outcome) {
    return response.writeHead(303, { location: outcome.location, 'cache-control': 'no-store' }).end();
  }
  response
    .writeHead(outcome.status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
    .end(approvalHtml(stored, url, outcome.error));
}

const ORDER_GONE = 'This order could not be found. It may have expired: return to the merchant and try again.';

/** The page to show (with an error or none), or where the payer's choice sends the browser, as PayPal does. */
function payerChoice(state: State, stored: StoredOrder, form: URLSearchParams | null) {
  const { order } = stored;
  if (order.status === 'COMPLETED' || order.status === 'VOIDED') {
    return { status: 409, error: 'This order can no longer be paid. Return to the merchant to see where it stands.' };
  }
  if (!form) return { status: 200, error: null };
  const choice = form.get('choice');
  const funding = form.get('funding') ?? 'balance';
  if (choice !== 'pay' && choice !== 'cancel') return { status: 400, error: 'Choose to pay or to cancel.' };
  if (choice === 'pay' && !(funding in FUNDING)) return { status: 400, error: 'Choose a way to pay.' };
  const target = choice === 'pay' ? stored.returnUrl : stored.cancelUrl;
  if (!target) {
    return {
      status: 400,
      error: "Things don't appear to be working at the moment: the merchant gave no return address.",
    };
  }
  const back = new URL(target);
  back.searchParams.set('token', order.id);
  if (choice === 'pay') {
    approve(state, stored, funding as Funding);
    back.searchParams.set('PayerID', order.payer?.payer_id ?? '');
  }
  return { location: back.toString() };
}

function approvalHtml(stored: StoredOrder | undefined, url: URL, error: string | null) {
  const unit = stored?.order.purchase_units[0];
  const payable =
    stored &&
    (stored.order.status === 'CREATED' ||
      stored.order.status === 'PAYER_ACTION_REQUIRED' ||
      stored.order.status === 'APPROVED');
  const funding = Object.entries(FUNDING)
    .map(
      ([value, { label }], index) =>
        `<label><input type="radio" name="funding" value="${value}"${index === 0 ? ' checked' : ''}> ${escapeHtml(label)}</label>`,
    )
    .join('\n');
  const summary = unit
    ? `<p class="amount">${escapeHtml(unit.amount.value)} ${escapeHtml(unit.amount.currency_code)}</p>
<p>${escapeHtml(unit.description ?? '')}</p>
<p class="who">Paying ${escapeHtml(PAYEE.email_address)} as ${escapeHtml(BUYER.email)}</p>`
    : '';
  const form = payable
    ? `<form method="post" action="${escapeHtml(url.pathname + url.search)}">
<fieldset><legend>Pay with</legend>
${funding}
</fieldset>
<button type="submit" name="choice" value="pay">${stored.userAction === 'PAY_NOW' ? 'Pay Now' : 'Continue'}</button>
<button type="submit" name="choice" value="cancel" class="cancel">Cancel and return to merchant</button>
</form>`
    : returnLink(stored);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>PayPal Checkout</title>
<style>
body { margin: 0 auto; max-width: 26rem; padding: 1.5rem; font: 16px system-ui, sans-serif; color: #001435; }
h1 { color: #003087; font-size: 1.5rem; }
.amount { font-size: 1.75rem; font-weight: 600; margin: 0.5rem 0; }
.who { color: #515354; font-size: 0.875rem; }
fieldset { border: 1px solid #cbd2d6; border-radius: 0.5rem; margin: 1rem 0; }
label { display: block; padding: 0.375rem 0; }
button { display: block; width: 100%; margin: 0.5rem 0; padding: 0.75rem; border: 0; border-radius: 1.5rem; font: inherit; font-weight: 600; background: #0070ba; color: #fff; cursor: pointer; }
button.cancel { background: transparent; color: #0070ba; }
[role="alert"] { color: #c72e2e; }
</style>
</head>
<body>
<h1>PayPal</h1>
${summary}
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
${form}
</body>
</html>`;
}

/** Where a payer who cannot pay here goes back to, as PayPal's "Return to merchant". */
function returnLink(stored: StoredOrder | undefined) {
  if (!stored?.returnUrl) return '';
  const back = new URL(stored.returnUrl);
  back.searchParams.set('token', stored.order.id);
  return `<p><a href="${escapeHtml(back.toString())}">Return to merchant</a></p>`;
}

function linksOf(state: State, stored: StoredOrder): FakeLink[] {
  const { order } = stored;
  const self = selfLink(state, order.id);
  const payer = `${state.origin}/checkoutnow?token=${order.id}`;
  const update = link(`${state.origin}/v2/checkout/orders/${order.id}`, 'update', 'PATCH');
  const capture = link(`${state.origin}/v2/checkout/orders/${order.id}/capture`, 'capture', 'POST');
  switch (order.status) {
    case 'PAYER_ACTION_REQUIRED':
      return [self, link(payer, 'payer-action')];
    case 'CREATED':
      return [self, link(payer, 'approve'), update, capture];
    case 'APPROVED':
      return [self, update, capture];
    default:
      return [self];
  }
}

const selfLink = (state: State, orderId: string) => link(`${state.origin}/v2/checkout/orders/${orderId}`, 'self');

function captureLinks(state: State, captureId: string, orderId: string) {
  return [
    link(`${state.origin}/v2/payments/captures/${captureId}`, 'self'),
    link(`${state.origin}/v2/payments/captures/${captureId}/refund`, 'refund', 'POST'),
    link(`${state.origin}/v2/checkout/orders/${orderId}`, 'up'),
  ];
}

const minimalOrder = (order: FakeOrder) => ({
  id: order.id,
  status: order.status,
  ...(order.payment_source ? { payment_source: order.payment_source } : {}),
  links: order.links,
});

const minimalCapturedOrder = (order: FakeOrder) => ({
  ...minimalOrder(order),
  purchase_units: order.purchase_units.map((unit) => ({ reference_id: unit.reference_id, payments: unit.payments })),
  payer: order.payer,
});

/** A capture as GET /v2/payments/captures/{id} shows it: with the order it belongs to. */
function captureResource(state: State, captureId: string) {
  const captured = captureFound(state, captureId);
  return {
    ...captured,
    supplementary_data: { related_ids: { order_id: state.captures.get(captureId) } },
    payee: PAYEE,
  };
}

function captureFound(state: State, captureId: string): FakeCapture {
  const orderId = state.captures.get(captureId);
  const captured =
    orderId && state.orders.get(orderId)?.order.purchase_units[0]?.payments?.captures.find((c) => c.id === captureId);
  if (!captured) throw notFound('capture_id', captureId);
  return captured;
}

function refundsOf(state: State, captureId: string) {
  const orderId = state.captures.get(captureId) ?? '';
  const payments = state.orders.get(orderId)?.order.purchase_units[0]?.payments;
  if (!payments) throw notFound('capture_id', captureId);
  payments.refunds ??= [];
  return payments.refunds;
}

function refundFound(state: State, refundId: string) {
  const refund = state.refunds.get(refundId);
  if (!refund) throw notFound('refund_id', refundId);
  return refund;
}

function find(state: State, id: string, field?: string) {
  const stored = state.orders.get(id);
  if (stored) return stored;
  if (field) throw notFound(field, id);
  throw new Error(`the fake PayPal has no order ${id}`);
}

function emit(state: State, type: string, resource: unknown) {
  const url = state.options.webhookUrl;
  if (!url) return;
  const event = eventOf(state, type, resource, new Date());
  const delivery = deliver(state, event, url, {}).catch(() => {});
  state.pendingDeliveries.add(delivery);
  void delivery.finally(() => state.pendingDeliveries.delete(delivery));
}

async function deliver(state: State, event: FakePayPalEvent, url: string, signing: SigningOptions) {
  const { body, headers } = signedBody(state, event, signing);
  try {
    const response = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) });
    await response.arrayBuffer();
    state.deliveries.push({ event, status: response.status });
    return response.status;
  } catch (error) {
    state.deliveries.push({ event, status: null, error: String(error) });
    throw error;
  }
}

const SUMMARIES: Record<string, string> = {
  'CHECKOUT.ORDER.APPROVED': 'An order has been approved by buyer',
  'PAYMENT.CAPTURE.COMPLETED': 'Payment completed',
  'PAYMENT.CAPTURE.PENDING': 'Payment pending',
  'PAYMENT.CAPTURE.DECLINED': 'A payment capture was declined',
  'PAYMENT.CAPTURE.DENIED': 'A payment was denied',
  'PAYMENT.CAPTURE.REFUNDED': 'A capture was refunded',
};

function eventOf(state: State, type: string, resource: unknown, at: Date): FakePayPalEvent {
  const id = `WH-${paypalId(17)}-${paypalId(17)}`;
  const amount = objectOf(objectOf(resource).amount);
  const money = text(amount.value) ? ` for ${amount.value} ${amount.currency_code}` : '';
  return {
    id,
    event_version: '1.0',
    create_time: at.toISOString(),
    resource_type: type.startsWith('CHECKOUT.') ? 'checkout-order' : type.endsWith('REFUNDED') ? 'refund' : 'capture',
    resource_version: '2.0',
    event_type: type,
    summary: `${SUMMARIES[type] ?? type}${money}`,
    resource: structuredClone(resource),
    links: [
      link(`${state.origin}/v1/notifications/webhooks-events/${id}`, 'self'),
      link(`${state.origin}/v1/notifications/webhooks-events/${id}/resend`, 'resend', 'POST'),
    ],
  };
}

/** The body exactly as PayPal sends it (compact JSON) and the headers of one transmission, signed. */
function signedBody(state: State, event: FakePayPalEvent, signing: SigningOptions) {
  const body = JSON.stringify(event);
  const signer = signing.signer === 'stranger' ? state.stranger : state.paypal;
  const transmissionId = randomUUID();
  const time = (signing.at ?? new Date()).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const message = transmission(transmissionId, time, signing.webhookId ?? state.options.webhookId, body);
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'PayPal/AUHD-214.0-58843066',
    'correlation-id': randomHex(7),
    'paypal-auth-algo': 'SHA256withRSA',
    'paypal-auth-version': 'v2',
    'paypal-cert-url': signer.certUrl,
    'paypal-transmission-id': transmissionId,
    'paypal-transmission-sig': sign('sha256', message, signer.privateKey).toString('base64'),
    'paypal-transmission-time': time,
  };
  return { body, headers };
}

/** What PayPal signs: `<transmission id>|<transmission time>|<webhook id>|<CRC32 of the body, decimal>`. */
const transmission = (id: string, time: string, webhookId: string, body: string) =>
  Buffer.from(`${id}|${time}|${webhookId}|${crc32(body)}`);

/** PayPal's signing key and its X.509 certificate (what PAYPAL-CERT-URL serves), made for this run. */
function signingCertificate(folder: string) {
  const keyFile = path.join(folder, 'key.pem');
  const certFile = path.join(folder, 'cert.pem');
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', keyFile, '-out', certFile, '-days', '2'],
      ...['-subj', '/C=US/ST=California/L=San Jose/O=PayPal, Inc./CN=messageverificationcerts.paypal.com'],
    ],
    { stdio: 'ignore' },
  );
  return { key: createPrivateKey(readFileSync(keyFile)), certificate: readFileSync(certFile, 'utf8') };
}

/** An amount as PayPal reads one: a currency it takes, a positive decimal in that currency's decimals. */
function moneyOf(value: unknown, field: string): FakeMoney {
  const money = objectOf(value);
  const currency = text(money.currency_code);
  const amount = text(money.value);
  if (!currency) throw invalid(`${field}/currency_code`, 'MISSING_REQUIRED_PARAMETER');
  if (amount === undefined) throw invalid(`${field}/value`, 'MISSING_REQUIRED_PARAMETER');
  if (!/^\d+(\.\d+)?$/.test(amount) || amount.length > 32)
    throw invalid(`${field}/value`, 'INVALID_PARAMETER_SYNTAX', amount);
  if (!CURRENCIES.has(currency)) {
    throw unprocessable(
      'CURRENCY_NOT_SUPPORTED',
      'Currency code is unknown or is not supported.',
      `${field}/currency_code`,
    );
  }
  const decimals = amount.split('.')[1]?.length ?? 0;
  if (decimals > (WHOLE_UNITS.has(currency) ? 0 : 2)) {
    throw unprocessable(
      'DECIMAL_PRECISION',
      'If the currency supports decimals, only two decimal place precision is supported.',
      `${field}/value`,
    );
  }
  if (!/[1-9]/.test(amount))
    throw unprocessable('CANNOT_BE_ZERO_OR_NEGATIVE', 'Must be greater than zero.', `${field}/value`);
  return { currency_code: currency, value: amount };
}

/** In PayPal's decimals for the currency, as an integer: "12.5" USD → 1250n. */
function minorOf({ currency_code, value }: FakeMoney) {
  const decimals = WHOLE_UNITS.has(currency_code) ? 0 : 2;
  const [whole = '0', fraction = ''] = value.split('.');
  return BigInt(whole + fraction.padEnd(decimals, '0'));
}

function decimalOf(minor: bigint, currency: string) {
  if (WHOLE_UNITS.has(currency)) return minor.toString();
  const digits = minor.toString().padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

function envelope(name: string, message: unknown, details?: Array<Record<string, unknown>>) {
  const issue = details?.[0]?.issue;
  return {
    name,
    message: message instanceof Error ? message.message : String(message),
    debug_id: randomHex(7),
    ...(details ? { details } : {}),
    links: [{ href: `${ERRORS_PAGE}${issue ? `#${issue}` : ''}`, rel: 'information_link', method: 'GET' }],
  };
}

const DESCRIPTIONS: Record<string, string> = {
  MISSING_REQUIRED_PARAMETER: 'A required field / parameter is missing.',
  INVALID_PARAMETER_VALUE: 'The value of a field is invalid.',
  INVALID_PARAMETER_SYNTAX: 'The value of a field does not conform to the expected format.',
  MALFORMED_REQUEST_JSON: 'The request JSON is not well formed.',
};

function invalid(field: string, issue: string, value?: string) {
  return new Refusal(
    400,
    envelope('INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', [
      { field, ...(value === undefined ? {} : { value }), location: 'body', issue, description: DESCRIPTIONS[issue] },
    ]),
  );
}

function unprocessable(issue: string, description: string, field?: string) {
  return new Refusal(
    422,
    envelope(
      'UNPROCESSABLE_ENTITY',
      'The requested action could not be performed, semantically incorrect, or failed business validation.',
      [{ ...(field ? { field, location: 'body' } : {}), issue, description }],
    ),
  );
}

function notFound(field: string, value: string) {
  return new Refusal(
    404,
    envelope('RESOURCE_NOT_FOUND', 'The specified resource does not exist.', [
      {
        field,
        value,
        location: 'path',
        issue: 'INVALID_RESOURCE_ID',
        description: 'Specified resource ID does not exist. Please check the resource ID and try again.',
      },
    ]),
  );
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    throw invalid('/', 'MALFORMED_REQUEST_JSON');
  }
}

function reply(response: ServerResponse, answer: Answer, headers: Record<string, string> = {}) {
  response
    .writeHead(answer.status, { 'content-type': 'application/json', 'paypal-debug-id': randomHex(7), ...headers })
    .end(JSON.stringify(answer.body));
}

function optionalText(name: string, value: unknown, max: number) {
  const given = text(value);
  return given === undefined ? {} : { [name]: given.slice(0, max) };
}

const link = (href: string, rel: string, method = 'GET'): FakeLink => ({ href, rel, method });
const objectOf = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
const ok = (body: unknown): Answer => ({ status: 200, body: structuredClone(body) });
const snapshot = <T>(value: T): T => structuredClone(value);
const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
const randomHex = (bytes: number) => randomBytes(bytes).toString('hex');
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const paypalId = (length = 17) => Array.from(randomBytes(length), (byte) => ALPHABET[byte % 36]).join('');
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

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
