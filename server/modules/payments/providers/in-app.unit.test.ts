import { sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { type FakeAppStore, startFakeAppStore } from '../../../testing/fake-app-store.ts';
import { type FakeGooglePlay, GOOGLE_TOKEN_AUDIENCE, startFakeGooglePlay } from '../../../testing/fake-google-play.ts';
import { type PaymentProvider, ProviderUnavailable, WebhookRejected } from '../provider.ts';
import { createInAppProvider, type InAppProviderOptions } from './in-app.ts';

const PACKAGE = 'com.souk.classifieds';
const BUNDLE = 'com.souk.classifieds.ios';
const APP_ID = 1_587_654_321;
const PRODUCTS = { android: 'souk.promotion.day', ios: 'souk.promotion.day.ios' };
const SAR = (minor: bigint) => ({ minor, currency: 'SAR' });
/** A promotion of `days` days at 10.00 SAR a day, as the service expects it. */
const days = (quantity: number) => ({ amount: SAR(1000n * BigInt(quantity)), quantity });

let play: FakeGooglePlay;
let appStore: FakeAppStore;
let inApp: PaymentProvider;

beforeAll(async () => {
  [play, appStore] = await Promise.all([
    startFakeGooglePlay({ packageName: PACKAGE }),
    startFakeAppStore({ bundleId: BUNDLE, appAppleId: APP_ID, environment: 'Production' }),
  ]);
  inApp = providerFor(play, appStore);
});

interface Change {
  productIds?: InAppProviderOptions['productIds'];
  timeoutMs?: number;
  google?: Partial<NonNullable<InAppProviderOptions['google']>>;
  apple?: Partial<NonNullable<InAppProviderOptions['apple']>>;
}

/** `timeoutMs` short only where a store is made to hang: a loaded CI machine can take longer to answer. */
function providerFor(google: FakeGooglePlay | null, apple: FakeAppStore | null, change: Change = {}) {
  return createInAppProvider({
    productIds: async () => PRODUCTS,
    ...change,
    google: google
      ? { serviceAccountFile: google.serviceAccountFile, packageName: PACKAGE, apiUrl: google.url, ...change.google }
      : undefined,
    apple: apple
      ? {
          privateKeyFile: apple.privateKeyFile,
          keyId: apple.keyId,
          issuerId: apple.issuerId,
          bundleId: BUNDLE,
          appId: APP_ID,
          environment: 'Production',
          rootCaFiles: [apple.rootCertificateFile],
          apiUrl: apple.url,
          onlineChecks: false,
          ...change.apple,
        }
      : undefined,
  });
}

const googleProof = (token: string, productId = PRODUCTS.android) => ({
  store: 'google',
  purchase_token: token,
  product_id: productId,
});
const appleProof = (transactionId: string, productId = PRODUCTS.ios) => ({
  store: 'apple',
  transaction_id: transactionId,
  product_id: productId,
});

let payments = 0;
/** A payment started for `quantity` days: its pending reference. */
async function started(provider = inApp, quantity = 1) {
  payments++;
  const { providerReference } = await provider.initiate({
    paymentId: `payment-${payments}`,
    amount: days(quantity).amount,
    description: `Souk: feature my ad for ${quantity} days`,
    payer: { userId: 'user-7', email: null },
    idempotencyKey: `start-${payments}`,
    returnUrl: 'http://souk.test/payments/return',
    quantity,
  });
  return providerReference;
}

/** A Google Play purchase of `quantity` days proved by the app: its reference from then on. */
async function provedGoogle(quantity: number, provider = inApp, store = play) {
  const token = store.buy(PRODUCTS.android, { quantity });
  const reference = await provider.acceptPayerProof?.(
    await started(provider, quantity),
    googleProof(token),
    days(quantity),
  );
  return { token, reference: reference ?? '' };
}

const calls = (store: FakeGooglePlay, suffix: string) => store.requests.filter((r) => r.path.endsWith(suffix));

describe('starting', () => {
  it('asks no store: a pending reference, and nothing for the app beyond what the service gives it', async () => {
    const before = play.requests.length + appStore.requests.length;
    const reference = await started(inApp, 5);
    expect(reference).toBe(`pending:payment-${payments}`);
    expect(await inApp.status(reference, days(5))).toEqual({ state: 'pending', amount: SAR(5000n) });
    expect(play.requests.length + appStore.requests.length).toBe(before);
    await expect(inApp.refund(reference, SAR(5000n))).rejects.toThrow(ProviderUnavailable);
  });

  it('wants what the service expects: a store price is checked by product and quantity', async () => {
    await expect(inApp.status(await started())).rejects.toThrow(/expected/);
  });
});

describe('Google Play', () => {
  it('a proof of the product, bought the expected number of times, names the purchase from then on', async () => {
    const token = play.buy(PRODUCTS.android, { quantity: 7 });
    const reference = await inApp.acceptPayerProof?.(await started(inApp, 7), googleProof(token), days(7));
    expect(reference).toBe(`google:${PRODUCTS.android}:${token}`);
    const lookup = play.requests.find((r) => r.path.endsWith(`/tokens/${token}`));
    expect(lookup).toMatchObject({
      method: 'GET',
      path: `/androidpublisher/v3/applications/${PACKAGE}/purchases/products/${PRODUCTS.android}/tokens/${token}`,
      auth: 'bearer',
    });
    expect(play.requests.find((r) => r.path === '/token')).toMatchObject({
      auth: 'assertion',
      body: { grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer' },
    });
    // The same proof again (the app retried) names the same purchase.
    expect(await inApp.acceptPayerProof?.(reference ?? '', googleProof(token), days(7))).toBe(reference);
  });

  it('refuses a proof of another product, of another quantity, or with a token Google never gave', async () => {
    const pending = await started(inApp, 3);
    const refused = async (proof: Record<string, string>, quantity = 3) =>
      expect(inApp.acceptPayerProof?.(pending, proof, days(quantity))).rejects.toThrow(WebhookRejected);
    const ours = play.buy(PRODUCTS.android, { quantity: 3 });
    const coins = play.buy('souk.coins.100', { quantity: 3 });
    await refused(googleProof(coins, 'souk.coins.100'));
    await refused(googleProof(coins));
    await refused(googleProof(ours), 4);
    await refused(googleProof(play.buy(PRODUCTS.android)));
    await refused(googleProof('never-given-by-google'));
    await refused({ store: 'google', product_id: PRODUCTS.android });
    await refused({ purchase_token: ours, product_id: PRODUCTS.android });
    const canceled = play.buy(PRODUCTS.android, { quantity: 3, pending: true });
    play.cancel(canceled);
    await refused(googleProof(canceled));

    const paid = await provedGoogle(2);
    await expect(inApp.acceptPayerProof?.(paid.reference, googleProof(ours), days(3))).rejects.toThrow(
      /another purchase/,
    );
    await expect(inApp.acceptPayerProof?.(pending, googleProof(ours), days(3))).resolves.toMatch(/^google:/);
  });

  it('a purchase is succeeded once Google says purchased, and is acknowledged and consumed exactly once', async () => {
    const { token, reference } = await provedGoogle(4);
    expect(play.purchase(token)).toMatchObject({ purchaseState: 0, acknowledgementState: 0, consumptionState: 0 });
    expect(await inApp.status(reference, days(4))).toEqual({ state: 'succeeded', amount: SAR(4000n) });
    expect(await inApp.status(reference, days(4))).toEqual({ state: 'succeeded', amount: SAR(4000n) });
    expect(play.purchase(token)).toMatchObject({ acknowledgementState: 1, consumptionState: 1 });
    expect(calls(play, `${token}:acknowledge`)).toHaveLength(1);
    expect(calls(play, `${token}:consume`)).toHaveLength(1);
  });

  it('two asking at once (the webhook and the app) both see it succeeded; Google acknowledges and consumes it once', async () => {
    const { token, reference } = await provedGoogle(2);
    const verdicts = await Promise.all([inApp.status(reference, days(2)), inApp.status(reference, days(2))]);
    expect(verdicts).toEqual([
      { state: 'succeeded', amount: SAR(2000n) },
      { state: 'succeeded', amount: SAR(2000n) },
    ]);
    expect(play.purchase(token)).toMatchObject({ acknowledgementState: 1, consumptionState: 1 });
  });

  it('pending until a slow payment clears; failed when it is canceled', async () => {
    const slow = play.buy(PRODUCTS.android, { quantity: 2, pending: true });
    const reference = await inApp.acceptPayerProof?.(await started(inApp, 2), googleProof(slow), days(2));
    expect(await inApp.status(reference ?? '', days(2))).toEqual({ state: 'pending', amount: SAR(2000n) });
    expect(calls(play, `${slow}:acknowledge`)).toHaveLength(0);
    play.completePending(slow);
    expect(await inApp.status(reference ?? '', days(2))).toMatchObject({ state: 'succeeded' });

    const never = play.buy(PRODUCTS.android, { pending: true });
    const unpaid = await inApp.acceptPayerProof?.(await started(), googleProof(never), days(1));
    play.cancel(never);
    expect(await inApp.status(unpaid ?? '', days(1))).toEqual({
      state: 'failed',
      amount: SAR(1000n),
      failure: 'The purchase was canceled in Google Play',
    });

    const paid = await provedGoogle(1);
    play.makePending(paid.token);
    expect(await inApp.status(paid.reference, days(1))).toMatchObject({ state: 'pending' });
  });

  it('a purchase Google voids after it was paid is refunded', async () => {
    const { token, reference } = await provedGoogle(3);
    expect(await inApp.status(reference, days(3))).toMatchObject({ state: 'succeeded' });
    play.voidPurchase(token);
    expect(await inApp.status(reference, days(3))).toEqual({ state: 'refunded', amount: SAR(3000n) });
  });

  it("the operator's refund goes through orders.refund for the purchase's order, once", async () => {
    const { token, reference } = await provedGoogle(2);
    await inApp.status(reference, days(2));
    await inApp.refund(reference, SAR(2000n));
    const { orderId } = play.purchase(token);
    expect(calls(play, `/orders/${orderId}:refund`)).toMatchObject([{ method: 'POST', auth: 'bearer' }]);
    expect(await inApp.status(reference, days(2))).toMatchObject({ state: 'refunded' });
    await inApp.refund(reference, SAR(2000n));
    expect(calls(play, `/orders/${orderId}:refund`)).toHaveLength(1);
  });

  it('a purchase of fewer days than the payment is worth less: the service refuses it by amount', async () => {
    const token = play.buy(PRODUCTS.android, { quantity: 3 });
    const reference = `google:${PRODUCTS.android}:${token}`;
    expect(await inApp.status(reference, days(7))).toEqual({ state: 'succeeded', amount: SAR(3000n) });
  });

  it('reads Real-time developer notifications as hints about a purchase', async () => {
    const { token, reference } = await provedGoogle(1);
    const read = (push: { body: string; headers: Record<string, string> }) =>
      inApp.readWebhook(Buffer.from(push.body), push.headers);
    const bought = play.rtdn('purchased', token);
    expect(await read(bought)).toEqual({
      eventId: bought.messageId,
      providerReference: reference,
      claimed: 'succeeded',
    });
    const canceled = play.rtdn('canceled', token);
    expect(await read(canceled)).toEqual({
      eventId: canceled.messageId,
      providerReference: reference,
      claimed: 'failed',
    });
    const voided = play.rtdn('voided', token);
    expect(await read(voided)).toEqual({
      eventId: voided.messageId,
      providerReference: reference,
      claimed: 'refunded',
    });
    expect(await read(play.rtdn('test', ''))).toBeNull();
  });

  it("refuses notifications about another app's package, and malformed ones", async () => {
    const { token } = await provedGoogle(1);
    const foreign = play.rtdn('purchased', token, { packageName: 'com.someone.else' });
    await expect(inApp.readWebhook(Buffer.from(foreign.body), foreign.headers)).rejects.toThrow(WebhookRejected);
    const push = (message: unknown) =>
      Buffer.from(JSON.stringify({ message, subscription: 'projects/x/subscriptions/y' }));
    const data = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
    const malformed = [
      Buffer.from('not json'),
      Buffer.from('{}'),
      push({ messageId: '1' }),
      push({ data: Buffer.from('not json').toString('base64'), messageId: '2' }),
      push({ data: data({ packageName: PACKAGE }) }),
      push({
        data: data({ packageName: PACKAGE, oneTimeProductNotification: { notificationType: 1 } }),
        messageId: '3',
      }),
      push({ data: data({ packageName: PACKAGE, voidedPurchaseNotification: { productType: 2 } }), messageId: '4' }),
    ];
    for (const body of malformed) {
      await expect(inApp.readWebhook(body, {})).rejects.toBeInstanceOf(WebhookRejected);
    }
    const subscription = push({
      data: data({ packageName: PACKAGE, subscriptionNotification: { notificationType: 4, purchaseToken: 'x' } }),
      messageId: '5',
    });
    expect(await inApp.readWebhook(subscription, {})).toBeNull();
  });

  it("Google refusing the service account is the server's trouble, not the payer's: ProviderUnavailable", async () => {
    const stranger = providerFor(play, null, {
      google: { serviceAccountFile: play.writeServiceAccount({ known: false }) },
    });
    const token = play.buy(PRODUCTS.android);
    const proof = stranger.acceptPayerProof?.(await started(stranger), googleProof(token), days(1));
    await expect(proof).rejects.toBeInstanceOf(ProviderUnavailable);
    await expect(proof).rejects.toThrow(
      /refused to look the purchase up \(400\): invalid_grant: Invalid JWT Signature/,
    );
  });
});

describe('App Store', () => {
  it('a proof of a transaction of the product, the expected quantity, names it from then on', async () => {
    const transactionId = appStore.buy(PRODUCTS.ios, { quantity: 6 });
    const reference = await inApp.acceptPayerProof?.(await started(inApp, 6), appleProof(transactionId), days(6));
    expect(reference).toBe(`apple:${transactionId}`);
    expect(appStore.requests.at(-1)).toEqual({
      method: 'GET',
      path: `/inApps/v1/transactions/${transactionId}`,
      authorized: true,
    });
    const withoutProduct = { store: 'apple', transaction_id: transactionId };
    expect(await inApp.acceptPayerProof?.(reference ?? '', withoutProduct, days(6))).toBe(reference);
  });

  it("refuses another product, quantity, app or environment, an unknown id, a refunded one, and another root's chain", async () => {
    const pending = await started(inApp, 2);
    const refused = async (proof: Record<string, string>, quantity = 2) =>
      expect(inApp.acceptPayerProof?.(pending, proof, days(quantity))).rejects.toThrow(WebhookRejected);
    const ours = appStore.buy(PRODUCTS.ios, { quantity: 2 });
    await refused(appleProof(appStore.buy('souk.coins.100', { quantity: 2 })));
    await refused(appleProof(appStore.buy('souk.coins.100', { quantity: 2 }), 'souk.coins.100'));
    await refused(appleProof(ours, 'souk.coins.100'));
    await refused(appleProof(ours), 3);
    await refused(appleProof(appStore.buy(PRODUCTS.ios, { quantity: 2, bundleId: 'com.someone.else' })));
    await refused(appleProof('2000000999999999'));
    await refused(appleProof('not-a-transaction'));
    await refused({ store: 'apple' });
    const refunded = appStore.buy(PRODUCTS.ios, { quantity: 2 });
    appStore.revoke(refunded);
    await refused(appleProof(refunded));
    const forged = appStore.buy(PRODUCTS.ios, { quantity: 2, signer: 'stranger' });
    await expect(inApp.acceptPayerProof?.(pending, appleProof(forged), days(2))).rejects.toThrow(
      /does not verify: VERIFICATION_FAILURE/,
    );

    const sandbox = providerFor(null, appStore, { apple: { environment: 'Sandbox' } });
    await expect(sandbox.acceptPayerProof?.(pending, appleProof(ours), days(2))).rejects.toThrow(/INVALID_ENVIRONMENT/);
    const trustsAnother = providerFor(null, appStore, { apple: { rootCaFiles: [appStore.strangerRootFile] } });
    await expect(trustsAnother.acceptPayerProof?.(pending, appleProof(ours), days(2))).rejects.toThrow(WebhookRejected);
    expect(await inApp.acceptPayerProof?.(pending, appleProof(ours), days(2))).toBe(`apple:${ours}`);
  });

  it('a transaction is succeeded; refunded once Apple revokes it', async () => {
    const transactionId = appStore.buy(PRODUCTS.ios, { quantity: 3 });
    const reference = `apple:${transactionId}`;
    expect(await inApp.status(reference, days(3))).toEqual({ state: 'succeeded', amount: SAR(3000n) });
    appStore.revoke(transactionId);
    expect(await inApp.status(reference, days(3))).toEqual({ state: 'refunded', amount: SAR(3000n) });
  });

  it('the operator cannot refund it: Apple refunds App Store purchases, when the payer asks Apple', async () => {
    const reference = `apple:${appStore.buy(PRODUCTS.ios)}`;
    await expect(inApp.refund(reference, SAR(1000n))).rejects.toThrow(ProviderUnavailable);
    await expect(inApp.refund(reference, SAR(1000n))).rejects.toThrow(/refunded by Apple; the payer asks Apple/);
  });

  it('reads signed App Store Server Notifications: a refund, a revocation, a charge; others are nothing', async () => {
    const transactionId = appStore.buy(PRODUCTS.ios);
    const read = (notification: { body: string }) => inApp.readWebhook(Buffer.from(notification.body), {});
    const charged = appStore.notification('ONE_TIME_CHARGE', transactionId);
    expect(await read(charged)).toEqual({
      eventId: charged.notificationUUID,
      providerReference: `apple:${transactionId}`,
      claimed: 'succeeded',
    });
    expect(await read(appStore.notification('CONSUMPTION_REQUEST', transactionId))).toBeNull();
    const refund = appStore.notification('REFUND', transactionId);
    expect(await read(refund)).toEqual({
      eventId: refund.notificationUUID,
      providerReference: `apple:${transactionId}`,
      claimed: 'refunded',
    });
    expect(appStore.transaction(transactionId).revocationDate).toBeTypeOf('number');
    expect(await read(appStore.notification('REVOKE', transactionId))).toMatchObject({ claimed: 'refunded' });
    expect(await read(appStore.notification('REFUND_DECLINED', transactionId))).toBeNull();
  });

  it('refuses forged, foreign, altered and unsigned notifications', async () => {
    const transactionId = appStore.buy(PRODUCTS.ios);
    const genuine = appStore.notification('REFUND', transactionId);
    const [header, payload] = genuine.signedPayload.split('.');
    const decoded = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as { data: object };
    const altered = Buffer.from(JSON.stringify({ ...decoded, notificationType: 'ONE_TIME_CHARGE' })).toString(
      'base64url',
    );
    const none = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    const strangerTransaction = appStore.buy(PRODUCTS.ios, { signer: 'stranger' });
    const refused = [
      appStore.notification('REFUND', transactionId, { signer: 'stranger' }).body,
      appStore.notification('REFUND', transactionId, { bundleId: 'com.someone.else' }).body,
      appStore.notification('REFUND', strangerTransaction).body,
      JSON.stringify({ signedPayload: `${header}.${altered}.${genuine.signedPayload.split('.')[2]}` }),
      JSON.stringify({ signedPayload: `${none}.${payload}.` }),
      JSON.stringify({ signedPayload: 'not.a.jws' }),
    ];
    for (const body of refused) {
      await expect(inApp.readWebhook(Buffer.from(body), {})).rejects.toBeInstanceOf(WebhookRejected);
    }
    expect(await inApp.readWebhook(Buffer.from(genuine.body), {})).toMatchObject({ claimed: 'refunded' });
  });

  it("a key Apple does not take is the server's trouble, not the payer's: ProviderUnavailable", async () => {
    const wrongKey = providerFor(null, appStore, { apple: { keyId: 'ZZZZZZZZZZ' } });
    const proof = wrongKey.acceptPayerProof?.(await started(wrongKey), appleProof(appStore.buy(PRODUCTS.ios)), days(1));
    await expect(proof).rejects.toThrow(/The App Store refused to look \d+ up \(401\)/);
  });
});

describe('a store the server has no keys for', () => {
  it('refuses its proofs and notifications, and cannot say how its purchases stand', async () => {
    const onlyGoogle = providerFor(play, null);
    const pending = await started(onlyGoogle);
    const transactionId = appStore.buy(PRODUCTS.ios);
    await expect(onlyGoogle.acceptPayerProof?.(pending, appleProof(transactionId), days(1))).rejects.toThrow(
      /Purchases in the App Store are not taken here/,
    );
    const notification = appStore.notification('REFUND', transactionId);
    await expect(onlyGoogle.readWebhook(Buffer.from(notification.body), {})).rejects.toThrow(WebhookRejected);
    await expect(onlyGoogle.status(`apple:${transactionId}`, days(1))).rejects.toThrow(ProviderUnavailable);

    const onlyApple = providerFor(null, appStore);
    const token = play.buy(PRODUCTS.android);
    await expect(onlyApple.acceptPayerProof?.(pending, googleProof(token), days(1))).rejects.toThrow(WebhookRejected);
    const push = play.rtdn('purchased', token);
    await expect(onlyApple.readWebhook(Buffer.from(push.body), push.headers)).rejects.toThrow(WebhookRejected);
  });

  it('refuses proofs while the operator has set no product for the store', async () => {
    const unset = providerFor(play, appStore, { productIds: async () => ({ android: '', ios: '' }) });
    const token = play.buy(PRODUCTS.android);
    await expect(unset.acceptPayerProof?.(await started(unset), googleProof(token), days(1))).rejects.toThrow(
      /No product is set up to buy in Google Play/,
    );
  });
});

describe('when a store is unavailable', () => {
  let downPlay: FakeGooglePlay;
  let downStore: FakeAppStore;
  let provider: PaymentProvider;
  beforeAll(async () => {
    [downPlay, downStore] = await Promise.all([
      startFakeGooglePlay({ packageName: PACKAGE }),
      startFakeAppStore({ bundleId: BUNDLE, appAppleId: APP_ID, environment: 'Production' }),
    ]);
    provider = providerFor(downPlay, downStore, { timeoutMs: 400 });
  });

  it('a store that does not answer in time is ProviderUnavailable, and the payment is asked about later', async () => {
    const { token, reference } = await provedGoogle(1, provider, downPlay);
    const transactionId = downStore.buy(PRODUCTS.ios);
    downPlay.hang();
    downStore.hang();
    await expect(provider.status(reference, days(1))).rejects.toThrow(/Google Play did not look the purchase up/);
    const proof = provider.acceptPayerProof?.(await started(provider), googleProof(token), days(1));
    await expect(proof).rejects.toBeInstanceOf(ProviderUnavailable);
    await expect(provider.refund(reference, SAR(1000n))).rejects.toBeInstanceOf(ProviderUnavailable);
    const appleAsked = provider.acceptPayerProof?.(await started(provider), appleProof(transactionId), days(1));
    await expect(appleAsked).rejects.toThrow(/The App Store did not look \d+ up/);
    await expect(provider.status(`apple:${transactionId}`, days(1))).rejects.toBeInstanceOf(ProviderUnavailable);

    downPlay.hang(0);
    downStore.hang(0);
    expect(await provider.status(reference, days(1))).toMatchObject({ state: 'succeeded' });
    expect(await provider.status(`apple:${transactionId}`, days(1))).toMatchObject({ state: 'succeeded' });
  });

  it('server errors are ProviderUnavailable; a single one from Google is retried away', async () => {
    const { reference } = await provedGoogle(1, provider, downPlay);
    downPlay.failRequests(2, 503);
    await expect(provider.status(reference, days(1))).rejects.toThrow(
      /Google Play did not look the purchase up: The service is currently unavailable/,
    );
    downPlay.failRequests(1, 500);
    expect(await provider.status(reference, days(1))).toMatchObject({ state: 'succeeded' });

    const transactionId = downStore.buy(PRODUCTS.ios);
    downStore.failRequests(1, 500);
    await expect(provider.status(`apple:${transactionId}`, days(1))).rejects.toThrow(
      /The App Store did not look \d+ up: 500: An unknown error occurred/,
    );
    expect(await provider.status(`apple:${transactionId}`, days(1))).toMatchObject({ state: 'succeeded' });
  });

  it('nothing listening is ProviderUnavailable', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    const nowhere = providerFor(downPlay, downStore, {
      google: { apiUrl: `http://127.0.0.1:${port}` },
      apple: { apiUrl: `http://127.0.0.1:${port}` },
    });
    await expect(nowhere.status(`google:${PRODUCTS.android}:token`, days(1))).rejects.toThrow(ProviderUnavailable);
    await expect(nowhere.status('apple:2000000000000001', days(1))).rejects.toThrow(ProviderUnavailable);
  });
});

describe('the fakes speak the stores to whoever calls them', () => {
  it("Google Play wants Google's access token, answers in its error envelope, and checks the assertion", async () => {
    const token = play.buy(PRODUCTS.android);
    const path = `/androidpublisher/v3/applications/${PACKAGE}/purchases/products/${PRODUCTS.android}/tokens/${token}`;
    const anonymous = await fetch(`${play.url}${path}`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: { code: 401, status: 'UNAUTHENTICATED' } });
    const made = await fetch(`${play.url}${path}`, { headers: { authorization: 'Bearer ya29.made-up' } });
    expect(made.status).toBe(401);
    const grant = await fetch(play.tokenUrl, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: 'a.b.c' }),
    });
    expect(grant.status).toBe(400);
    expect(await grant.json()).toMatchObject({ error: 'invalid_grant' });

    const account = JSON.parse(readFileSync(play.serviceAccountFile, 'utf8')) as Record<string, string>;
    expect(account).toMatchObject({ type: 'service_account', token_uri: play.tokenUrl });
    const now = Math.floor(Date.now() / 1000);
    const assertion = (claims: Record<string, unknown>) => {
      const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const input = `${encode({ alg: 'RS256', typ: 'JWT' })}.${encode({
        iss: account.client_email,
        scope: 'https://www.googleapis.com/auth/androidpublisher',
        aud: GOOGLE_TOKEN_AUDIENCE,
        iat: now,
        exp: now + 3600,
        ...claims,
      })}`;
      return `${input}.${sign('sha256', Buffer.from(input), account.private_key ?? '').toString('base64url')}`;
    };
    const ask = (claims: Record<string, unknown>) =>
      fetch(play.tokenUrl, {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
          assertion: assertion(claims),
        }),
      }).then(async (answer) => ({ status: answer.status, body: (await answer.json()) as Record<string, unknown> }));
    expect(await ask({ aud: play.url })).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect(await ask({ iat: now - 7200, exp: now - 3600 })).toMatchObject({ status: 400 });
    expect(await ask({ scope: 'https://www.googleapis.com/auth/drive' })).toMatchObject({ status: 400 });
    const granted = await ask({});
    expect(granted).toMatchObject({ status: 200, body: { token_type: 'Bearer', expires_in: 3599 } });
    const asked = await fetch(`${play.url}${path}`, {
      headers: { authorization: `Bearer ${granted.body.access_token}` },
    });
    expect(await asked.json()).toMatchObject({ kind: 'androidpublisher#productPurchase', purchaseState: 0 });
  });

  it('the App Store wants a token signed with the in-app key, and answers a bare 401 otherwise', async () => {
    const transactionId = appStore.buy(PRODUCTS.ios);
    const anonymous = await fetch(`${appStore.url}/inApps/v1/transactions/${transactionId}`);
    expect(anonymous.status).toBe(401);
    expect(appStore.requests.at(-1)).toMatchObject({ authorized: false });
  });
});
