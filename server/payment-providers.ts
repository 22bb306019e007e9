import type { PaymentMethod } from '../contract/payments.ts';
import type { Config } from './config.ts';
import type { CardWallet, PaymentProvider } from './modules/payments/index.ts';
import { createInAppProvider } from './modules/payments/providers/in-app.ts';
import { createPayPalProvider } from './modules/payments/providers/paypal.ts';
import { createPaystackProvider } from './modules/payments/providers/paystack.ts';
import { createRazorpayProvider } from './modules/payments/providers/razorpay.ts';
import { createStripeProvider } from './modules/payments/providers/stripe.ts';
import { createStripeWallet } from './modules/payments/providers/stripe-wallet.ts';

/** Currencies a provider documents taking, where it does not take them all (PayPal has no SAR, AED or KWD). */
const PAYPAL_CURRENCIES = [
  'AUD',
  'BRL',
  'CAD',
  'CNY',
  'CZK',
  'DKK',
  'EUR',
  'HKD',
  'HUF',
  'ILS',
  'JPY',
  'MYR',
  'MXN',
  'TWD',
  'NZD',
  'NOK',
  'PHP',
  'PLN',
  'GBP',
  'SGD',
  'SEK',
  'CHF',
  'THB',
  'USD',
];
const PAYSTACK_CURRENCIES = ['NGN', 'GHS', 'ZAR', 'KES', 'USD', 'XOF', 'EGP'];

/**
 * The payment adapters whose keys the environment configures. The operator's settings flags then turn each on
 * for payers (SPEC.md 3, 9); a flag without keys leaves the method off.
 */
export function paymentProviders(
  config: Config,
  productIds: () => Promise<{ android: string; ios: string }>,
): Partial<Record<PaymentMethod, PaymentProvider>> {
  const providers: Partial<Record<PaymentMethod, PaymentProvider>> = {};
  if (config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET)
    providers.stripe = createStripeProvider({
      secretKey: config.STRIPE_SECRET_KEY,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      apiUrl: config.STRIPE_API_URL,
    });
  if (config.PAYPAL_CLIENT_ID && config.PAYPAL_CLIENT_SECRET && config.PAYPAL_WEBHOOK_ID)
    providers.paypal = {
      ...createPayPalProvider({
        clientId: config.PAYPAL_CLIENT_ID,
        clientSecret: config.PAYPAL_CLIENT_SECRET,
        webhookId: config.PAYPAL_WEBHOOK_ID,
        apiUrl: config.PAYPAL_API_URL,
      }),
      currencies: PAYPAL_CURRENCIES,
    };
  if (config.RAZORPAY_KEY_ID && config.RAZORPAY_KEY_SECRET && config.RAZORPAY_WEBHOOK_SECRET)
    providers.razor = createRazorpayProvider({
      keyId: config.RAZORPAY_KEY_ID,
      keySecret: config.RAZORPAY_KEY_SECRET,
      webhookSecret: config.RAZORPAY_WEBHOOK_SECRET,
      apiUrl: config.RAZORPAY_API_URL,
    });
  if (config.PAYSTACK_SECRET_KEY)
    providers.paystack = {
      ...createPaystackProvider({ secretKey: config.PAYSTACK_SECRET_KEY, apiUrl: config.PAYSTACK_API_URL }),
      currencies: PAYSTACK_CURRENCIES,
    };
  const stores = { google: googlePlay(config), apple: appStore(config) };
  if (stores.google || stores.apple) providers.In_App_Purchase = createInAppProvider({ ...stores, productIds });
  return providers;
}

/** Where card payers' saved cards are kept: Stripe's Customers, with the keys that turn card payment on. */
export function cardWallet(config: Config): CardWallet | undefined {
  if (!config.STRIPE_SECRET_KEY || !config.STRIPE_WEBHOOK_SECRET) return undefined;
  return createStripeWallet({ secretKey: config.STRIPE_SECRET_KEY, apiUrl: config.STRIPE_API_URL });
}

function googlePlay(config: Config) {
  if (!config.GOOGLE_PLAY_SERVICE_ACCOUNT_FILE || !config.GOOGLE_PLAY_PACKAGE_NAME) return undefined;
  return {
    serviceAccountFile: config.GOOGLE_PLAY_SERVICE_ACCOUNT_FILE,
    packageName: config.GOOGLE_PLAY_PACKAGE_NAME,
    apiUrl: config.GOOGLE_PLAY_API_URL,
  };
}

function appStore(config: Config) {
  const { APPLE_IAP_PRIVATE_KEY_FILE: privateKeyFile, APPLE_IAP_KEY_ID: keyId, APPLE_IAP_ISSUER_ID: issuerId } = config;
  const { APPLE_IAP_BUNDLE_ID: bundleId, APPLE_ROOT_CA_FILES: rootCas } = config;
  if (!privateKeyFile || !keyId || !issuerId || !bundleId || !rootCas) return undefined;
  return {
    ...{ privateKeyFile, keyId, issuerId, bundleId, appId: config.APPLE_IAP_APP_ID },
    environment: config.APPLE_IAP_ENVIRONMENT,
    onlineChecks: config.APPLE_IAP_ONLINE_CHECKS,
    rootCaFiles: rootCas
      .split(',')
      .map((file) => file.trim())
      .filter(Boolean),
    ...(config.APPLE_IAP_API_URL ? { apiUrl: config.APPLE_IAP_API_URL } : {}),
  };
}
