import Stripe from 'stripe';
import {
  type MinorAmount,
  type PaymentProvider,
  ProviderUnavailable,
  type ProviderVerdict,
  type WebhookNotice,
  WebhookRejected,
} from '../provider.ts';
import { ask, type StripeClientOptions, stripeClient, unavailable } from './stripe-client.ts';

/** Stripe's own default: a signed event older than five minutes is a replay. */
const WEBHOOK_TOLERANCE_SECONDS = 300;

export interface StripeProviderOptions extends StripeClientOptions {
  webhookSecret: string;
}

/** Card payments through PaymentIntents: the browser confirms with Stripe.js, the server only creates and asks. */
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = stripeClient(options);

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
            // The payer's saved cards may pay it, and a card they choose to keep is saved to them.
            ...(charge.payer.walletCustomer ? { customer: charge.payer.walletCustomer } : {}),
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

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
