import { defineConfig, devices } from '@playwright/test';
import { freePorts } from './e2e/support/free-ports.ts';
import { PAYPAL_TEST_KEYS, PAYSTACK_TEST_KEYS, RAZORPAY_TEST_KEYS } from './e2e/support/providers.ts';
import { STRIPE_TEST_KEYS } from './e2e/support/stripe.ts';

// Free ports unless E2E_PORT / E2E_OIDC_PORT are set, so checkouts testing on one machine never collide.
// This file runs first in the main process; the workers inherit these variables and see the same ports.
const PORT_VARIABLES = [
  'E2E_PORT',
  'E2E_OIDC_PORT',
  'E2E_PUSH_PORT',
  'E2E_STRIPE_PORT',
  'E2E_PAYPAL_PORT',
  'E2E_PAYSTACK_PORT',
];
if (PORT_VARIABLES.some((name) => !process.env[name])) {
  const [appPort, oidcPort, pushPort, pushControlPort, stripePort, paypalPort, paystackPort, razorpayPort] =
    await freePorts(8);
  process.env.E2E_PORT ??= String(appPort);
  process.env.E2E_OIDC_PORT ??= String(oidcPort);
  process.env.E2E_PUSH_PORT ??= String(pushPort);
  process.env.E2E_PUSH_CONTROL_PORT ??= String(pushControlPort);
  process.env.E2E_STRIPE_PORT ??= String(stripePort);
  process.env.E2E_PAYPAL_PORT ??= String(paypalPort);
  process.env.E2E_PAYSTACK_PORT ??= String(paystackPort);
  process.env.E2E_RAZORPAY_PORT ??= String(razorpayPort);
}
const PORT = Number(process.env.E2E_PORT);
const OIDC_PORT = Number(process.env.E2E_OIDC_PORT);
const APP_URL = `http://127.0.0.1:${PORT}`;
const OIDC_URL = `http://127.0.0.1:${OIDC_PORT}`;
const PUSH_PORT = Number(process.env.E2E_PUSH_PORT);
const PUSH_CONTROL_URL = `http://127.0.0.1:${process.env.E2E_PUSH_CONTROL_PORT}`;
/** The local Stripe (API, Stripe.js and its card frame): card payments in the journeys. */
const STRIPE_URL = `http://127.0.0.1:${process.env.E2E_STRIPE_PORT}`;
/** The local PayPal, Paystack and Razorpay (their APIs and the pages a payer pays on): providers' journeys. */
const PAYPAL_URL = `http://127.0.0.1:${process.env.E2E_PAYPAL_PORT}`;
const PAYSTACK_URL = `http://127.0.0.1:${process.env.E2E_PAYSTACK_PORT}`;
const RAZORPAY_URL = `http://127.0.0.1:${process.env.E2E_RAZORPAY_PORT}`;
/** The local push service's certificate, which the app is told to trust. */
const PUSH_FOLDER = `data/e2e-push-${PORT}`;
/** One data folder per port, so two test runs on one machine never share a database; removed after the run. */
const E2E_DATA_DIR = `data/e2e-${PORT}`;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'e2e',
  // Per port too: a run empties its output folder first, which must not delete another run's traces.
  outputDir: `test-results/e2e-${PORT}`,
  fullyParallel: true,
  workers: 2,
  // CI retries once to record a trace of the retry, but a test that needed it still fails the run.
  retries: process.env.CI ? 1 : 0,
  failOnFlakyTests: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  // Sized for a loaded 2-core CI machine (a journey there takes about three times as long as on an idle
  // one); the long account journeys add their own budget with test.slow(). A stalled step fails at its
  // own action or assertion, named by its test.step, well before the test's budget runs out.
  timeout: 60_000,
  globalTimeout: 30 * 60_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: APP_URL,
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    // Recording a trace of every attempt cost about a quarter of the journeys' time (103 s against 131 s for
    // the dashboard and item page journeys); the retry of a failed test records one, and fails the run anyway.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testIgnore: /(site-wide|card-payment|provider-pages)\.spec\.ts/,
    },
    { name: 'phone', use: { ...devices['Pixel 7'], channel: undefined }, testMatch: /shell\.spec\.ts/ },
    // Journeys that change what every page shows (a category's name): once the others have finished.
    {
      name: 'site-wide',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testMatch: /(site-wide|card-payment)\.spec\.ts/,
      dependencies: ['desktop', 'phone'],
    },
    // Payments on PayPal's, Paystack's and Razorpay's pages need a currency they all take: after the others.
    {
      name: 'provider-pages',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testMatch: /provider-pages\.spec\.ts/,
      dependencies: ['site-wide'],
    },
  ],
  webServer: [
    {
      // The local OpenID Connect provider that stands in for Google, Facebook and Apple.
      command: 'exec node e2e/support/oidc-server.ts',
      url: `${OIDC_URL}/.well-known/openid-configuration`,
      env: { OIDC_PORT: String(OIDC_PORT), OIDC_APP_URL: APP_URL },
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
    {
      // The local Web Push service that stands in for the browsers' push services (before the app: it trusts
      // this service's certificate at start).
      command: 'exec node e2e/support/push-server.ts',
      url: `${PUSH_CONTROL_URL}/ready`,
      env: { PUSH_PORT: String(PUSH_PORT), PUSH_CONTROL_PORT: process.env.E2E_PUSH_CONTROL_PORT ?? '', PUSH_FOLDER },
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
    {
      // The local Stripe: the app's API calls, Stripe.js in the browser, and signed events to the app's webhook.
      command: 'exec node e2e/support/stripe-server.ts',
      url: `${STRIPE_URL}/v3/`,
      env: { STRIPE_PORT: process.env.E2E_STRIPE_PORT ?? '', STRIPE_APP_URL: APP_URL },
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
    {
      // The local PayPal, Paystack and Razorpay: the app's API calls, their payment pages, and signed events.
      command: 'exec node e2e/support/provider-server.ts',
      url: `${PAYSTACK_URL}/transaction/verify/ready`,
      env: {
        PAYPAL_PORT: process.env.E2E_PAYPAL_PORT ?? '',
        PAYSTACK_PORT: process.env.E2E_PAYSTACK_PORT ?? '',
        RAZORPAY_PORT: process.env.E2E_RAZORPAY_PORT ?? '',
        PROVIDERS_APP_URL: APP_URL,
      },
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
    {
      // A fresh data folder per run (removed when it stops): the first start creates and seeds the database.
      command: 'exec node e2e/support/app-server.ts',
      url: `${APP_URL}/readyz`,
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        PUBLIC_URL: APP_URL,
        DATA_DIR: E2E_DATA_DIR,
        LOG_LEVEL: 'warn',
        // Every browser of the run comes from one address: the API's per-address limit must not refuse them.
        API_READS_PER_MINUTE: '1000000',
        API_WRITES_PER_MINUTE: '1000000',
        // The sign-up and code limits per address have no setting: each account a journey makes registers from
        // an address of its own in X-Forwarded-For (e2e/support/accounts.ts), as clients behind a proxy would.
        TRUST_PROXY: 'true',
        GOOGLE_CLIENT_ID: 'souk-google',
        GOOGLE_CLIENT_SECRET: 'google-secret-for-tests',
        GOOGLE_DISCOVERY_URL: `${OIDC_URL}/.well-known/openid-configuration`,
        FACEBOOK_CLIENT_ID: 'souk-facebook',
        FACEBOOK_CLIENT_SECRET: 'facebook-secret-for-tests',
        FACEBOOK_AUTHORIZATION_URL: `${OIDC_URL}/auth`,
        FACEBOOK_TOKEN_URL: `${OIDC_URL}/token`,
        FACEBOOK_USERINFO_URL: `${OIDC_URL}/graph/me`,
        APPLE_CLIENT_ID: 'souk-apple',
        APPLE_CLIENT_SECRET: 'apple-secret-for-tests',
        APPLE_DISCOVERY_URL: `${OIDC_URL}/.well-known/openid-configuration`,
        PUSH_ENDPOINT_HOSTS: `127.0.0.1:${PUSH_PORT}`,
        PUSH_CA_FILE: `${PUSH_FOLDER}/cert.pem`,
        STRIPE_SECRET_KEY: STRIPE_TEST_KEYS.secretKey,
        STRIPE_WEBHOOK_SECRET: STRIPE_TEST_KEYS.webhookSecret,
        STRIPE_API_URL: STRIPE_URL,
        STRIPE_JS_URL: `${STRIPE_URL}/v3/`,
        PAYPAL_CLIENT_ID: PAYPAL_TEST_KEYS.clientId,
        PAYPAL_CLIENT_SECRET: PAYPAL_TEST_KEYS.clientSecret,
        PAYPAL_WEBHOOK_ID: PAYPAL_TEST_KEYS.webhookId,
        PAYPAL_API_URL: PAYPAL_URL,
        PAYSTACK_SECRET_KEY: PAYSTACK_TEST_KEYS.secretKey,
        PAYSTACK_API_URL: PAYSTACK_URL,
        RAZORPAY_KEY_ID: RAZORPAY_TEST_KEYS.keyId,
        RAZORPAY_KEY_SECRET: RAZORPAY_TEST_KEYS.keySecret,
        RAZORPAY_WEBHOOK_SECRET: RAZORPAY_TEST_KEYS.webhookSecret,
        RAZORPAY_API_URL: RAZORPAY_URL,
        RAZORPAY_CHECKOUT_URL: `${RAZORPAY_URL}/v1/checkout.js`,
      },
      timeout: 180_000,
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    },
  ],
});
