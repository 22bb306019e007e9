import Stripe from 'stripe';
import {
  type MinorAmount,
  type PaymentProvider,
  ProviderUnavailable,
  type ProviderVerdict,
  type WebhookNotice,
  WebhookRejected,
} from '../provider.ts';

/** Stripe's own default: a signed event older than five minutes is a replay. */
const WEBHOOK_TOLERANCE_SECONDS = 300;

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** STRIPE_API_URL: https://api.stripe.com, or a fake in the tests. */
  apiUrl: string;
  timeoutMs?: number;
}

/** Card payments through PaymentIntents: the browser confirms with Stripe.js, the server only creates and asks. */
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const api = new URL(options.apiUrl);
  const protocol = api.protocol === 'http:' ? 'http' : 'https';
  const stripe = new Stripe(options.secretKey, {
    host: api.hostname.replace(/^\[|\]$/g, ''),
    port: api.port || (protocol === 'http' ? 80 : 443),
    protocol,
    maxNetworkRetries: 1,
    timeout: options.timeoutMs ?? 10_000,
    telemetry: false,
  });

  return {
    method: 'stripe',

    async initiate(charge) {
      const intent = await ask('create a PaymentIntent', () =>
        stripe.paymentIntents.create(
          {
            amount: stripeAmount(charge.amount),
            currency: charge.amount.currency.toLowerCase(),
            description: charge.description,
            metadata: { payment_id: charge.paymentId, user_id: charge.payer.userId },
            allowed_payment_method_types: ['card'],
          },
          { idempotencyKey: charge.idempotencyKey },
        ),
      );
      if (!intent.client_secret) throw new ProviderUnavailable(`Stripe gave ${intent.id} no client secret`);
      return { providerReference: intent.id, clientAction: { client_secret: intent.client_secret } };
    },

    async status(providerReference) {
      const intent = await ask(`retrieve ${providerReference}`, () =>
        stripe.paymentIntents.retrieve(providerReference, { expand: ['latest_charge'] }),
      );
      return verdictOf(intent);
    },

    async refund(providerReference, amount) {
      try {
        await stripe.refunds.create(
          { payment_intent: providerReference, amount: stripeAmount(amount) },
          { idempotencyKey: `refund-${providerReference}` },
        );
      } catch (error) {
        // Refunded already (from the dashboard, or by an earlier attempt under another key): the money is back.
        if (error instanceof Stripe.errors.StripeError && error.code === 'charge_already_refunded') return;
        throw unavailable(`refund ${providerReference}`, error);
      }
    },

    async readWebhook(body, headers) {
      const signature = headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        if (typeof signature !== 'string') throw new Error('no single Stripe-Signature header');
        event = await stripe.webhooks.constructEventAsync(
          body,
          signature,
          options.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
        );
      } catch (error) {
        throw new WebhookRejected(`Stripe webhook refused: ${messageOf(error)}`, { cause: error });
      }
      return noticeOf(event);
    },
  };
}

function verdictOf(intent: Stripe.PaymentIntent): ProviderVerdict {
  const amount = { minor: BigInt(intent.amount), currency: intent.currency.toUpperCase() };
  const failure = intent.last_payment_error?.message ?? intent.cancellation_reason ?? undefined;
  if (intent.status === 'succeeded') {
    const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
    return { state: charge?.refunded ? 'refunded' : 'succeeded', amount };
  }
  // A declined card leaves the PaymentIntent open for another card: only a cancelled one has failed for good.
  if (intent.status === 'canceled') return { state: 'failed', amount, failure };
  return { state: 'pending', amount };
}

function noticeOf(event: Stripe.Event): WebhookNotice | null {
  switch (event.type) {
    case 'payment_intent.succeeded':
      return notice(event.id, event.data.object.id, 'succeeded');
    case 'payment_intent.payment_failed':
    case 'payment_intent.canceled':
      return notice(event.id, event.data.object.id, 'failed');
    case 'charge.refunded': {
      const { payment_intent: intent, refunded } = event.data.object;
      if (!intent) return null;
      // A partial refund leaves the payment paid; the service asks `status` either way.
      return notice(event.id, typeof intent === 'string' ? intent : intent.id, refunded ? 'refunded' : 'succeeded');
    }
    default:
      return null;
  }
}

function notice(eventId: string, providerReference: unknown, claimed: WebhookNotice['claimed']): WebhookNotice {
  if (typeof providerReference !== 'string' || !providerReference) {
    throw new WebhookRejected(`Stripe event ${eventId} names no PaymentIntent`);
  }
  return { eventId, providerReference, claimed };
}

function stripeAmount({ minor }: MinorAmount) {
  if (minor < 0n || minor > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError(`${minor} is no Stripe amount`);
  return Number(minor);
}

async function ask<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw unavailable(what, error);
  }
}

/**
 * Whatever failed, the payment stays as it was, so the port has one error for it. A 4xx other than 429 is Stripe
 * refusing what we sent (a wrong key, an unknown id, a bad amount), not an outage: the message says so, in Stripe's
 * words, for the operator's log.
 */
function unavailable(what: string, error: unknown) {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  const status = error.statusCode ?? 0;
  const refused = status >= 400 && status < 500 && status !== 429;
  const reason = refused ? `Stripe refused to ${what} (${status}): ` : `Stripe did not ${what}: `;
  return new ProviderUnavailable(reason + error.message, { cause: error });
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
