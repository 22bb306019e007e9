/**
 * The local PayPal, Paystack and Razorpay of the journeys (server/testing/fake-*.ts): their APIs for the app, the
 * pages (and Razorpay's checkout window) where a payer pays, and their signed events to the app's webhooks.
 */
import { startFakePayPal } from '../../server/testing/fake-paypal.ts';
import { startFakePaystack } from '../../server/testing/fake-paystack.ts';
import { startFakeRazorpay } from '../../server/testing/fake-razorpay.ts';
import { PAYPAL_TEST_KEYS, PAYSTACK_TEST_KEYS, RAZORPAY_TEST_KEYS } from './providers.ts';

const app = process.env.PROVIDERS_APP_URL;
const paypal = await startFakePayPal({
  ...PAYPAL_TEST_KEYS,
  port: Number(process.env.PAYPAL_PORT),
  webhookUrl: `${app}/api/v1/webhooks/paypal`,
});
const razorpay = await startFakeRazorpay({
  ...RAZORPAY_TEST_KEYS,
  port: Number(process.env.RAZORPAY_PORT),
  webhookUrl: `${app}/api/v1/webhooks/razor`,
});
const paystack = await startFakePaystack({
  secretKey: PAYSTACK_TEST_KEYS.secretKey,
  port: Number(process.env.PAYSTACK_PORT),
  webhookUrl: `${app}/api/v1/webhooks/paystack`,
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    Promise.all([paypal.close(), razorpay.close(), paystack.close()]).finally(() => process.exit(0));
  });
}
