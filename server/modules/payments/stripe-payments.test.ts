import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../../testing/fake-stripe.ts';
import { paymentChecks } from '../../testing/payment-checks.ts';
import { appSettings, payments } from '../../testing/tables.ts';
import { useTestApp } from '../../testing/use-test-app.ts';

const KEYS = {
  secretKey: 'sk_test_souk_123456',
  publishableKey: 'pk_test_souk_123456',
  webhookSecret: 'whsec_souk_1234567',
};
let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe(KEYS);
});
const test = useTestApp({
  users: [3],
  admin: true,
  listen: true,
  env: () => ({
    STRIPE_SECRET_KEY: KEYS.secretKey,
    STRIPE_WEBHOOK_SECRET: KEYS.webhookSecret,
    STRIPE_API_URL: fake.url,
    STRIPE_JS_URL: fake.jsUrl,
  }),
});
const { db, jobsDone } = test;
const checks = paymentChecks(test);
const { activeItemsOf, promote, methodsOffered, paymentRow, changesOf, isPromoted, adOf, adsOfItem } = checks;
const { refresh, refund, paymentReaches, reconcile } = checks;

let itemIds: string[];
beforeAll(async () => {
  fake.setWebhookUrl(`${test.baseUrl}/api/v1/webhooks/stripe`);
  await db.update(appSettings).set({ stripeEnabled: true, stripePublishableKey: KEYS.publishableKey });
  itemIds = await activeItemsOf(3);
});

const promoteByCard = (itemId: string, extra?: Record<string, unknown>) =>
  promote<Record<string, string>>('stripe', itemId, extra);

describe('a card payment through Stripe', () => {
  it('offers card payment once it is on and configured, and creates the charge at the server’s price', async () => {
    expect(await methodsOffered(itemIds[0] as string)).toEqual(['stripe', 'offline']);
    const started = await promoteByCard(itemIds[0] as string, { amount: '1.00', currency: 'USD' });
    expect(started.payment).toMatchObject({ status: 'requires_action', amount: '70.00' });
    expect(started.action).toMatchObject({ kind: 'stripe', publishable_key: KEYS.publishableKey, js_url: fake.jsUrl });
    const reference = (await paymentRow(started.payment.id))?.providerReference ?? '';
    expect(fake.paymentIntent(reference)).toMatchObject({ amount: 7000, currency: 'sar' });
    expect(JSON.stringify(started)).not.toContain(KEYS.secretKey);
  });

  it('is paid only once Stripe says so, and the promotion starts', async () => {
    const itemId = itemIds[1] as string;
    const started = await promoteByCard(itemId);
    const refreshed = await refresh(started.payment.id);
    expect(refreshed.body.data, refreshed.body.message).toMatchObject({ status: 'requires_action' });
    expect(await isPromoted(itemId)).toBe(false);

    await fake.payWithCard(started.action.client_secret as string, '4242424242424242');
    await paymentReaches(started.payment.id, 'succeeded');
    expect(await isPromoted(itemId)).toBe(true);
    const ad = await adOf(started.payment.id);
    expect(ad).toMatchObject({ status: 'paid', phase: 'running' });
  });

  it('an unpaid payment can be finished later: its payer gets the same card step, nobody else', async () => {
    expect(itemIds.length).toBeGreaterThan(7);
    const itemId = itemIds.at(-1) as string;
    const started = await promoteByCard(itemId);
    const path = `/payments/${started.payment.id}/next-step`;
    const again = await test.call('GET', path, test.token(3));
    expect(again.status).toBe(200);
    expect(again.body.data.action).toEqual(started.action);
    expect((await test.call('GET', path, test.adminToken)).status).toBe(404);
    expect((await test.call('GET', path)).status).toBe(401);
    await fake.payWithCard(started.action.client_secret as string, '4242424242424242');
    await paymentReaches(started.payment.id, 'succeeded');
    expect((await test.call('GET', path, test.token(3))).body.data.action).toEqual({ kind: 'none' });
  });

  it('a declined card changes nothing, and another card then pays', async () => {
    const itemId = itemIds[2] as string;
    const started = await promoteByCard(itemId);
    await fake.payWithCard(started.action.client_secret as string, '4000000000000002');
    await vi.waitFor(() => expect(fake.deliveries.at(-1)?.event.type).toBe('payment_intent.payment_failed'));
    await jobsDone();
    expect((await paymentRow(started.payment.id))?.status).toBe('requires_action');
    await fake.payWithCard(started.action.client_secret as string, '4242424242424242');
    await paymentReaches(started.payment.id, 'succeeded');
    expect(await isPromoted(itemId)).toBe(true);
  });

  it('a replayed, forged, late or re-ordered webhook changes nothing', async () => {
    const started = await promoteByCard(itemIds[3] as string);
    await fake.payWithCard(started.action.client_secret as string, '4242424242424242');
    await paymentReaches(started.payment.id, 'succeeded');
    const changes = await changesOf(started.payment.id);
    const delivered = fake.deliveries.find(
      (delivery) =>
        delivery.event.type === 'payment_intent.succeeded' &&
        JSON.stringify(delivery.event).includes(started.payment.id),
    );
    if (!delivered) throw new Error('no success event was delivered');
    expect(await fake.resend(delivered.event)).toBe(200);

    const reference = (await paymentRow(started.payment.id))?.providerReference ?? '';
    const intent = fake.paymentIntent(reference);
    const failed = { ...intent, status: 'requires_payment_method' };
    expect(await fake.sendEvent('payment_intent.payment_failed', failed)).toBe(200);
    expect(await fake.sendEvent('payment_intent.canceled', failed, { secret: 'whsec_someone_else' })).toBe(400);
    const late = new Date(Date.now() - 10 * 60_000);
    expect(await fake.sendEvent('charge.refunded', { payment_intent: reference, refunded: true }, { at: late })).toBe(
      400,
    );
    const forged = await fetch(`${test.baseUrl}/api/v1/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      body: JSON.stringify({ id: 'evt_forged', type: 'payment_intent.canceled', data: { object: failed } }),
    });
    expect(forged.status).toBe(400);
    await jobsDone();
    expect((await paymentRow(started.payment.id))?.status).toBe('succeeded');
    expect(await changesOf(started.payment.id)).toBe(changes);
  });

  it('refuses a success for another amount than the payment’s', async () => {
    const started = await promoteByCard(itemIds[4] as string);
    await db.update(payments).set({ amount: '71.00' }).where(eq(payments.id, started.payment.id));
    await fake.payWithCard(started.action.client_secret as string, '4242424242424242');
    await paymentReaches(started.payment.id, 'failed');
    expect((await paymentRow(started.payment.id))?.failureReason).toMatch(/charged 70.00 SAR, not 71/);
    expect(await isPromoted(itemIds[4] as string)).toBe(false);
  });

  it('a double submit makes one payment and one charge', async () => {
    const before = fake.requests.filter((request) => request.path === '/v1/payment_intents').length;
    const [first, second] = await Promise.all([
      promoteByCard(itemIds[5] as string, { idempotency_key: 'double-submit-01' }),
      promoteByCard(itemIds[5] as string, { idempotency_key: 'double-submit-01' }),
    ]);
    expect(second.payment.id).toBe(first.payment.id);
    const created = fake.requests.filter((request) => request.path === '/v1/payment_intents');
    expect(new Set(created.slice(before).map((request) => request.idempotencyKey))).toEqual(
      new Set([first.payment.id]),
    );
    expect(await adsOfItem(itemIds[5] as string)).toHaveLength(1);
  });

  it('a lost webhook or a Stripe that does not answer leaves the payment to the reconciliation job', async () => {
    const started = await promoteByCard(itemIds[6] as string);
    fake.setWebhookUrl('http://127.0.0.1:9/lost');
    try {
      await fake.payWithCard(started.action.client_secret as string, '4242424242424242');
    } finally {
      fake.setWebhookUrl(`${test.baseUrl}/api/v1/webhooks/stripe`);
    }
    fake.failRequests(2);
    const refreshed = await refresh(started.payment.id);
    expect(refreshed.body.data).toMatchObject({ status: 'requires_action' });
    await reconcile(started.payment.id);
    await paymentReaches(started.payment.id, 'succeeded');
    expect(await isPromoted(itemIds[6] as string)).toBe(true);
  });

  it('a refund gives the money back through Stripe and ends the promotion', async () => {
    const itemId = itemIds[1] as string;
    const [ad] = await adsOfItem(itemId);
    const refunded = await refund(ad?.paymentId ?? '');
    expect(refunded.body.data).toMatchObject({ status: 'refunded' });
    await jobsDone();
    expect(await isPromoted(itemId)).toBe(false);
    const reference = (await paymentRow(ad?.paymentId ?? ''))?.providerReference ?? '';
    expect(
      fake.requests.some((request) => request.path === '/v1/refunds' && request.params.payment_intent === reference),
    ).toBe(true);
  });
});
