import { readFileSync } from 'node:fs';
import {
  APIException,
  AppStoreServerAPIClient,
  Environment,
  type JWSTransactionDecodedPayload,
  SignedDataVerifier,
  VerificationException,
  VerificationStatus,
} from '@apple/app-store-server-library';
import { androidpublisher_v3, auth } from '@googleapis/androidpublisher';
import {
  type Expected,
  type PaymentProvider,
  ProviderUnavailable,
  type ProviderVerdict,
  type WebhookNotice,
  WebhookRejected,
} from '../provider.ts';

export interface GooglePlayOptions {
  /** GOOGLE_PLAY_SERVICE_ACCOUNT_FILE: a service account's key file (JSON) allowed to see the app's orders. */
  serviceAccountFile: string;
  /** GOOGLE_PLAY_PACKAGE_NAME */
  packageName: string;
  /** GOOGLE_PLAY_API_URL: https://androidpublisher.googleapis.com, or a fake in the tests. */
  apiUrl: string;
}

export interface AppStoreOptions {
  /** APPLE_IAP_PRIVATE_KEY_FILE: the in-app purchase key (.p8) from App Store Connect. */
  privateKeyFile: string;
  keyId: string;
  issuerId: string;
  bundleId: string;
  /** APPLE_IAP_APP_ID: the app's Apple id; required in Production, where notifications carry it. */
  appId?: number;
  environment: 'Production' | 'Sandbox';
  /** APPLE_ROOT_CA_FILES: Apple's root certificates (DER or PEM) that signed data must chain to. */
  rootCaFiles: string[];
  /** APPLE_IAP_API_URL: absent, Apple's host for the environment; a fake in the tests. */
  apiUrl?: string;
  /** Revocation (OCSP) checks of the signing chain, and its dates checked against now: on unless a test says. */
  onlineChecks?: boolean;
}

export interface InAppProviderOptions {
  google?: GooglePlayOptions;
  apple?: AppStoreOptions;
  /** The operator's store products, one day of promotion each (in_app_purchased_prd_id_android / _ios). */
  productIds: () => Promise<{ android: string; ios: string }>;
  timeoutMs?: number;
}

/** One store's side of a purchase: the payer's proof checked, the purchase asked about, refunded. */
interface Store {
  /** Resolves the reference of the purchase the proof names once it is the product, bought `quantity` times. */
  prove(proof: Record<string, string>, productId: string, expected: Expected): Promise<string>;
  status(id: string, expected: Expected): Promise<ProviderVerdict>;
  refund(id: string): Promise<void>;
}

type Reference =
  | { store: 'pending' }
  | { store: 'google'; productId: string; token: string }
  | { store: 'apple'; transactionId: string };

const PUBLISHER_SCOPE = 'https://www.googleapis.com/auth/androidpublisher';
/** Where google-auth-library posts a service account's token request, whatever its key file says. */
const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
/** One retry, as the other adapters: a passing fault is retried away, an outage is reported soon. */
const GOOGLE_RETRY = { retry: 1, noResponseRetries: 1, retryDelay: 100 };
const APPLE_HOSTS = { Production: 'https://api.storekit.apple.com', Sandbox: 'https://api.storekit-sandbox.apple.com' };
const APPLE_REFUNDS =
  'App Store purchases are refunded by Apple; the payer asks Apple (reportaproblem.apple.com), and the refund ' +
  'reaches Souk as a notification';

/**
 * In-app purchases (SPEC.md method In_App_Purchase): the payer buys the operator's consumable product, one day of
 * promotion each, `quantity` times in the phone app, through Google Play Billing or StoreKit, and the app brings
 * back the store's proof (a purchase token, a transaction id). The store charges its own price, so what is checked
 * is the product and the quantity; nothing counts as paid until the store itself says so: Google Play Developer
 * API's purchase lookup, the App Store Server API's signed transaction, verified to Apple's root.
 */
export function createInAppProvider(options: InAppProviderOptions): PaymentProvider {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const apple = options.apple ? appleVerifier(options.apple) : undefined;
  const stores = {
    google: options.google ? googlePlay(options.google, timeoutMs) : undefined,
    apple: options.apple && apple ? appStore(options.apple, apple, timeoutMs) : undefined,
  };
  const storeOf = (name: 'google' | 'apple') => {
    const store = stores[name];
    if (!store) throw new ProviderUnavailable(`This server has no keys for ${STORE_NAMES[name]}`);
    return store;
  };

  return {
    method: 'In_App_Purchase',

    async initiate(charge) {
      // The app buys from the store directly; the service hands it the product ids and the quantity.
      return { providerReference: `pending:${charge.paymentId}`, clientAction: {} };
    },

    async acceptPayerProof(providerReference, proof, expected) {
      const store = proof.store === 'google' || proof.store === 'apple' ? proof.store : undefined;
      if (!store) throw new WebhookRejected('The proof names no store (google or apple)');
      if (!stores[store]) throw new WebhookRejected(`Purchases in ${STORE_NAMES[store]} are not taken here`);
      const products = await options.productIds();
      const productId = store === 'google' ? products.android : products.ios;
      if (!productId) throw new WebhookRejected(`No product is set up to buy in ${STORE_NAMES[store]}`);
      const reference = await storeOf(store).prove(proof, productId, expectedOrThrow(expected));
      const current = parseReference(providerReference);
      if (current.store !== 'pending' && reference !== providerReference) {
        throw new WebhookRejected('This payment is paid by another purchase already');
      }
      return reference;
    },

    async status(providerReference, expected) {
      const wanted = expectedOrThrow(expected);
      const reference = parseReference(providerReference);
      if (reference.store === 'pending') return { state: 'pending', amount: wanted.amount };
      if (reference.store === 'google') {
        return storeOf('google').status(`${reference.productId}:${reference.token}`, wanted);
      }
      return storeOf('apple').status(reference.transactionId, wanted);
    },

    async refund(providerReference) {
      const reference = parseReference(providerReference);
      if (reference.store === 'pending') throw new ProviderUnavailable('Nothing was bought in the store yet');
      if (reference.store === 'apple') throw new ProviderUnavailable(APPLE_REFUNDS);
      await storeOf('google').refund(`${reference.productId}:${reference.token}`);
    },

    async readWebhook(body) {
      const event = objectOf(parseJson(body));
      if (typeof event.signedPayload === 'string') {
        if (!apple) throw new WebhookRejected('App Store notifications are not taken here');
        return appleNotice(apple, event.signedPayload);
      }
      if (event.message !== undefined) {
        if (!options.google) throw new WebhookRejected('Google Play notifications are not taken here');
        return googleNotice(event.message, options.google.packageName, options.productIds);
      }
      throw new WebhookRejected('Neither an App Store notification nor a Google Play (Pub/Sub) push');
    },
  };
}

const STORE_NAMES = { google: 'Google Play', apple: 'the App Store' } as const;

// ─── Google Play ────────────────────────────────────────────────────────────────────────────────────────────────

interface ServiceAccount {
  client_email: string;
  private_key: string;
  private_key_id?: string;
  token_uri?: string;
}

type ProductPurchase = androidpublisher_v3.Schema$ProductPurchase;

/** The Google Play Developer API's one-time products (purchases.products) and orders, as the service account. */
function googlePlay(options: GooglePlayOptions, timeoutMs: number): Store {
  const api = publisherApi(options, timeoutMs);
  const { packageName } = options;
  const split = (id: string) => {
    const at = id.indexOf(':');
    return { productId: id.slice(0, at), token: id.slice(at + 1) };
  };
  const purchaseOf = async (productId: string, token: string) =>
    (await api.purchases.products.get({ packageName, productId, token })).data;
  /** Acknowledges (else Google refunds it in three days) and consumes (so it can be bought again), once each. */
  const settle = async (productId: string, token: string, purchase: ProductPurchase) => {
    const params = { packageName, productId, token };
    const now = () => purchaseOf(productId, token);
    if (purchase.acknowledgementState !== 1) {
      const acknowledge = () => api.purchases.products.acknowledge({ ...params, requestBody: {} });
      await done(acknowledge, async () => (await now()).acknowledgementState === 1);
    }
    if (purchase.consumptionState !== 1) {
      await done(
        () => api.purchases.products.consume(params),
        async () => (await now()).consumptionState === 1,
      );
    }
  };

  return {
    async prove(proof, productId, expected) {
      const token = proof.purchase_token ?? '';
      if (!token) throw new WebhookRejected('A Google Play proof needs the purchase token');
      if (proof.product_id !== productId) {
        throw new WebhookRejected(`The purchase is of ${proof.product_id ?? 'nothing'}, not ${productId}`);
      }
      const purchase = await askGoogle('look the purchase up', () => purchaseOf(productId, token), true);
      const bought = purchase.quantity ?? 1;
      if (bought !== expected.quantity) {
        throw new WebhookRejected(`The purchase is of ${bought} days, not ${expected.quantity}`);
      }
      if (purchase.purchaseState === 1) throw new WebhookRejected('The purchase was canceled');
      return `google:${productId}:${token}`;
    },

    async status(id, expected) {
      const { productId, token } = split(id);
      const purchase = await askGoogle('look the purchase up', () => purchaseOf(productId, token));
      const verdict = googleVerdict(purchase, expected);
      if (verdict.state === 'succeeded') {
        await askGoogle('acknowledge and consume the purchase', () => settle(productId, token, purchase));
      }
      return verdict;
    },

    async refund(id) {
      const { productId, token } = split(id);
      const purchase = await askGoogle('look the purchase up', () => purchaseOf(productId, token));
      if (isVoided(purchase)) return;
      const orderId = purchase.orderId;
      if (!orderId) throw new ProviderUnavailable('Google Play gave the purchase no order id to refund');
      await askGoogle(`refund ${orderId}`, () => api.orders.refund({ packageName, orderId, revoke: true }));
    },
  };
}

function publisherApi(options: GooglePlayOptions, timeoutMs: number) {
  const account = JSON.parse(readFileSync(options.serviceAccountFile, 'utf8')) as ServiceAccount;
  const client = new auth.JWT({
    email: account.client_email,
    key: account.private_key,
    keyId: account.private_key_id,
    scopes: [PUBLISHER_SCOPE],
    transporterOptions: { timeout: timeoutMs, retryConfig: GOOGLE_RETRY },
  });
  const tokenUri = account.token_uri;
  if (tokenUri && tokenUri !== GOOGLE_TOKEN_URL) {
    // google-auth-library posts to Google's token URL whatever the key file says: its token_uri (a fake) wins here.
    client.transporter.interceptors.request.add({
      resolved: async (request) => {
        if (String(request.url) === GOOGLE_TOKEN_URL) request.url = new URL(tokenUri);
        return request;
      },
    });
  }
  return new androidpublisher_v3.Androidpublisher({
    auth: client,
    rootUrl: `${options.apiUrl.replace(/\/+$/, '')}/`,
    timeout: timeoutMs,
    retryConfig: GOOGLE_RETRY,
  });
}

/** 0 purchased, 1 canceled (refunded, once it had been acknowledged: Google voided it), 2 pending. */
function googleVerdict(purchase: ProductPurchase, expected: Expected): ProviderVerdict {
  const amount = chargedFor(purchase.quantity ?? 1, expected);
  if (purchase.purchaseState === 0) return { state: 'succeeded', amount };
  if (purchase.purchaseState === 2) return { state: 'pending', amount };
  if (isVoided(purchase)) return { state: 'refunded', amount };
  return { state: 'failed', amount, failure: 'The purchase was canceled in Google Play' };
}

/**
 * A purchase Google canceled after it was acknowledged (ours are, once `status` saw them paid): refunded, or charged
 * back. One canceled before (a slow payment that never came, or one left unacknowledged for three days) never paid.
 */
const isVoided = (purchase: ProductPurchase) => purchase.purchaseState === 1 && purchase.acknowledgementState === 1;

/**
 * Acknowledge and consume say 400 when the purchase is past that state: another `status` did it meanwhile. That is
 * done, when the purchase now says so.
 */
async function done(call: () => Promise<unknown>, now: () => Promise<boolean>) {
  try {
    await call();
  } catch (error) {
    if (statusOf(error) !== 400 || !(await now())) throw error;
  }
}

/** A pushed Real-time developer notification: only a hint, the service then asks `status` (the token lookup). */
async function googleNotice(
  message: unknown,
  packageName: string,
  productIds: InAppProviderOptions['productIds'],
): Promise<WebhookNotice | null> {
  const { data, messageId } = objectOf(message);
  if (typeof data !== 'string' || typeof messageId !== 'string' || !messageId) {
    throw new WebhookRejected('Not a Pub/Sub push message');
  }
  const notification = objectOf(parseJson(Buffer.from(data, 'base64')));
  if (notification.packageName !== packageName) {
    throw new WebhookRejected(`The notification is about ${String(notification.packageName)}, not ${packageName}`);
  }
  if (notification.oneTimeProductNotification !== undefined) {
    return oneTimeNotice(messageId, objectOf(notification.oneTimeProductNotification));
  }
  if (notification.voidedPurchaseNotification !== undefined) {
    const { purchaseToken, productType } = objectOf(notification.voidedPurchaseNotification);
    if (typeof purchaseToken !== 'string' || !purchaseToken) {
      throw new WebhookRejected('The voided purchase notification names no purchase');
    }
    // 2: a one-time product. The notification names no product: ours is the only one bought here.
    if (productType !== 2) return null;
    const { android } = await productIds();
    return { eventId: messageId, providerReference: `google:${android}:${purchaseToken}`, claimed: 'refunded' };
  }
  return null;
}

/** ONE_TIME_PRODUCT_PURCHASED (1) and ONE_TIME_PRODUCT_CANCELED (2). */
function oneTimeNotice(eventId: string, notification: Record<string, unknown>): WebhookNotice | null {
  const { notificationType, purchaseToken, sku } = notification;
  if (typeof purchaseToken !== 'string' || typeof sku !== 'string' || !purchaseToken || !sku) {
    throw new WebhookRejected('The one-time product notification names no purchase');
  }
  const claimed = notificationType === 1 ? 'succeeded' : notificationType === 2 ? 'failed' : null;
  return claimed && { eventId, providerReference: `google:${sku}:${purchaseToken}`, claimed };
}

async function askGoogle<T>(what: string, call: () => Promise<T>, payersProof = false): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const status = statusOf(error);
    // Google answers a token it never gave (or gave for another product) 400, one it forgot 404 or 410.
    const aboutPurchase = /\/purchases\/products\//.test(urlOf(error));
    if (payersProof && aboutPurchase && (status === 400 || status === 404 || status === 410)) {
      throw new WebhookRejected(`Google Play knows no such purchase (${status}): ${googleMessage(error)}`, {
        cause: error,
      });
    }
    throw unavailable('Google Play', what, status, googleMessage(error), error);
  }
}

// ─── App Store ──────────────────────────────────────────────────────────────────────────────────────────────────

/** The library aims only at Apple's hosts, by environment, and never times out: this aims it and gives it one. */
class AppStoreApi extends AppStoreServerAPIClient {
  readonly #base: string;
  readonly #timeoutMs: number;

  constructor(options: AppStoreOptions, timeoutMs: number) {
    const key = readFileSync(options.privateKeyFile, 'utf8');
    super(key, options.keyId, options.issuerId, options.bundleId, environmentOf(options));
    this.#base = (options.apiUrl ?? APPLE_HOSTS[options.environment]).replace(/\/+$/, '');
    this.#timeoutMs = timeoutMs;
  }

  protected override async makeFetchRequest(
    path: string,
    query: URLSearchParams,
    method: string,
    body: string | Buffer | undefined,
    headers: Record<string, string>,
  ) {
    const response = await fetch(`${this.#base}${path}?${query}`, {
      method,
      headers,
      body: typeof body === 'string' ? body : body && new Uint8Array(body),
      signal: AbortSignal.timeout(this.#timeoutMs),
    });
    // The library reads ok, status and json() of it: the same in node-fetch's Response and the platform's.
    return response as unknown as Awaited<ReturnType<AppStoreServerAPIClient['makeFetchRequest']>>;
  }
}

function appleVerifier(options: AppStoreOptions) {
  const roots = options.rootCaFiles.map((file) => readFileSync(file));
  if (roots.length === 0) throw new Error('The App Store needs Apple root certificates (APPLE_ROOT_CA_FILES)');
  return {
    verifier: new SignedDataVerifier(
      roots,
      options.onlineChecks ?? true,
      environmentOf(options),
      options.bundleId,
      options.appId,
    ),
    bundleId: options.bundleId,
  };
}

type AppleVerifier = ReturnType<typeof appleVerifier>;

/** Get Transaction Info, its signed transaction verified to Apple's root, for the app's bundle and environment. */
function appStore(options: AppStoreOptions, apple: AppleVerifier, timeoutMs: number): Store {
  const api = new AppStoreApi(options, timeoutMs);
  const transactionOf = async (transactionId: string, payersProof = false) => {
    let signed: string | undefined;
    try {
      signed = (await api.getTransactionInfo(transactionId)).signedTransactionInfo;
    } catch (error) {
      const status = error instanceof APIException ? error.httpStatusCode : 0;
      if (payersProof && (status === 400 || status === 404)) {
        throw new WebhookRejected(`The App Store knows no transaction ${transactionId}`, { cause: error });
      }
      throw unavailable('The App Store', `look ${transactionId} up`, status, appleMessage(error), error);
    }
    if (!signed) throw new ProviderUnavailable(`The App Store gave no signed transaction for ${transactionId}`);
    return verifiedTransaction(apple, signed, payersProof);
  };

  return {
    async prove(proof, productId, expected) {
      const transactionId = proof.transaction_id ?? '';
      if (!/^\d{1,20}$/.test(transactionId)) throw new WebhookRejected('An App Store proof needs the transaction id');
      if (proof.product_id && proof.product_id !== productId) {
        throw new WebhookRejected(`The purchase is of ${proof.product_id}, not ${productId}`);
      }
      const transaction = await transactionOf(transactionId, true);
      if (transaction.productId !== productId) {
        throw new WebhookRejected(`The transaction is of ${transaction.productId ?? 'nothing'}, not ${productId}`);
      }
      const bought = transaction.quantity ?? 1;
      if (bought !== expected.quantity) {
        throw new WebhookRejected(`The transaction is of ${bought} days, not ${expected.quantity}`);
      }
      if (transaction.revocationDate) throw new WebhookRejected('Apple refunded the transaction already');
      return `apple:${transaction.transactionId ?? transactionId}`;
    },

    async status(transactionId, expected) {
      const transaction = await transactionOf(transactionId);
      const amount = chargedFor(transaction.quantity ?? 1, expected);
      return { state: transaction.revocationDate ? 'refunded' : 'succeeded', amount };
    },

    async refund() {
      throw new ProviderUnavailable(APPLE_REFUNDS);
    },
  };
}

async function verifiedTransaction(
  apple: AppleVerifier,
  signed: string,
  payersProof: boolean,
): Promise<JWSTransactionDecodedPayload> {
  try {
    const transaction = await apple.verifier.verifyAndDecodeTransaction(signed);
    if (transaction.bundleId !== apple.bundleId) throw new Error(`a transaction of ${transaction.bundleId}`);
    return transaction;
  } catch (error) {
    const reason = `The App Store's signed transaction does not verify: ${appleMessage(error)}`;
    // Handed over by the payer, it is refused; asked for later, the payment stays as it was until it verifies.
    if (payersProof) throw new WebhookRejected(reason, { cause: error });
    throw new ProviderUnavailable(reason, { cause: error });
  }
}

/** App Store Server Notifications V2: REFUND and REVOKE take a purchase back; ONE_TIME_CHARGE is one bought. */
async function appleNotice(apple: AppleVerifier, signedPayload: string): Promise<WebhookNotice | null> {
  let claimed: WebhookNotice['claimed'] | undefined;
  let notification: Awaited<ReturnType<SignedDataVerifier['verifyAndDecodeNotification']>>;
  try {
    notification = await apple.verifier.verifyAndDecodeNotification(signedPayload);
  } catch (error) {
    throw new WebhookRejected(`The App Store notification does not verify: ${appleMessage(error)}`, { cause: error });
  }
  const type = notification.notificationType;
  if (type === 'REFUND' || type === 'REVOKE') claimed = 'refunded';
  else if (type === 'ONE_TIME_CHARGE') claimed = 'succeeded';
  if (!claimed) return null;
  const signed = notification.data?.signedTransactionInfo;
  if (!signed || !notification.notificationUUID) throw new WebhookRejected(`The ${type} notification names nothing`);
  const transaction = await verifiedTransaction(apple, signed, true);
  if (!transaction.transactionId) throw new WebhookRejected(`The ${type} notification names no transaction`);
  return { eventId: notification.notificationUUID, providerReference: `apple:${transaction.transactionId}`, claimed };
}

const environmentOf = (options: AppStoreOptions) =>
  options.environment === 'Production' ? Environment.PRODUCTION : Environment.SANDBOX;

function appleMessage(error: unknown) {
  if (error instanceof APIException) {
    return `${error.httpStatusCode}${error.errorMessage ? `: ${error.errorMessage}` : ''}`;
  }
  if (error instanceof VerificationException) {
    return VerificationStatus[error.status] ?? `verification status ${error.status}`;
  }
  return messageOf(error);
}

// ─── Shared ─────────────────────────────────────────────────────────────────────────────────────────────────────

function parseReference(reference: string): Reference {
  const [store = '', ...rest] = reference.split(':');
  if (store === 'pending') return { store: 'pending' };
  if (store === 'apple' && rest.length === 1 && rest[0]) return { store: 'apple', transactionId: rest[0] };
  const [productId, ...token] = rest;
  if (store === 'google' && productId && token.join(':')) return { store: 'google', productId, token: token.join(':') };
  throw new ProviderUnavailable(`${reference} is not an in-app purchase reference`);
}

function expectedOrThrow(expected: Expected | undefined): Expected {
  // The service always says what it expects: a store's price is its own, so product and quantity are the check.
  if (!expected || !Number.isInteger(expected.quantity) || expected.quantity < 1) {
    throw new Error('An in-app purchase is checked against the expected product quantity');
  }
  return expected;
}

/**
 * What the store charged, in our terms: the expected amount for the quantity we expect, in proportion for another
 * one, so a purchase of fewer days than the payment's is refused by the service's amount check.
 */
function chargedFor(quantity: number, expected: Expected) {
  if (quantity === expected.quantity) return expected.amount;
  const minor = (expected.amount.minor * BigInt(quantity)) / BigInt(expected.quantity);
  return { minor, currency: expected.amount.currency };
}

/**
 * Whatever failed, the payment stays as it was. A 4xx other than 408 and 429 is the store refusing what we sent
 * (a key it does not take, an id it does not know), not an outage: the message says so, for the operator's log.
 */
function unavailable(store: string, what: string, status: number, message: string, cause: unknown) {
  const refused = status >= 400 && status < 500 && status !== 408 && status !== 429;
  const reason = refused ? `${store} refused to ${what} (${status}): ` : `${store} did not ${what}: `;
  return new ProviderUnavailable(reason + message, { cause });
}

function statusOf(error: unknown): number {
  const response = objectOf(objectOf(error).response);
  const status = objectOf(error).status ?? response.status;
  return typeof status === 'number' ? status : 0;
}

function urlOf(error: unknown) {
  return String(objectOf(objectOf(error).config).url ?? '');
}

/** Google's words: its envelope's error.message, or the OAuth error of a refused token request. */
function googleMessage(error: unknown) {
  const data = objectOf(objectOf(objectOf(error).response).data);
  const envelope = objectOf(data.error);
  if (typeof envelope.message === 'string') return envelope.message;
  if (typeof data.error === 'string') return `${data.error}: ${String(data.error_description ?? '')}`;
  return messageOf(error);
}

function parseJson(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    throw new WebhookRejected('The notification is not JSON', { cause: error });
  }
}

const objectOf = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
