import { beforeAll, describe, expect, it } from 'vitest';
import { type FakeAppStore, startFakeAppStore } from '../../testing/fake-app-store.ts';
import { type FakeGooglePlay, startFakeGooglePlay } from '../../testing/fake-google-play.ts';
import { paymentChecks } from '../../testing/payment-checks.ts';
import { appSettings } from '../../testing/tables.ts';
import { useTestApp } from '../../testing/use-test-app.ts';

const PACKAGE = 'com.souk.classifieds';
const BUNDLE = 'com.souk.classifieds.ios';
const PRODUCTS = { android: 'souk.promotion.day', ios: 'souk.promotion.day.ios' };

let play: FakeGooglePlay;
let appStore: FakeAppStore;
beforeAll(async () => {
  [play, appStore] = await Promise.all([
    startFakeGooglePlay({ packageName: PACKAGE }),
    startFakeAppStore({ bundleId: BUNDLE, environment: 'Sandbox' }),
  ]);
});
const test = useTestApp({
  users: [3],
  admin: true,
  env: () => ({
    GOOGLE_PLAY_SERVICE_ACCOUNT_FILE: play.serviceAccountFile,
    GOOGLE_PLAY_PACKAGE_NAME: PACKAGE,
    GOOGLE_PLAY_API_URL: play.url,
    APPLE_IAP_PRIVATE_KEY_FILE: appStore.privateKeyFile,
    APPLE_IAP_KEY_ID: appStore.keyId,
    APPLE_IAP_ISSUER_ID: appStore.issuerId,
    APPLE_IAP_BUNDLE_ID: BUNDLE,
    APPLE_IAP_APP_ID: String(appStore.appAppleId),
    APPLE_IAP_ENVIRONMENT: 'Sandbox',
    APPLE_ROOT_CA_FILES: appStore.rootCertificateFile,
    APPLE_IAP_API_URL: appStore.url,
    APPLE_IAP_ONLINE_CHECKS: 'false',
  }),
});
const { app, db, jobsDone } = test;
const checks = paymentChecks(test);
const { activeItemsOf, promote, methodsOffered, paymentRow, changesOf, isPromoted, adOf } = checks;
const { refresh, paymentReaches } = checks;

let itemIds: string[];
beforeAll(async () => {
  await db.update(appSettings).set({
    inAppPurchasedEnabled: true,
    inAppPurchasedProductIdAndroid: PRODUCTS.android,
    inAppPurchasedProductIdIos: PRODUCTS.ios,
  });
  itemIds = await activeItemsOf(3);
});

const itemAt = (index: number) => {
  const id = itemIds[index];
  if (!id) throw new Error(`the demo user has no listing ${index}`);
  return id;
};

const promoteInApp = (itemId: string) => promote('In_App_Purchase', itemId);

const googleProof = (token: string, productId = PRODUCTS.android) => ({
  store: 'google',
  purchase_token: token,
  product_id: productId,
});
const calls = (suffix: string) => play.requests.filter((request) => request.path.endsWith(suffix));

/** Posts a store's notification to the In_App_Purchase webhook, as Google's Pub/Sub or Apple posts it. */
const notify = async (body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  (await app.inject({ method: 'POST', url: '/api/v1/webhooks/In_App_Purchase', payload: body, headers })).statusCode;

/** A 7-day promotion of the listing, paid in Google Play: its payment id and the purchase token. */
async function paidInGooglePlay(itemId: string) {
  const started = await promoteInApp(itemId);
  const token = play.buy(PRODUCTS.android, { quantity: 7 });
  const refreshed = await refresh(started.payment.id, googleProof(token));
  expect(refreshed.status, refreshed.body.message).toBe(200);
  await paymentReaches(started.payment.id, 'succeeded');
  return { paymentId: started.payment.id, token };
}

describe('a promotion bought in the app', () => {
  it('is offered once on, and tells the app which product to buy, how many times', async () => {
    expect(await methodsOffered(itemAt(0))).toContain('In_App_Purchase');
    const started = await promoteInApp(itemAt(0));
    expect(started.payment.status).toBe('requires_action');
    expect(started.action).toEqual({
      kind: 'in_app',
      android_product_id: PRODUCTS.android,
      ios_product_id: PRODUCTS.ios,
      quantity: 7,
    });
    expect((await paymentRow(started.payment.id))?.status).toBe('requires_action');
    expect(await isPromoted(itemAt(0))).toBe(false);
  });
});

describe('Google Play', () => {
  let paid: { paymentId: string; token: string };

  it('a purchase of the product, 7 times, proved by the app pays; Google acknowledges and consumes it once', async () => {
    paid = await paidInGooglePlay(itemAt(1));
    expect(await isPromoted(itemAt(1))).toBe(true);
    expect(await adOf(paid.paymentId)).toMatchObject({ status: 'paid' });
    expect(play.purchase(paid.token)).toMatchObject({ purchaseState: 0, acknowledgementState: 1, consumptionState: 1 });
    expect(calls(`${paid.token}:acknowledge`)).toHaveLength(1);
    expect(calls(`${paid.token}:consume`)).toHaveLength(1);
    expect((await paymentRow(paid.paymentId))?.providerReference).toBe(`google:${PRODUCTS.android}:${paid.token}`);

    // The app sends it again (it retried): the same payment, still paid, nothing more asked of Google.
    const again = await refresh(paid.paymentId, googleProof(paid.token));
    expect(again.status, again.body.message).toBe(200);
    expect(again.body.data).toMatchObject({ status: 'succeeded' });
    expect(calls(`${paid.token}:acknowledge`)).toHaveLength(1);
    expect(calls(`${paid.token}:consume`)).toHaveLength(1);
  });

  it('one purchase never pays twice, and a purchase of fewer days, another product or no purchase pays nothing', async () => {
    const second = await promoteInApp(itemAt(2));
    const changes = await changesOf(second.payment.id);
    const reused = await refresh(second.payment.id, googleProof(paid.token));
    expect(reused.status).toBe(409);
    expect(reused.body.message).toBe('This purchase has already been used for another payment.');

    const fewer = await refresh(second.payment.id, googleProof(play.buy(PRODUCTS.android, { quantity: 3 })));
    expect(fewer.status).toBe(400);
    const coins = play.buy('souk.coins.100', { quantity: 7 });
    expect((await refresh(second.payment.id, googleProof(coins, 'souk.coins.100'))).status).toBe(400);
    expect((await refresh(second.payment.id, googleProof(coins))).status).toBe(400);
    const unknown = await refresh(second.payment.id, googleProof('never-given-by-google'));
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('The payment confirmation could not be verified.');

    await jobsDone();
    expect(await paymentRow(second.payment.id)).toMatchObject({
      status: 'requires_action',
      providerReference: `pending:${second.payment.id}`,
    });
    expect(await changesOf(second.payment.id)).toBe(changes);
    expect(await isPromoted(itemAt(2))).toBe(false);
    expect((await paymentRow(paid.paymentId))?.status).toBe('succeeded');
  });

  it('a purchase Google voids (a refund, a chargeback) is refunded once its notification comes, and the promotion ends', async () => {
    const { paymentId, token } = await paidInGooglePlay(itemAt(3));
    expect(await isPromoted(itemAt(3))).toBe(true);

    // The notification is only a hint: while Google still says purchased, nothing changes.
    const early = play.rtdn('voided', token);
    expect(await notify(early.body, early.headers)).toBe(200);
    await jobsDone();
    expect((await paymentRow(paymentId))?.status).toBe('succeeded');

    play.voidPurchase(token);
    const voided = play.rtdn('voided', token);
    expect(await notify(voided.body, voided.headers)).toBe(200);
    await paymentReaches(paymentId, 'refunded');
    expect(await isPromoted(itemAt(3))).toBe(false);
    expect((await adOf(paymentId))?.status).toBe('refunded');

    const changes = await changesOf(paymentId);
    expect(await notify(voided.body, voided.headers)).toBe(200);
    const foreign = play.rtdn('voided', token, { packageName: 'com.someone.else' });
    expect(await notify(foreign.body, foreign.headers)).toBe(400);
    await jobsDone();
    expect(await changesOf(paymentId)).toBe(changes);
  });
});

describe('the App Store', () => {
  it('a transaction of the product, 7 times, proved by the app pays; Apple refunding it ends the promotion', async () => {
    const itemId = itemAt(4);
    const started = await promoteInApp(itemId);
    const transactionId = appStore.buy(PRODUCTS.ios, { quantity: 7 });
    const refreshed = await refresh(started.payment.id, { store: 'apple', transaction_id: transactionId });
    expect(refreshed.status, refreshed.body.message).toBe(200);
    await paymentReaches(started.payment.id, 'succeeded');
    expect(await isPromoted(itemId)).toBe(true);
    expect((await paymentRow(started.payment.id))?.providerReference).toBe(`apple:${transactionId}`);

    const changes = await changesOf(started.payment.id);
    const forged = appStore.notification('REFUND', transactionId, { signer: 'stranger' });
    expect(await notify(forged.body)).toBe(400);
    await jobsDone();
    expect((await paymentRow(started.payment.id))?.status).toBe('succeeded');
    expect(await changesOf(started.payment.id)).toBe(changes);
    expect(await isPromoted(itemId)).toBe(true);

    const refund = appStore.notification('REFUND', transactionId);
    expect(await notify(refund.body)).toBe(200);
    await paymentReaches(started.payment.id, 'refunded');
    expect(await isPromoted(itemId)).toBe(false);
    expect((await adOf(started.payment.id))?.status).toBe('refunded');

    const afterRefund = await changesOf(started.payment.id);
    expect(await notify(refund.body)).toBe(200);
    await jobsDone();
    expect((await paymentRow(started.payment.id))?.status).toBe('refunded');
    expect(await changesOf(started.payment.id)).toBe(afterRefund);
  });
});
