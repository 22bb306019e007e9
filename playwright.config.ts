import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
// Exported to the journeys (they read the outbox and call the local provider).
process.env.E2E_PORT = String(PORT);
process.env.E2E_OIDC_PORT = process.env.E2E_OIDC_PORT ?? '3199';
const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 3199);
const APP_URL = `http://127.0.0.1:${PORT}`;
const OIDC_URL = `http://127.0.0.1:${OIDC_PORT}`;
/** One data folder per port, so two test runs on one machine never share a database. */
const E2E_DATA_DIR = `data/e2e-${PORT}`;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
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
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } },
    { name: 'phone', use: { ...devices['Pixel 7'], channel: undefined }, testMatch: /shell\.spec\.ts/ },
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
      // A fresh data folder per run: the first start creates the database and seeds the demo data.
      command: `rm -rf ${E2E_DATA_DIR} && node scripts/build-if-needed.mjs && exec node server/main.ts`,
      url: `${APP_URL}/readyz`,
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        PUBLIC_URL: APP_URL,
        DATA_DIR: E2E_DATA_DIR,
        LOG_LEVEL: 'warn',
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
      },
      timeout: 180_000,
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    },
  ],
});
