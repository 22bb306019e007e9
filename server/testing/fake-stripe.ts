import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Stripe from 'stripe';
import {
  type CardError,
  cardDetails,
  DECLINES,
  type Decline,
  declineNamed,
  declineOf,
  methodFrom,
  paymentMethodObject,
  type StoredMethod,
  storeMethod,
} from './fake-stripe-cards.ts';
import {
  type Answer,
  type Form,
  group,
  list,
  missing,
  newId,
  ok,
  parameterMissing,
  positiveInteger,
  Refusal,
  seconds,
  snapshot,
  strings,
  text,
} from './fake-stripe-common.ts';
import { cardFrame, stripeJs } from './fake-stripe-js.ts';
import { type FakeCustomer, type FakeSetupIntent, walletControls, walletRoute } from './fake-stripe-wallet.ts';
import { serveLocally } from './local-server.ts';

export interface FakeStripeOptions {
  /** Where events are POSTed (the app's webhook route); `setWebhookUrl` sets it once the app listens. */
  webhookUrl?: string;
  webhookSecret: string;
  secretKey: string;
  publishableKey: string;
  /** A fixed port (the journeys' server); 0 or absent: any free one. */
  port?: number;
}

export interface FakeStripeRequest {
  method: string;
  path: string;
  params: Form;
  idempotencyKey: string | null;
  /** Which key authenticated it: Bearer secret key (the SDK) or publishable key (Stripe.js). */
  key: 'secret' | 'publishable' | null;
}

export interface FakeStripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: unknown };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

/** One POST of an event to a webhook URL: the answer's status, or null and why when nothing answered. */
export interface FakeStripeDelivery {
  event: FakeStripeEvent;
  status: number | null;
  error?: string;
}

/** `at` backdates or postdates the signature's timestamp (and the event); `secret` signs with another secret. */
export interface SigningOptions {
  at?: Date;
  secret?: string;
}

export type { Form } from './fake-stripe-common.ts';

type IntentStatus = 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'succeeded' | 'canceled';

export interface FakePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: IntentStatus;
  client_secret: string;
  description: string | null;
  metadata: Record<string, string>;
  last_payment_error: CardError | null;
  latest_charge: string | null;
  payment_method: string | null;
  /** The Customer whose saved cards may pay it, and who keeps the card when `setup_future_usage` is set. */
  customer: string | null;
  setup_future_usage: 'on_session' | 'off_session' | null;
  allowed_payment_method_types: string[] | null;
  payment_method_types: string[];
  automatic_payment_methods: { enabled: boolean } | null;
  cancellation_reason: string | null;
  canceled_at: number | null;
  capture_method: 'automatic';
  confirmation_method: 'automatic';
  created: number;
  livemode: false;
}

export interface FakeCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  currency: string;
  captured: boolean;
  paid: boolean;
  refunded: boolean;
  status: 'succeeded' | 'failed';
  failure_code: string | null;
  failure_message: string | null;
  outcome: { type: string; network_status: string; reason: string | null; seller_message: string };
  payment_intent: string;
  payment_method: string;
  payment_method_details: { type: 'card'; card: ReturnType<typeof cardDetails> };
  description: string | null;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  currency: string;
  payment_intent: string;
  reason: string | null;
  status: 'succeeded';
  metadata: Record<string, string>;
  created: number;
}

type Key = 'secret' | 'publishable';

interface State {
  options: FakeStripeOptions;
  origin: string;
  intents: Map<string, FakePaymentIntent>;
  charges: Map<string, FakeCharge>;
  events: Map<string, FakeStripeEvent>;
  methods: Map<string, StoredMethod>;
  customers: Map<string, FakeCustomer>;
  setups: Map<string, FakeSetupIntent>;
  idempotency: Map<string, { fingerprint: string; answer: Answer }>;
  requests: FakeStripeRequest[];
  deliveries: FakeStripeDelivery[];
  pendingDeliveries: Set<Promise<unknown>>;
  hangMs: number;
  failures: { times: number; status: number };
}

/** The statuses in which a PaymentIntent may still be confirmed or canceled. */
const OPEN: IntentStatus[] = ['requires_payment_method', 'requires_confirmation', 'requires_action'];

/**
 * A local Stripe API that the official `stripe` SDK talks to unchanged (STRIPE_API_URL = `url`), plus the part of
 * Stripe the browser talks to: a Stripe.js stand-in at `jsUrl` (STRIPE_JS_URL) whose card fields live in a frame
 * served from here and post the card to `/v1/payment_intents/:id/confirm` with the publishable key and the client
 * secret, as Stripe.js does. Bodies are form-encoded, answers are Stripe's objects and error envelope, an
 * Idempotency-Key replays its first answer, and every API call needs `Authorization: Bearer <secret key>`.
 * Confirming or refunding POSTs the event to the webhook URL with a `Stripe-Signature` header (`t=<unix>,v1=<hex
 * HMAC-SHA256 of "t.body">`); `signedEvent` and `sendEvent` make any event, signed, late or with another secret.
 */
export async function startFakeStripe(options: FakeStripeOptions) {
  const state: State = {
    options: { ...options },
    origin: '',
    intents: new Map(),
    charges: new Map(),
    events: new Map(),
    methods: new Map(),
    customers: new Map(),
    setups: new Map(),
    idempotency: new Map(),
    requests: [],
    deliveries: [],
    pendingDeliveries: new Set(),
    hangMs: 0,
    failures: { times: 0, status: 500 },
  };
  const { origin, close } = await serveLocally((request, response) => handle(state, request, response), {
    port: options.port,
    onError: (response, error) =>
      reply(response, { status: 500, body: { error: { type: 'api_error', message: String(error) } } }),
    beforeClose: () => Promise.allSettled(state.pendingDeliveries),
  });
  state.origin = origin;
  return {
    /** STRIPE_API_URL */
    url: state.origin,
    /** STRIPE_JS_URL: the Stripe.js stand-in. */
    jsUrl: `${state.origin}/v3/`,
    /** Every API call, oldest first (the browser's confirm calls too). */
    requests: state.requests,
    /** Every event POSTed to a webhook URL, in the order the answers came. */
    deliveries: state.deliveries,
    ...paymentControls(state),
    ...walletControls(walletOf(state), state),
    ...webhookControls(state),
    close,
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

function paymentControls(state: State) {
  const find = (id: string) => {
    const intent = state.intents.get(id);
    if (!intent) throw new Error(`the fake Stripe has no PaymentIntent ${id}`);
    return intent;
  };
  const settleAs = (id: string, number: string, decline: Decline | null) => {
    const intent = find(id);
    if (!OPEN.includes(intent.status)) throw new Error(`${id} is ${intent.status}: it cannot be confirmed`);
    const card = { number, expMonth: 12, expYear: new Date().getFullYear() + 3, cvc: '123' };
    settle(state, intent, storeMethod(state.methods, card), decline);
    return snapshot(intent);
  };
  return {
    /** The PaymentIntent as Stripe holds it now (a copy). */
    paymentIntent: (id: string) => snapshot(find(id)),
    /** A charge as Stripe holds it now (a copy), e.g. the PaymentIntent's latest_charge. */
    charge(id: string): FakeCharge {
      const charge = state.charges.get(id);
      if (!charge) throw new Error(`the fake Stripe has no charge ${id}`);
      return structuredClone(charge);
    },
    /** The payer pays: as a confirm with 4242 4242 4242 4242, webhook included. */
    succeed: (id: string) => settleAs(id, '4242424242424242', null),
    /** The payer's card is declined with this decline code (generic_decline, insufficient_funds, expired_card...). */
    fail: (id: string, code = 'generic_decline') =>
      settleAs(id, '4000000000000002', declineNamed(code) ?? { ...DECLINES.generic_decline, decline_code: code }),
    /**
     * What Stripe.js sends when the payer submits the card fields: a real POST to the confirm endpoint with the
     * publishable key and the client secret. Resolves Stripe's answer (200 with the PaymentIntent, 402 with the
     * card error).
     */
    async payWithCard(clientSecret: string, number: string, card: { expiry?: string; cvc?: string } = {}) {
      const [month = '', year = ''] = (card.expiry ?? `12/${(new Date().getFullYear() + 3) % 100}`).split('/');
      const form = new URLSearchParams({
        key: state.options.publishableKey,
        client_secret: clientSecret,
        'payment_method_data[type]': 'card',
        'payment_method_data[card][number]': number,
        'payment_method_data[card][exp_month]': month.trim(),
        'payment_method_data[card][exp_year]': year.trim(),
        'payment_method_data[card][cvc]': card.cvc ?? '123',
      });
      const id = clientSecret.split('_secret_')[0] ?? '';
      const response = await fetch(`${state.origin}/v1/payment_intents/${id}/confirm`, { method: 'POST', body: form });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
    /** From now on the API takes `ms` before answering; Infinity (the default): it never answers. `hang(0)` ends it. */
    hang(ms = Number.POSITIVE_INFINITY) {
      state.hangMs = ms;
    },
    /** The next `times` API calls answer `status` with an api_error, as during an outage. */
    failRequests(times: number, status = 500) {
      state.failures = { times, status };
    },
  };
}

function webhookControls(state: State) {
  const signed = (type: string, object: unknown, signing: SigningOptions = {}) => {
    const event = eventOf(type, object, signing.at ?? new Date());
    state.events.set(event.id, event);
    return { event, ...signedBody(event, signing.secret ?? state.options.webhookSecret, signing.at ?? new Date()) };
  };
  const webhookUrl = (url?: string) => {
    const target = url ?? state.options.webhookUrl;
    if (!target) throw new Error('the fake Stripe has no webhook URL: pass webhookUrl or call setWebhookUrl');
    return target;
  };
  return {
    setWebhookUrl(url: string) {
      state.options.webhookUrl = url;
    },
    /** The `Stripe-Signature` header of `body`, as Stripe computes it. */
    sign: (body: string, signing: SigningOptions = {}) =>
      signature(body, signing.secret ?? state.options.webhookSecret, signing.at ?? new Date()),
    /** An event of `type` about `object` as Stripe would POST it, to replay, forge, reorder or send late. */
    signedEvent: signed,
    /** Makes an event and POSTs it to the webhook URL; resolves the answer's status. */
    async sendEvent(type: string, object: unknown, signing: SigningOptions & { url?: string } = {}) {
      const { event } = signed(type, object, signing);
      return deliver(state, event, webhookUrl(signing.url), signing);
    },
    /** POSTs an event again (Stripe redelivers until a 2xx), signed anew; resolves the answer's status. */
    resend: (event: FakeStripeEvent, signing: SigningOptions & { url?: string } = {}) =>
      deliver(state, event, webhookUrl(signing.url), signing),
  };
}

async function handle(state: State, request: IncomingMessage, response: ServerResponse) {
  const url = new URL(request.url ?? '/', state.origin);
  if (request.method === 'OPTIONS') return preflight(response);
  if (request.method === 'GET' && /^\/v3\/?$/.test(url.pathname)) {
    return response
      .writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' })
      .end(stripeJs(state.origin));
  }
  if (request.method === 'GET' && url.pathname === '/elements/card') {
    return response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(cardFrame(url.searchParams));
  }
  if (!url.pathname.startsWith('/v1/')) return response.writeHead(404).end();
  return api(state, request, response, url);
}

async function api(state: State, request: IncomingMessage, response: ServerResponse, url: URL) {
  const body = await readBody(request);
  const params = parseForm(request.method === 'GET' ? url.search.slice(1) : body);
  const idempotencyKey = header(request, 'idempotency-key');
  const logged: FakeStripeRequest = {
    method: request.method ?? '',
    path: url.pathname,
    params,
    idempotencyKey,
    key: null,
  };
  state.requests.push(logged);
  if (state.hangMs === Number.POSITIVE_INFINITY) return;
  if (state.hangMs > 0) await new Promise((resolve) => setTimeout(resolve, state.hangMs));
  if (state.failures.times > 0) {
    state.failures.times--;
    const error = { type: 'api_error', message: 'An unknown error occurred' };
    return reply(response, { status: state.failures.status, body: { error } });
  }
  try {
    logged.key = keyOf(state, request, params);
    const { answer, replayed } = idempotent(state, logged, () => route(state, logged));
    reply(response, answer, replayed ? { 'idempotent-replayed': 'true', 'idempotency-key': idempotencyKey ?? '' } : {});
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    reply(response, error.answer);
  }
}

function keyOf(state: State, request: IncomingMessage, params: Form): Key {
  const given = /^Bearer (.+)$/i.exec(header(request, 'authorization') ?? '')?.[1] ?? text(params.key);
  if (!given) {
    throw new Refusal(401, {
      type: 'invalid_request_error',
      message:
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    });
  }
  if (given === state.options.secretKey) return 'secret';
  if (given === state.options.publishableKey) return 'publishable';
  const masked = `${given.slice(0, 8)}${'*'.repeat(Math.max(0, given.length - 12))}${given.slice(-4)}`;
  throw new Refusal(401, { type: 'invalid_request_error', message: `Invalid API Key provided: ${masked}` });
}

/** Stripe keeps a key's first answer (not a 5xx) and replays it; other parameters under the same key are refused. */
function idempotent(state: State, request: FakeStripeRequest, run: () => Answer) {
  if (request.method !== 'POST' || !request.idempotencyKey) return { answer: run(), replayed: false };
  const fingerprint = JSON.stringify([request.key, request.path, request.params]);
  const seen = state.idempotency.get(request.idempotencyKey);
  if (seen && seen.fingerprint !== fingerprint) {
    throw new Refusal(400, {
      type: 'idempotency_error',
      message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${request.idempotencyKey}' if you meant to execute a different request.`,
    });
  }
  if (seen) return { answer: seen.answer, replayed: true };
  let answer: Answer;
  try {
    answer = run();
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    answer = error.answer;
  }
  if (answer.status < 500) state.idempotency.set(request.idempotencyKey, { fingerprint, answer });
  return { answer, replayed: false };
}

function route(state: State, request: FakeStripeRequest): Answer {
  const { method, path, params } = request;
  const key = request.key ?? 'secret';
  const [, resource = '', id = '', action = ''] = /^\/v1\/([a-z_]+)(?:\/([^/]+))?(?:\/([a-z_]+))?$/.exec(path) ?? [];
  const call = `${method} ${resource}${id ? '/:id' : ''}${action ? `/${action}` : ''}`;
  if (key === 'publishable' && !PUBLISHABLE_CALLS.includes(call)) {
    throw new Refusal(401, {
      type: 'invalid_request_error',
      message: 'This API call cannot be made with a publishable API key. Please use a secret API key.',
    });
  }
  switch (call) {
    case 'POST payment_intents':
      return ok(createIntent(state, params));
    case 'GET payment_intents/:id':
      return ok(withExpansions(state, intentFor(state, id, params, key), params));
    case 'POST payment_intents/:id/confirm':
      return confirm(state, intentFor(state, id, params, key), params);
    case 'POST payment_intents/:id/cancel':
      return ok(cancel(state, intentFor(state, id, params, key), params));
    case 'POST refunds':
      return ok(refund(state, params));
    case 'GET events/:id':
      return ok(state.events.get(id) ?? missing('event', id));
    default:
      return walletRoute(walletOf(state), call, id, params, key) ?? unrecognized(method, path);
  }
}

function unrecognized(method: string, path: string): never {
  throw new Refusal(404, {
    type: 'invalid_request_error',
    message: `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs.`,
  });
}

/** What Stripe.js may do with the publishable key: read and confirm the intents whose client secret it holds. */
const PUBLISHABLE_CALLS = [
  'GET payment_intents/:id',
  'POST payment_intents/:id/confirm',
  'GET setup_intents/:id',
  'POST setup_intents/:id/confirm',
];

const walletOf = (state: State) => ({
  methods: state.methods,
  customers: state.customers,
  setups: state.setups,
  emit: (type: string, object: unknown) => emit(state, type, object),
});

function createIntent(state: State, params: Form): FakePaymentIntent {
  const amount = positiveInteger(params, 'amount');
  const currency = text(params.currency)?.toLowerCase();
  if (!currency) throw parameterMissing('currency');
  if (!/^[a-z]{3}$/.test(currency)) {
    throw new Refusal(400, {
      type: 'invalid_request_error',
      message: `Invalid currency: ${currency}.`,
      param: 'currency',
    });
  }
  const customer = text(params.customer) ?? null;
  const owner = customer ? state.customers.get(customer) : undefined;
  if (customer && (!owner || owner.deleted)) missing('customer', customer);
  const id = newId('pi');
  const allowed = list(params.allowed_payment_method_types);
  const types = allowed.length > 0 ? allowed : list(params.payment_method_types);
  const intent: FakePaymentIntent = {
    id,
    object: 'payment_intent',
    amount,
    amount_received: 0,
    currency,
    status: 'requires_payment_method',
    client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
    description: text(params.description) ?? null,
    metadata: strings(params.metadata),
    last_payment_error: null,
    latest_charge: null,
    payment_method: null,
    customer,
    setup_future_usage: futureUsageOf(params),
    allowed_payment_method_types: allowed.length > 0 ? allowed : null,
    payment_method_types: types.length > 0 ? types : ['card'],
    automatic_payment_methods: group(params.automatic_payment_methods).enabled === 'true' ? { enabled: true } : null,
    cancellation_reason: null,
    canceled_at: null,
    capture_method: 'automatic',
    confirmation_method: 'automatic',
    created: seconds(new Date()),
    livemode: false,
  };
  state.intents.set(id, intent);
  return intent;
}

/** The publishable key reaches a PaymentIntent only with its client secret, as in Stripe.js. */
function intentFor(state: State, id: string, params: Form, key: Key) {
  const intent = state.intents.get(id) ?? missing('payment_intent', id);
  if (key === 'publishable' && text(params.client_secret) !== intent.client_secret) {
    throw new Refusal(400, {
      type: 'invalid_request_error',
      message: 'The client_secret provided does not match the client_secret associated with the PaymentIntent.',
      param: 'client_secret',
    });
  }
  return intent;
}

function withExpansions(state: State, intent: FakePaymentIntent, params: Form) {
  const charge = intent.latest_charge ? state.charges.get(intent.latest_charge) : undefined;
  const expand = list(params.expand).includes('latest_charge');
  return expand && charge ? { ...intent, latest_charge: charge } : intent;
}

function confirm(state: State, intent: FakePaymentIntent, params: Form): Answer {
  if (!OPEN.includes(intent.status)) throw unexpectedState(intent, 'confirm', OPEN);
  const futureUsage = futureUsageOf(params) ?? intent.setup_future_usage;
  if (futureUsage && !intent.customer) {
    throw new Refusal(400, {
      type: 'invalid_request_error',
      param: 'setup_future_usage',
      message: 'A PaymentIntent with setup_future_usage needs a customer to save the PaymentMethod to.',
    });
  }
  const method = methodFrom(state.methods, params, intent.customer);
  const decline = declineOf(method.card);
  settle(state, intent, method, decline);
  // A card that paid and is to be used again is saved to the PaymentIntent's Customer.
  if (!decline && futureUsage) method.customer = intent.customer;
  const error = intent.last_payment_error;
  return error ? { status: 402, body: structuredClone({ error: { ...error, payment_intent: intent } }) } : ok(intent);
}

/** The payment attempt: a charge, succeeded or failed, the PaymentIntent's new state, and its event. */
function settle(state: State, intent: FakePaymentIntent, method: StoredMethod, decline: Decline | null) {
  const charge = chargeOf(intent, method, decline);
  state.charges.set(charge.id, charge);
  intent.latest_charge = charge.id;
  if (decline) {
    intent.status = 'requires_payment_method';
    intent.payment_method = null;
    intent.last_payment_error = {
      type: 'card_error',
      ...decline,
      charge: charge.id,
      payment_method: paymentMethodObject(method),
      doc_url: `https://stripe.com/docs/error-codes/${decline.code.replaceAll('_', '-')}`,
    };
    emit(state, 'payment_intent.payment_failed', intent);
  } else {
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.payment_method = method.id;
    intent.last_payment_error = null;
    emit(state, 'payment_intent.succeeded', intent);
  }
}

function chargeOf(intent: FakePaymentIntent, method: StoredMethod, decline: Decline | null): FakeCharge {
  return {
    id: newId('ch'),
    object: 'charge',
    amount: intent.amount,
    amount_captured: decline ? 0 : intent.amount,
    amount_refunded: 0,
    currency: intent.currency,
    captured: !decline,
    paid: !decline,
    refunded: false,
    status: decline ? 'failed' : 'succeeded',
    failure_code: decline?.code ?? null,
    failure_message: decline?.message ?? null,
    outcome: decline
      ? {
          type: 'issuer_declined',
          network_status: 'declined_by_network',
          reason: decline.decline_code ?? decline.code,
          seller_message: 'The bank did not return any further details with this decline.',
        }
      : {
          type: 'authorized',
          network_status: 'approved_by_network',
          reason: null,
          seller_message: 'Payment complete.',
        },
    payment_intent: intent.id,
    payment_method: method.id,
    payment_method_details: { type: 'card', card: cardDetails(method.card) },
    description: intent.description,
    metadata: { ...intent.metadata },
    created: seconds(new Date()),
    livemode: false,
  };
}

function futureUsageOf(params: Form) {
  const usage = text(params.setup_future_usage);
  return usage === 'on_session' || usage === 'off_session' ? usage : null;
}

function cancel(state: State, intent: FakePaymentIntent, params: Form) {
  if (!OPEN.includes(intent.status)) throw unexpectedState(intent, 'cancel', OPEN);
  intent.status = 'canceled';
  intent.canceled_at = seconds(new Date());
  intent.cancellation_reason = text(params.cancellation_reason) ?? null;
  emit(state, 'payment_intent.canceled', intent);
  return intent;
}

function refund(state: State, params: Form): Refund {
  const charge = refundableCharge(state, params);
  const remaining = charge.amount - charge.amount_refunded;
  const amount = params.amount === undefined ? remaining : positiveInteger(params, 'amount');
  if (amount > remaining) {
    throw new Refusal(400, {
      type: 'invalid_request_error',
      code: 'amount_too_large',
      param: 'amount',
      message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining})`,
    });
  }
  const created: Refund = {
    id: newId('re'),
    object: 'refund',
    amount,
    charge: charge.id,
    currency: charge.currency,
    payment_intent: charge.payment_intent,
    reason: text(params.reason) ?? null,
    status: 'succeeded',
    metadata: strings(params.metadata),
    created: seconds(new Date()),
  };
  charge.amount_refunded += amount;
  charge.refunded = charge.amount_refunded === charge.amount;
  emit(state, 'charge.refunded', charge);
  return created;
}

function refundableCharge(state: State, params: Form) {
  const intentId = text(params.payment_intent);
  const chargeId = text(params.charge);
  if (!intentId && !chargeId) {
    throw new Refusal(400, {
      type: 'invalid_request_error',
      code: 'parameter_missing',
      message: 'One of the following params should be provided for this request: payment_intent or charge.',
    });
  }
  const intent = intentId ? (state.intents.get(intentId) ?? missing('payment_intent', intentId)) : undefined;
  const id = chargeId ?? intent?.latest_charge;
  const charge = id ? state.charges.get(id) : undefined;
  if (chargeId && !charge) missing('charge', chargeId);
  if (charge?.status !== 'succeeded') {
    throw new Refusal(400, {
      type: 'invalid_request_error',
      code: 'charge_not_refundable',
      message: `This PaymentIntent (${intentId}) does not have a successful charge to refund.`,
    });
  }
  if (charge.refunded) {
    throw new Refusal(400, {
      type: 'invalid_request_error',
      code: 'charge_already_refunded',
      message: `Charge ${charge.id} has already been refunded.`,
    });
  }
  return charge;
}

function unexpectedState(intent: FakePaymentIntent, action: string, allowed: IntentStatus[]) {
  return new Refusal(400, {
    type: 'invalid_request_error',
    code: 'payment_intent_unexpected_state',
    message: `You cannot ${action} this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be ${action === 'cancel' ? 'canceled' : 'confirmed'}: ${allowed.join(', ')}.`,
    payment_intent: snapshot(intent),
  });
}

function emit(state: State, type: string, object: unknown) {
  const event = eventOf(type, object, new Date());
  state.events.set(event.id, event);
  const url = state.options.webhookUrl;
  if (!url) return;
  const delivery = deliver(state, event, url, {}).catch(() => {});
  state.pendingDeliveries.add(delivery);
  void delivery.finally(() => state.pendingDeliveries.delete(delivery));
}

async function deliver(state: State, event: FakeStripeEvent, url: string, signing: SigningOptions) {
  const { body, headers } = signedBody(event, signing.secret ?? state.options.webhookSecret, signing.at ?? new Date());
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

function eventOf(type: string, object: unknown, at: Date): FakeStripeEvent {
  return {
    id: newId('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: seconds(at),
    data: { object: structuredClone(object) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

/** The body exactly as Stripe sends it (pretty-printed JSON) and its headers. */
function signedBody(event: FakeStripeEvent, secret: string, at: Date) {
  const body = JSON.stringify(event, null, 2);
  const headers = {
    'content-type': 'application/json; charset=utf-8',
    'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
    'stripe-signature': signature(body, secret, at),
  };
  return { body, headers };
}

function signature(body: string, secret: string, at: Date) {
  const timestamp = seconds(at);
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

function reply(response: ServerResponse, answer: Answer, headers: Record<string, string> = {}) {
  response
    .writeHead(answer.status, {
      'content-type': 'application/json',
      'request-id': newId('req'),
      'stripe-version': Stripe.API_VERSION,
      'access-control-allow-origin': '*',
      ...headers,
    })
    .end(JSON.stringify(answer.body, null, 2));
}

/** Stripe.js calls the API from the page's origin (retrievePaymentIntent). */
function preflight(response: ServerResponse) {
  response
    .writeHead(204, {
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET, POST',
      'access-control-allow-headers': 'authorization, content-type, idempotency-key, stripe-version',
      'access-control-max-age': '600',
    })
    .end();
}

function parseForm(query: string): Form {
  const form: Form = {};
  for (const [name, value] of new URLSearchParams(query)) {
    const path = name.replaceAll(']', '').split('[');
    const last = path.pop() ?? '';
    let node = form;
    for (const part of path) {
      const next = node[part];
      const child: Form = typeof next === 'object' ? next : {};
      node[part] = child;
      node = child;
    }
    node[last] = value;
  }
  return form;
}

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
