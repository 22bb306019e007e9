/**
 * The local PayPal and Paystack of the journeys (server/testing/fake-paypal.ts, fake-paystack.ts): their APIs for
 * the app, the pages where a payer approves or pays, and their signed events to the app's webhooks.
 */
import { startFakePayPal } from '../../server/testing/fake-paypal.ts';
import { startFakePaystack } from '../../server/testing/fake-paystack.ts';
import { PAYPAL_TEST_KEYS, PAYSTACK_TEST_KEYS } from './providers.ts';

const app = process.env.PROVIDERS_APP_URL;
const paypal = await startFakePayPal({
  ...PAYPAL_TEST_KEYS,
  port: Number(process.env.PAYPAL_PORT),
  webhookUrl: `${app}/api/v1/webhooks/paypal`,
});
const paystack = await startFakePaystack({
  secretKey: PAYSTACK_TEST_KEYS.secretKey,
  port: Number(process.env.PAYSTACK_PORT),
  webhookUrl: `${app}/api/v1/webhooks/paystack`,
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    Promise.all([paypal.close(), paystack.close()]).finally(() => process.exit(0));
  });
}
