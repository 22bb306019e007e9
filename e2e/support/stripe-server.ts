/**
 * The local Stripe of the journeys (server/testing/fake-stripe.ts): Stripe's API for the app, Stripe.js and its
 * card frame for the browser, and Stripe's signed events to the app's webhook.
 */
import { startFakeStripe } from '../../server/testing/fake-stripe.ts';
import { STRIPE_TEST_KEYS } from './stripe.ts';

const stripe = await startFakeStripe({
  ...STRIPE_TEST_KEYS,
  port: Number(process.env.STRIPE_PORT),
  webhookUrl: `${process.env.STRIPE_APP_URL}/api/v1/webhooks/stripe`,
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stripe.close().finally(() => process.exit(0));
  });
}
