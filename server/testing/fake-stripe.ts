import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Stripe from 'stripe';
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

/** Form parameters as Stripe reads them: `metadata[user_id]=u1&expand[0]=x` → { metadata: { user_id }, expand: { 0 } }. */
export type Form = { [key: string]: string | Form };

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

type IntentStatus = 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'succeeded' | 'canceled';

interface CardError {
  type: 'card_error';
  code: string;
  decline_code?: string;
  message: string;
  charge: string;
  payment_method: ReturnType<typeof paymentMethodObject>;
  doc_url: string;
}

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

interface Card {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

interface Decline {
  code: string;
  decline_code?: string;
  message: string;
}

type Answer = { status: number; body: unknown };
type Key = 'secret' | 'publishable';

/** A refused request, thrown by a handler and answered with Stripe's error envelope. */
class Refusal extends Error {
  answer: Answer;
  constructor(status: number, error: Record<string, unknown>) {
    super(String(error.message));
    this.answer = { status, body: { error } };
  }
}

interface State {
  options: FakeStripeOptions;
  origin: string;
  intents: Map<string, FakePaymentIntent>;
  charges: Map<string, FakeCharge>;
  events: Map<string, FakeStripeEvent>;
  methods: Map<string, Card>;
  idempotency: Map<string, { fingerprint: string; answer: Answer }>;
  requests: FakeStripeRequest[];
  deliveries: FakeStripeDelivery[];
  pendingDeliveries: Set<Promise<unknown>>;
  hangMs: number;
  failures: { times: number; status: number };
}

const DECLINES = {
  generic_decline: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  insufficient_funds: {
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  lost_card: { code: 'card_declined', decline_code: 'lost_card', message: 'Your card was declined.' },
  expired_card: { code: 'expired_card', message: 'Your card has expired.' },
  incorrect_cvc: { code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
  processing_error: {
    code: 'processing_error',
    message: 'An error occurred while processing your card. Try again in a little bit.',
  },
  test_mode_live_card: {
    code: 'card_declined',
    decline_code: 'test_mode_live_card',
    message:
      'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
  },
} satisfies Record<string, Decline>;

/** Stripe's documented test cards (https://docs.stripe.com/testing): null succeeds, a name declines. */
const TEST_CARDS: Record<string, keyof typeof DECLINES | null> = {
  '4242424242424242': null,
  '4000056655665556': null,
  '5555555555554444': null,
  '378282246310005': null,
  '4000000000000002': 'generic_decline',
  '4000000000009995': 'insufficient_funds',
  '4000000000009987': 'lost_card',
  '4000000000000069': 'expired_card',
  '4000000000000127': 'incorrect_cvc',
  '4000000000000119': 'processing_error',
};

const declineNamed = (code: string): Decline | undefined =>
  (DECLINES as Record<string, Decline>)[code === 'card_declined' ? 'generic_decline' : code];

/** Stripe's test PaymentMethods, for confirming from a server without card numbers. */
const TEST_PAYMENT_METHODS: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_mastercard: '5555555555554444',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeDeclinedExpiredCard: '4000000000000069',
};

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
    settle(state, intent, { number, expMonth: 12, expYear: new Date().getFullYear() + 3, cvc: '123' }, decline);
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
  if (key === 'publishable' && call !== 'GET payment_intents/:id' && call !== 'POST payment_intents/:id/confirm') {
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
      return confirm(state, intentFor(state, id, params, key), cardFrom(state, params));
    case 'POST payment_intents/:id/cancel':
      return ok(cancel(state, intentFor(state, id, params, key), params));
    case 'POST refunds':
      return ok(refund(state, params));
    case 'GET events/:id':
      return ok(state.events.get(id) ?? missing('event', id));
    default:
      throw new Refusal(404, {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs.`,
      });
  }
}

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

function confirm(state: State, intent: FakePaymentIntent, card: Card): Answer {
  if (!OPEN.includes(intent.status)) throw unexpectedState(intent, 'confirm', OPEN);
  const outcome = TEST_CARDS[card.number];
  const decline = outcome === undefined ? DECLINES.test_mode_live_card : outcome && DECLINES[outcome];
  settle(state, intent, card, decline ?? null);
  const error = intent.last_payment_error;
  return error ? { status: 402, body: structuredClone({ error: { ...error, payment_intent: intent } }) } : ok(intent);
}

/** The payment attempt: a charge, succeeded or failed, the PaymentIntent's new state, and its event. */
function settle(state: State, intent: FakePaymentIntent, card: Card, decline: Decline | null) {
  const methodId = newId('pm');
  state.methods.set(methodId, card);
  const charge = chargeOf(intent, card, methodId, decline);
  state.charges.set(charge.id, charge);
  intent.latest_charge = charge.id;
  if (decline) {
    intent.status = 'requires_payment_method';
    intent.payment_method = null;
    intent.last_payment_error = {
      type: 'card_error',
      ...decline,
      charge: charge.id,
      payment_method: paymentMethodObject(methodId, card),
      doc_url: `https://stripe.com/docs/error-codes/${decline.code.replaceAll('_', '-')}`,
    };
    emit(state, 'payment_intent.payment_failed', intent);
  } else {
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.payment_method = methodId;
    intent.last_payment_error = null;
    emit(state, 'payment_intent.succeeded', intent);
  }
}

function chargeOf(intent: FakePaymentIntent, card: Card, methodId: string, decline: Decline | null): FakeCharge {
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
    payment_method: methodId,
    payment_method_details: { type: 'card', card: cardDetails(card) },
    description: intent.description,
    metadata: { ...intent.metadata },
    created: seconds(new Date()),
    livemode: false,
  };
}

function cardDetails(card: Card) {
  const brand = /^4/.test(card.number) ? 'visa' : /^3[47]/.test(card.number) ? 'amex' : 'mastercard';
  return { brand, last4: card.number.slice(-4), exp_month: card.expMonth, exp_year: card.expYear, funding: 'credit' };
}

function paymentMethodObject(id: string, card: Card) {
  return { id, object: 'payment_method', type: 'card', card: cardDetails(card), created: seconds(new Date()) };
}

/** The card of a confirm: a test PaymentMethod id, or the card fields Stripe.js sends as payment_method_data. */
function cardFrom(state: State, params: Form): Card {
  const methodId = text(params.payment_method);
  if (methodId) {
    const alias = TEST_PAYMENT_METHODS[methodId];
    const card = state.methods.get(methodId) ?? (alias && { number: alias, expMonth: 12, expYear: 2099, cvc: '123' });
    return card || missing('payment_method', methodId);
  }
  const fields = group(group(params.payment_method_data).card);
  const number = (text(fields.number) ?? '').replace(/[\s-]/g, '');
  if (!number) {
    throw new Refusal(400, {
      type: 'invalid_request_error',
      code: 'payment_intent_unexpected_state',
      message:
        "You cannot confirm this PaymentIntent because it's missing a payment method. Pass a payment_method or payment_method_data.",
    });
  }
  const year = Number(text(fields.exp_year));
  const card = {
    number,
    expMonth: Number(text(fields.exp_month)),
    expYear: year < 100 ? 2000 + year : year,
    cvc: text(fields.cvc) ?? '',
  };
  const problem = cardProblem(card);
  if (problem) throw new Refusal(402, { type: 'card_error', ...problem });
  return card;
}

function cardProblem({ number, expMonth, expYear, cvc }: Card) {
  const now = new Date();
  if (!/^\d{13,19}$/.test(number) || !luhn(number)) {
    return { code: 'incorrect_number', param: 'number', message: 'Your card number is incorrect.' };
  }
  if (!Number.isInteger(expMonth) || expMonth < 1 || expMonth > 12) {
    return { code: 'invalid_expiry_month', param: 'exp_month', message: "Your card's expiration month is invalid." };
  }
  const expired = expYear < now.getFullYear() || (expYear === now.getFullYear() && expMonth < now.getMonth() + 1);
  if (!Number.isInteger(expYear) || expired) {
    return { code: 'invalid_expiry_year', param: 'exp_year', message: "Your card's expiration year is invalid." };
  }
  if (!/^\d{3,4}$/.test(cvc))
    return { code: 'invalid_cvc', param: 'cvc', message: "Your card's security code is invalid." };
  return null;
}

function luhn(number: string) {
  let sum = 0;
  for (const [index, digit] of [...number].reverse().entries()) {
    const value = Number(digit) * (index % 2 === 1 ? 2 : 1);
    sum += value > 9 ? value - 9 : value;
  }
  return sum % 10 === 0;
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

function missing(resource: string, id: string): never {
  throw new Refusal(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param: resource === 'payment_intent' ? 'intent' : resource,
    message: `No such ${resource}: '${id}'`,
  });
}

function parameterMissing(param: string) {
  return new Refusal(400, {
    type: 'invalid_request_error',
    code: 'parameter_missing',
    param,
    message: `Missing required param: ${param}.`,
  });
}

function positiveInteger(params: Form, param: string) {
  const value = text(params[param]);
  if (value === undefined) throw parameterMissing(param);
  if (!/^\d+$/.test(value) || Number(value) < 1) {
    throw new Refusal(400, {
      type: 'invalid_request_error',
      code: 'parameter_invalid_integer',
      param,
      message: `Invalid ${param}: must be an integer greater than or equal to 1.`,
    });
  }
  return Number(value);
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

const text = (value: string | Form | undefined) => (typeof value === 'string' ? value : undefined);
const group = (value: string | Form | undefined): Form => (typeof value === 'object' ? value : {});
const list = (value: string | Form | undefined) =>
  Object.values(group(value)).filter((item) => typeof item === 'string');
const strings = (value: string | Form | undefined) =>
  Object.fromEntries(
    Object.entries(group(value)).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
const ok = (body: unknown): Answer => ({ status: 200, body: structuredClone(body) });
const snapshot = <T>(value: T): T => structuredClone(value);
const seconds = (at: Date) => Math.floor(at.getTime() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

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

/**
 * The Stripe.js stand-in: `Stripe(publishableKey)` → elements({ clientSecret, locale }) → create('card' | 'payment')
 * → mount(target); confirmCardPayment / confirmPayment ask the element's frame to confirm, and the frame, not the
 * page, sends the card to the API. Frames and page talk by postMessage, each checking the other's origin and window.
 */
function stripeJs(origin: string) {
  return `(function () {
  'use strict';
  var ORIGIN = ${JSON.stringify(origin)};
  var mounted = {};
  var counter = 0;

  function integrationError(message) {
    var error = new Error(message);
    error.name = 'IntegrationError';
    return error;
  }

  window.addEventListener('message', function (event) {
    var data = event.data;
    if (event.origin !== ORIGIN || !data || data.fakeStripe !== true) return;
    var element = mounted[data.id];
    if (element && element._frame && event.source === element._frame.contentWindow) element._receive(data);
  });

  function createElement(group, type) {
    var id = 'fake-stripe-' + ++counter;
    var listeners = {};
    var waiting = {};
    var asked = 0;
    var loaded = null;
    var markLoaded = null;
    var element = {
      _frame: null,
      mount: function (target) {
        var host = typeof target === 'string' ? document.querySelector(target) : target;
        if (!host) throw integrationError('The selector you specified (' + target + ') applies to no DOM elements that are currently on the page.');
        if (element._frame) throw integrationError('This Element is already mounted.');
        loaded = new Promise(function (resolve) { markLoaded = resolve; });
        var frame = document.createElement('iframe');
        frame.name = '__privateStripeFrame' + id;
        frame.title = 'Secure card payment input frame';
        frame.setAttribute('scrolling', 'no');
        frame.style.cssText = 'border:0;width:100%;display:block;height:150px;background:transparent';
        frame.src = ORIGIN + '/elements/card?' + new URLSearchParams({
          id: id, type: type, key: group._key, origin: location.origin, locale: group._locale,
        }).toString();
        element._frame = frame;
        mounted[id] = element;
        host.appendChild(frame);
      },
      unmount: function () {
        if (element._frame) element._frame.remove();
        element._frame = null;
        delete mounted[id];
        Object.keys(waiting).forEach(function (n) { waiting[n]({ error: { type: 'validation_error', message: 'The Element was unmounted.' } }); });
        waiting = {};
      },
      destroy: function () { element.unmount(); group._forget(type); },
      on: function (name, callback) { (listeners[name] = listeners[name] || []).push(callback); return element; },
      off: function (name, callback) {
        listeners[name] = (listeners[name] || []).filter(function (other) { return other !== callback; });
        return element;
      },
      focus: function () { post({ type: 'focus' }); },
      clear: function () { post({ type: 'clear' }); },
      _ask: function (message) {
        if (!element._frame) return Promise.reject(integrationError('We could not retrieve data from the specified Element. Please make sure the Element you are attempting to use is still mounted.'));
        var number = ++asked;
        return new Promise(function (resolve) {
          waiting[number] = resolve;
          post(Object.assign({ requestId: number }, message));
        });
      },
      _receive: function (data) {
        if (data.type === 'ready') { markLoaded(); emit('ready', { elementType: type }); }
        else if (data.type === 'resize') element._frame.style.height = data.height + 'px';
        else if (data.type === 'change') emit('change', Object.assign({ elementType: type }, data.event));
        else if (data.type === 'focus' || data.type === 'blur') emit(data.type, { elementType: type });
        else if (data.type === 'result' && waiting[data.requestId]) {
          waiting[data.requestId](data.result);
          delete waiting[data.requestId];
        }
      },
    };
    function post(message) {
      if (!loaded) return;
      loaded.then(function () {
        if (element._frame) element._frame.contentWindow.postMessage(Object.assign({ fakeStripe: true }, message), ORIGIN);
      });
    }
    function emit(name, event) {
      (listeners[name] || []).slice().forEach(function (callback) { callback(event); });
    }
    return element;
  }

  function createElements(stripe, options) {
    var created = {};
    var group = {
      _key: stripe._key,
      _locale: options.locale || 'auto',
      _clientSecret: options.clientSecret || null,
      _forget: function (type) { delete created[type]; },
      create: function (type) {
        if (type !== 'card' && type !== 'payment') throw integrationError('This Stripe.js stand-in offers the card and payment Elements, not ' + type + '.');
        if (created[type]) throw integrationError('Can only create one Element of type ' + type + '.');
        created[type] = createElement(group, type);
        return created[type];
      },
      getElement: function (type) { return created[type] || null; },
      update: function (changes) { if (changes && changes.locale) group._locale = changes.locale; },
      fetchUpdates: function () { return Promise.resolve({}); },
      submit: function () {
        var element = created.payment || created.card;
        return element ? element._ask({ type: 'validate' }) : Promise.resolve({});
      },
    };
    return group;
  }

  function confirmWith(element, clientSecret, billingDetails) {
    if (!element || typeof element._ask !== 'function') return Promise.reject(integrationError('Pass a mounted card or payment Element.'));
    if (typeof clientSecret !== 'string' || clientSecret.indexOf('_secret_') < 0) return Promise.reject(integrationError('Invalid value for clientSecret: it should be a PaymentIntent client secret.'));
    return element._ask({ type: 'confirm', clientSecret: clientSecret, billingDetails: billingDetails || null });
  }

  function Stripe(publishableKey) {
    if (typeof publishableKey !== 'string' || publishableKey.indexOf('pk_') !== 0) throw integrationError('Invalid value for Stripe(): apiKey should be a publishable key (pk_...).');
    var stripe = {
      _key: publishableKey,
      elements: function (options) { return createElements(stripe, options || {}); },
      confirmCardPayment: function (clientSecret, data) {
        var method = (data && data.payment_method) || {};
        return confirmWith(method.card, clientSecret, method.billing_details);
      },
      confirmPayment: function (params) {
        var elements = params.elements;
        var confirmParams = params.confirmParams || {};
        var returnUrl = confirmParams.return_url;
        if (params.redirect !== 'if_required' && !returnUrl) return Promise.reject(integrationError('stripe.confirmPayment(): confirmParams.return_url is required unless redirect is if_required.'));
        var element = elements && (elements.getElement('payment') || elements.getElement('card'));
        var billing = (confirmParams.payment_method_data || {}).billing_details;
        return confirmWith(element, params.clientSecret || (elements && elements._clientSecret), billing).then(function (result) {
          if (!result.paymentIntent || params.redirect === 'if_required') return result;
          var target = new URL(returnUrl, location.href);
          target.searchParams.set('payment_intent', result.paymentIntent.id);
          target.searchParams.set('payment_intent_client_secret', result.paymentIntent.client_secret);
          target.searchParams.set('redirect_status', result.paymentIntent.status);
          location.assign(target.toString());
          return new Promise(function () {});
        });
      },
      retrievePaymentIntent: function (clientSecret) {
        var id = String(clientSecret).split('_secret_')[0];
        return fetch(ORIGIN + '/v1/payment_intents/' + encodeURIComponent(id) + '?client_secret=' + encodeURIComponent(clientSecret), {
          headers: { Authorization: 'Bearer ' + publishableKey },
        }).then(function (response) { return response.json(); }).then(function (body) {
          return body.error ? { error: body.error } : { paymentIntent: body };
        });
      },
    };
    return stripe;
  }
  window.Stripe = Stripe;
})();
`;
}

const FRAME_LABELS = {
  en: { number: 'Card number', expiry: 'Expiration date (MM/YY)', cvc: 'Security code (CVC)' },
  ar: { number: 'رقم البطاقة', expiry: 'تاريخ الانتهاء (MM/YY)', cvc: 'رمز الأمان (CVC)' },
};

/** The card fields' frame: its own document on this origin, so the page never holds the card. */
function cardFrame(query: URLSearchParams) {
  const arabic = (query.get('locale') ?? '').startsWith('ar');
  const labels = arabic ? FRAME_LABELS.ar : FRAME_LABELS.en;
  const showErrors = query.get('type') === 'payment';
  return `<!doctype html>
<html lang="${arabic ? 'ar' : 'en'}" dir="${arabic ? 'rtl' : 'ltr'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Card details</title>
<style>
body { margin: 0; padding: 2px; font: 16px system-ui, sans-serif; color: #30313d; background: transparent; }
label { display: block; margin: 0 0 4px; font-size: 14px; }
input { box-sizing: border-box; width: 100%; margin: 0 0 8px; padding: 8px; border: 1px solid #e6e6e6; border-radius: 4px; font: inherit; }
input[aria-invalid="true"] { border-color: #df1b41; }
.row { display: flex; gap: 8px; }
.row > div { flex: 1; }
#error { margin: 0; min-height: 0; color: #df1b41; font-size: 14px; }
</style>
</head>
<body>
<div><label for="number">${labels.number}</label><input id="number" name="cardnumber" autocomplete="cc-number" inputmode="numeric" maxlength="23" placeholder="1234 1234 1234 1234" dir="ltr"></div>
<div class="row">
<div><label for="expiry">${labels.expiry}</label><input id="expiry" name="exp-date" autocomplete="cc-exp" inputmode="numeric" maxlength="7" placeholder="MM/YY" dir="ltr"></div>
<div><label for="cvc">${labels.cvc}</label><input id="cvc" name="cvc" autocomplete="cc-csc" inputmode="numeric" maxlength="4" placeholder="CVC" dir="ltr"></div>
</div>
<p id="error" role="alert"${showErrors ? '' : ' hidden'}></p>
<script>${FRAME_SCRIPT}</script>
</body>
</html>`;
}

const FRAME_SCRIPT = `(function () {
  'use strict';
  var query = new URLSearchParams(location.search);
  var ID = query.get('id');
  var PARENT = query.get('origin');
  var KEY = query.get('key');
  var NAMES = ['number', 'expiry', 'cvc'];
  var MESSAGES = {
    incomplete_number: 'Your card number is incomplete.',
    invalid_number: 'Your card number is invalid.',
    incomplete_expiry: "Your card's expiration date is incomplete.",
    invalid_expiry_month: "Your card's expiration date is invalid.",
    invalid_expiry_year_past: "Your card's expiration year is in the past.",
    invalid_expiry_month_past: "Your card's expiration date is in the past.",
    incomplete_cvc: "Your card's security code is incomplete.",
  };
  var fields = {};
  NAMES.forEach(function (name) { fields[name] = document.getElementById(name); });
  var errorBox = document.getElementById('error');
  var touched = {};

  function send(message) { parent.postMessage(Object.assign({ fakeStripe: true, id: ID }, message), PARENT); }
  function digits(value) { return value.replace(/\\D/g, ''); }
  function luhn(number) {
    var sum = 0;
    for (var i = 0; i < number.length; i++) {
      var value = Number(number.charAt(number.length - 1 - i)) * (i % 2 ? 2 : 1);
      sum += value > 9 ? value - 9 : value;
    }
    return sum % 10 === 0;
  }

  function check() {
    var number = digits(fields.number.value);
    var expiry = digits(fields.expiry.value);
    var cvc = digits(fields.cvc.value);
    var amex = /^3[47]/.test(number);
    var brand = /^4/.test(number) ? 'visa' : /^(5[1-5]|2[2-7])/.test(number) ? 'mastercard' : amex ? 'amex' : 'unknown';
    var errors = {};
    if (number.length < (amex ? 15 : 16)) errors.number = 'incomplete_number';
    else if (number.length > (amex ? 15 : 16) || !luhn(number)) errors.number = 'invalid_number';
    var month = Number(expiry.slice(0, 2));
    var year = 2000 + Number(expiry.slice(2, 4));
    var now = new Date();
    if (expiry.length < 4) errors.expiry = 'incomplete_expiry';
    else if (expiry.length > 4 || month < 1 || month > 12) errors.expiry = 'invalid_expiry_month';
    else if (year < now.getFullYear()) errors.expiry = 'invalid_expiry_year_past';
    else if (year === now.getFullYear() && month < now.getMonth() + 1) errors.expiry = 'invalid_expiry_month_past';
    if (cvc.length < (amex ? 4 : 3)) errors.cvc = 'incomplete_cvc';
    return { errors: errors, brand: brand, card: { number: number, exp_month: month, exp_year: year, cvc: cvc } };
  }

  function report(all) {
    var state = check();
    var shown = null;
    NAMES.forEach(function (name) {
      var code = state.errors[name];
      var visible = Boolean(code) && (all || touched[name] || code.indexOf('incomplete') !== 0);
      fields[name].setAttribute('aria-invalid', visible ? 'true' : 'false');
      if (visible && !shown) shown = { type: 'validation_error', code: code, message: MESSAGES[code] };
    });
    errorBox.textContent = shown ? shown.message : '';
    var empty = NAMES.every(function (name) { return !fields[name].value; });
    var complete = Object.keys(state.errors).length === 0;
    send({ type: 'change', event: { empty: empty, complete: complete, brand: state.brand, error: shown || undefined } });
    resize();
    return { card: state.card, complete: complete, error: shown };
  }

  function resize() { send({ type: 'resize', height: document.documentElement.scrollHeight }); }

  function confirm(message) {
    var checked = report(true);
    if (!checked.complete) return Promise.resolve({ error: checked.error });
    var card = checked.card;
    var body = new URLSearchParams({
      key: KEY,
      client_secret: message.clientSecret,
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': card.number,
      'payment_method_data[card][exp_month]': String(card.exp_month),
      'payment_method_data[card][exp_year]': String(card.exp_year),
      'payment_method_data[card][cvc]': card.cvc,
    });
    var billing = message.billingDetails || {};
    Object.keys(billing).forEach(function (name) {
      if (typeof billing[name] === 'string') body.set('payment_method_data[billing_details][' + name + ']', billing[name]);
    });
    var id = message.clientSecret.split('_secret_')[0];
    return fetch('/v1/payment_intents/' + encodeURIComponent(id) + '/confirm', { method: 'POST', body: body })
      .then(function (response) { return response.json(); })
      .then(function (answer) { return answer.error ? { error: answer.error } : { paymentIntent: answer }; }, function () {
        return { error: { type: 'api_connection_error', message: 'We could not connect to Stripe. Check your connection and try again.' } };
      })
      .then(function (result) {
        if (result.error) { errorBox.textContent = result.error.message; resize(); }
        return result;
      });
  }

  NAMES.forEach(function (name) {
    fields[name].addEventListener('input', function () { report(false); });
    fields[name].addEventListener('focus', function () { send({ type: 'focus' }); });
    fields[name].addEventListener('blur', function () {
      if (fields[name].value) touched[name] = true;
      report(false);
      send({ type: 'blur' });
    });
  });

  window.addEventListener('message', function (event) {
    var data = event.data;
    if (event.origin !== PARENT || event.source !== parent || !data || data.fakeStripe !== true) return;
    var answer = function (result) { send({ type: 'result', requestId: data.requestId, result: result }); };
    if (data.type === 'focus') fields.number.focus();
    else if (data.type === 'clear') {
      NAMES.forEach(function (name) { fields[name].value = ''; });
      touched = {};
      report(false);
    } else if (data.type === 'validate') {
      var checked = report(true);
      answer(checked.complete ? {} : { error: checked.error });
    } else if (data.type === 'confirm') confirm(data).then(answer);
  });

  send({ type: 'ready' });
  resize();
})();`;
