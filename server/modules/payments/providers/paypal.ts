import {
  ApiError,
  CaptureStatus,
  CheckoutPaymentIntent,
  Client,
  type Configuration,
  Environment,
  type Money,
  type OAuthToken,
  type Order,
  OrderStatus,
  OrdersController,
  PaymentsController,
  PaypalExperienceUserAction,
  PaypalWalletContextShippingPreference,
} from '@paypal/paypal-server-sdk';
import { decimalsOf, decimalText } from '../money.ts';
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

/** A notification whose transmission time is further than this from ours is refused as a replay. */
const WEBHOOK_TOLERANCE_MS = 5 * 60_000;
/** A token is renewed this long before PayPal's expiry, so none expires on its way. */
const TOKEN_CLOCK_SKEW_SECONDS = 60;
/** The host of Environment.Production, which the SDK puts in front of every path. */
const SDK_BASE_URL = 'https://api-m.paypal.com';
/** Intl (or an older ICU) gives these decimals, but PayPal takes them in whole units (its currency codes page). */
const WHOLE_UNIT_CURRENCIES = new Set(['HUF', 'TWD']);
const SIGNATURE_HEADERS = {
  auth_algo: 'paypal-auth-algo',
  cert_url: 'paypal-cert-url',
  transmission_id: 'paypal-transmission-id',
  transmission_sig: 'paypal-transmission-sig',
  transmission_time: 'paypal-transmission-time',
} as const;

export interface PayPalProviderOptions {
  clientId: string;
  clientSecret: string;
  webhookId: string;
  /** PAYPAL_API_URL: https://api-m.paypal.com (or api-m.sandbox.paypal.com), or a fake in the tests. */
  apiUrl: string;
  timeoutMs?: number;
}

type Signature = Record<keyof typeof SIGNATURE_HEADERS, string>;
type RequestOptions = { abortSignal: AbortSignal };

interface PayPalEvent {
  id: string;
  event_type: string;
  resource?: unknown;
}

interface PayPal {
  apiUrl: string;
  orders: OrdersController;
  payments: PaymentsController;
  /** A live access token: the one held, or a new one from POST /v1/oauth2/token. */
  token(): Promise<OAuthToken>;
  /** One SDK call with a live token and the timeout; whatever fails is ProviderUnavailable, in PayPal's words. */
  ask<T>(what: string, call: (options: RequestOptions) => Promise<{ result: T }>): Promise<T>;
  timeout(): AbortSignal;
}

/**
 * PayPal Checkout through Orders v2: the payer approves the order on PayPal's page (`approve_url`), comes back to
 * `returnUrl`, and `status` captures it. Webhooks are checked by PayPal's own verification call.
 */
export function createPayPalProvider(options: PayPalProviderOptions): PaymentProvider {
  const paypal = connect(options);
  return {
    method: 'paypal',
    initiate: (charge) => initiate(paypal, charge),

    async status(orderId) {
      const order = await readOrder(paypal, orderId);
      return verdictOf(order.status === OrderStatus.Approved ? await capture(paypal, orderId) : order);
    },

    async refund(orderId, amount) {
      const captured = (await readOrder(paypal, orderId)).purchaseUnits?.[0]?.payments?.captures?.at(-1);
      if (captured?.status === CaptureStatus.Refunded) return;
      if (!captured?.id) throw new ProviderUnavailable(`PayPal holds no capture of order ${orderId} to refund`);
      const captureId = captured.id;
      // After a partial refund (from PayPal's dashboard), what gives the whole charge back is the rest: no amount.
      const body = captured.status === CaptureStatus.PartiallyRefunded ? {} : { amount: paypalMoney(amount) };
      try {
        await paypal.ask(`refund capture ${captureId}`, (requestOptions) =>
          paypal.payments.refundCapturedPayment(
            { captureId, paypalRequestId: `refund-${captureId}`, body },
            requestOptions,
          ),
        );
      } catch (error) {
        // Refunded already (from PayPal's dashboard, or by an attempt under another request id): the money is back.
        if (issueOf(error) !== 'CAPTURE_FULLY_REFUNDED') throw error;
      }
    },

    async readWebhook(body, headers) {
      const signature = signatureOf(headers);
      const event = eventOf(body);
      const sent = Date.parse(signature.transmission_time);
      if (!(Math.abs(Date.now() - sent) <= WEBHOOK_TOLERANCE_MS)) {
        throw new WebhookRejected(`PayPal webhook ${event.id} was sent at ${signature.transmission_time}: too late`);
      }
      await verifySignature(paypal, options.webhookId, signature, event);
      return noticeOf(paypal, event);
    },
  };
}

async function initiate(paypal: PayPal, charge: Charge): Promise<Initiated> {
  const amount = paypalMoney(charge.amount);
  const order = await paypal.ask('create an order', (requestOptions) =>
    paypal.orders.createOrder(
      {
        body: {
          intent: CheckoutPaymentIntent.Capture,
          purchaseUnits: [
            {
              referenceId: charge.paymentId,
              customId: charge.paymentId,
              description: charge.description.slice(0, 127),
              amount,
            },
          ],
          paymentSource: {
            paypal: {
              experienceContext: {
                returnUrl: charge.returnUrl,
                cancelUrl: `${charge.returnUrl}&cancelled=1`,
                userAction: PaypalExperienceUserAction.PayNow,
                // A promotion ships nothing: PayPal asks the payer for no address.
                shippingPreference: PaypalWalletContextShippingPreference.NoShipping,
              },
            },
          },
        },
        paypalRequestId: charge.idempotencyKey,
      },
      requestOptions,
    ),
  );
  const approveUrl = order.links?.find((link) => link.rel === 'payer-action' || link.rel === 'approve')?.href;
  if (order.id && approveUrl)
    return { providerReference: order.id, clientAction: { order_id: order.id, approve_url: approveUrl } };
  // A start retried after the payer approved (PayPal answers with the order as it is now): nothing is left to do
  // at PayPal, so the payer goes where PayPal would have sent them, and `status` captures.
  if (order.id && (order.status === OrderStatus.Approved || order.status === OrderStatus.Completed)) {
    const back = new URL(charge.returnUrl);
    back.searchParams.set('token', order.id);
    return { providerReference: order.id, clientAction: { order_id: order.id, approve_url: back.toString() } };
  }
  throw new ProviderUnavailable(`PayPal gave order ${order.id} (${order.status}) no approval link`);
}

const readOrder = (paypal: PayPal, orderId: string) =>
  paypal.ask(`read order ${orderId}`, (requestOptions) => paypal.orders.getOrder({ id: orderId }, requestOptions));

/** One request id per order: however often it is asked, PayPal captures the order once and answers the same. */
async function capture(paypal: PayPal, orderId: string) {
  try {
    return await paypal.ask(`capture order ${orderId}`, (requestOptions) =>
      paypal.orders.captureOrder(
        { id: orderId, paypalRequestId: `capture-${orderId}`, prefer: 'return=representation' },
        requestOptions,
      ),
    );
  } catch (error) {
    // Captured under another request id (an older attempt, the dashboard): the order says how that went.
    if (issueOf(error) === 'ORDER_ALREADY_CAPTURED') return readOrder(paypal, orderId);
    throw error;
  }
}

function verdictOf(order: Order): ProviderVerdict {
  const unit = order.purchaseUnits?.[0];
  const captured = unit?.payments?.captures?.at(-1);
  const amount = minorOf(captured?.amount ?? unit?.amount, `order ${order.id}`);
  if (order.status === OrderStatus.Voided) return { state: 'failed', amount, failure: 'PayPal voided the order' };
  switch (captured?.status) {
    case CaptureStatus.Completed:
    case CaptureStatus.PartiallyRefunded:
      return { state: 'succeeded', amount };
    case CaptureStatus.Refunded:
      return { state: 'refunded', amount };
    case CaptureStatus.Declined:
    case CaptureStatus.Failed: {
      const reason = captured.statusDetails?.reason ?? captured.processorResponse?.responseCode;
      return { state: 'failed', amount, failure: `PayPal capture ${captured.status}${reason ? ` (${reason})` : ''}` };
    }
    default:
      return { state: 'pending', amount };
  }
}

function signatureOf(headers: Record<string, string | string[] | undefined>): Signature {
  const entries = Object.entries(SIGNATURE_HEADERS).map(([field, name]) => {
    const value = headers[name];
    if (typeof value !== 'string' || !value) throw new WebhookRejected(`PayPal webhook without one ${name} header`);
    return [field, value];
  });
  return Object.fromEntries(entries) as Signature;
}

function eventOf(body: Buffer): PayPalEvent {
  let event: unknown;
  try {
    event = JSON.parse(body.toString('utf8'));
  } catch (error) {
    throw new WebhookRejected('PayPal webhook is not JSON', { cause: error });
  }
  if (typeof at(event, 'id') !== 'string' || typeof at(event, 'event_type') !== 'string') {
    throw new WebhookRejected('PayPal webhook is no event');
  }
  return event as PayPalEvent;
}

/**
 * PayPal's documented verification call (POST /v1/notifications/verify-webhook-signature), with fetch: the SDK has
 * no webhooks controller. PayPal checks its signature over the transmission, our webhook id and the event.
 */
async function verifySignature(paypal: PayPal, webhookId: string, signature: Signature, event: PayPalEvent) {
  let response: Response;
  let answer: unknown;
  try {
    const token = await paypal.token();
    response = await fetch(`${paypal.apiUrl}/v1/notifications/verify-webhook-signature`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...signature, webhook_id: webhookId, webhook_event: event }),
      signal: paypal.timeout(),
    });
    answer = await response.json().catch(() => undefined);
  } catch (error) {
    throw unavailable('verify a webhook', error);
  }
  if (response.status === 400 || response.status === 422) {
    throw new WebhookRejected(`PayPal refused to verify webhook ${event.id}: ${wordsOf(answer)}`);
  }
  if (!response.ok) {
    throw new ProviderUnavailable(`PayPal did not verify webhook ${event.id} (${response.status}): ${wordsOf(answer)}`);
  }
  const verdict = at(answer, 'verification_status');
  if (verdict !== 'SUCCESS') throw new WebhookRejected(`PayPal says webhook ${event.id} is not its own: ${verdict}`);
}

/** A verified event about an order's payment; null for anything else (a capture outside Orders v2 included). */
async function noticeOf(paypal: PayPal, event: PayPalEvent): Promise<WebhookNotice | null> {
  const { resource } = event;
  const notice = (orderId: unknown, claimed: WebhookNotice['claimed']) =>
    typeof orderId === 'string' && orderId ? { eventId: event.id, providerReference: orderId, claimed } : null;
  switch (event.event_type) {
    case 'CHECKOUT.ORDER.APPROVED':
      return notice(at(resource, 'id'), 'pending');
    case 'PAYMENT.CAPTURE.COMPLETED':
      return notice(orderOfCapture(resource), 'succeeded');
    case 'PAYMENT.CAPTURE.DENIED':
    case 'PAYMENT.CAPTURE.DECLINED':
      return notice(orderOfCapture(resource), 'failed');
    case 'PAYMENT.CAPTURE.REFUNDED':
      return notice(await orderOfRefund(paypal, resource), 'refunded');
    default:
      return null;
  }
}

const orderOfCapture = (capture: unknown) => at(capture, 'supplementary_data', 'related_ids', 'order_id');

/** A refund event carries the refund, which links `up` to its capture; the capture names the order. */
async function orderOfRefund(paypal: PayPal, refund: unknown) {
  const named = orderOfCapture(refund);
  if (typeof named === 'string') return named;
  const links = at(refund, 'links');
  const up = Array.isArray(links) ? links.find((link) => at(link, 'rel') === 'up') : undefined;
  const captureId = /\/v2\/payments\/captures\/([^/?#]+)/.exec(String(at(up, 'href') ?? ''))?.[1];
  if (!captureId) return undefined;
  const captured = await paypal.ask(`read capture ${captureId}`, (requestOptions) =>
    paypal.payments.getCapturedPayment({ captureId }, requestOptions),
  );
  return captured.supplementaryData?.relatedIds?.orderId;
}

function connect(options: PayPalProviderOptions): PayPal {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const apiUrl = options.apiUrl.replace(/\/+$/, '');
  let held: OAuthToken | undefined;
  let fetching: Promise<OAuthToken> | undefined;
  const client = rebasedClient(apiUrl, {
    timeout: timeoutMs,
    clientCredentialsAuthCredentials: {
      oAuthClientId: options.clientId,
      oAuthClientSecret: options.clientSecret,
      oAuthClockSkew: TOKEN_CLOCK_SKEW_SECONDS,
      // The SDK would keep a token request that failed as its token for good (every later call failing with it),
      // so it never asks PayPal itself: it takes the token `ask` made sure of just before.
      oAuthTokenProvider: async () => held ?? { accessToken: '', tokenType: 'Bearer', expiry: 0n },
    },
  });
  const manager = client.clientCredentialsAuthManager;
  const token = async () => {
    if (held && !manager.isExpired(held)) return held;
    fetching ??= manager.fetchToken().finally(() => {
      fetching = undefined;
    });
    held = await fetching;
    return held;
  };
  const timeout = () => AbortSignal.timeout(timeoutMs);
  const liveToken = () =>
    token().catch((error: unknown) => Promise.reject(unavailable('issue an access token', error)));
  return {
    apiUrl,
    orders: new OrdersController(client),
    payments: new PaymentsController(client),
    token: liveToken,
    async ask(what, call) {
      await liveToken();
      try {
        return (await call({ abortSignal: timeout() })).result;
      } catch (error) {
        throw unavailable(what, error);
      }
    },
    timeout,
  };
}

/**
 * The SDK knows only PayPal's two hosts (Environment.Production and Sandbox), so every request it builds, the token
 * request included, is moved onto PAYPAL_API_URL by an interceptor on its request builders.
 */
function rebasedClient(apiUrl: string, config: Partial<Configuration>) {
  class RebasedClient extends Client {
    override getRequestBuilderFactory() {
      const factory = super.getRequestBuilderFactory();
      return (...args: Parameters<typeof factory>) => {
        const builder = factory(...args);
        builder.interceptRequest((request) => {
          const url = new URL(request.url);
          if (url.origin !== SDK_BASE_URL) return request;
          return { ...request, url: `${apiUrl}${url.pathname}${url.search}` };
        });
        return builder;
      };
    }
  }
  return new RebasedClient({ ...config, environment: Environment.Production });
}

/** The amount as PayPal's decimal text, exactly: a fraction PayPal cannot take is refused, never rounded. */
function paypalMoney(amount: MinorAmount): Money {
  const currency = amount.currency.toUpperCase();
  if (amount.minor <= 0n) throw new RangeError(`${amount.minor} is no PayPal amount`);
  const text = decimalText({ minor: amount.minor, currency });
  if (!WHOLE_UNIT_CURRENCIES.has(currency)) return { currencyCode: currency, value: text };
  const [whole = '', fraction = ''] = text.split('.');
  if (/[1-9]/.test(fraction)) throw new RangeError(`PayPal takes ${currency} in whole units, not ${text}`);
  return { currencyCode: currency, value: whole };
}

/** PayPal's decimal text in the currency's minor units, exactly ("1250.50" USD → 125050n, "1500" TWD → 150000n). */
function minorOf(money: Money | undefined, what: string): MinorAmount {
  const currency = money?.currencyCode.toUpperCase() ?? '';
  const [, whole, fraction = ''] = /^(\d+)(?:\.(\d+))?$/.exec(money?.value ?? '') ?? [];
  const decimals = decimalsOf(currency);
  if (whole === undefined || !/^[A-Z]{3}$/.test(currency) || /[1-9]/.test(fraction.slice(decimals))) {
    throw new ProviderUnavailable(`PayPal gave ${what} an amount we cannot read: ${JSON.stringify(money)}`);
  }
  return { minor: BigInt(whole + fraction.slice(0, decimals).padEnd(decimals, '0')), currency };
}

/**
 * Whatever failed, the payment stays as it was, so the port has one error for it. A 4xx other than 429 is PayPal
 * refusing what we sent (wrong credentials, an unknown order, a currency it does not take), not an outage: the
 * message says so, in PayPal's words, for the operator's log.
 */
function unavailable(what: string, error: unknown) {
  if (error instanceof ProviderUnavailable) return error;
  if (!(error instanceof ApiError)) {
    return new ProviderUnavailable(`PayPal did not ${what}: ${messageOf(error)}`, { cause: error });
  }
  const status = error.statusCode;
  const refused = status >= 400 && status < 500 && status !== 429;
  const reason = refused ? `PayPal refused to ${what} (${status}): ` : `PayPal did not ${what} (${status}): `;
  return new ProviderUnavailable(reason + wordsOf(answerOf(error)), { cause: error });
}

/** PayPal's error name, first issue and description (`UNPROCESSABLE_ENTITY ORDER_NOT_APPROVED: Payer has not...`). */
function wordsOf(answer: unknown) {
  const detail = at(answer, 'details', '0');
  const name = [at(answer, 'name') ?? at(answer, 'error'), at(detail, 'issue')].filter(Boolean).join(' ');
  const description = at(detail, 'description') ?? at(answer, 'message') ?? at(answer, 'error_description');
  return [name, description].filter(Boolean).join(': ') || 'no answer';
}

function answerOf(error: ApiError) {
  try {
    return typeof error.body === 'string' ? JSON.parse(error.body) : undefined;
  } catch {
    return undefined;
  }
}

/** The issue PayPal named when it refused a call (`ORDER_ALREADY_CAPTURED`), if it did. */
function issueOf(error: unknown) {
  const cause = error instanceof ProviderUnavailable ? error.cause : undefined;
  return cause instanceof ApiError ? at(answerOf(cause), 'details', '0', 'issue') : undefined;
}

const at = (value: unknown, ...path: string[]): unknown =>
  path.reduce<unknown>(
    (node, key) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
    value,
  );

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
