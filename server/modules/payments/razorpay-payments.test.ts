import { beforeAll, describe, expect, it, vi } from 'vitest';
import { type FakeRazorpay, startFakeRazorpay } from '../../testing/fake-razorpay.ts';
import { paymentChecks } from '../../testing/payment-checks.ts';
import { appSettings } from '../../testing/tables.ts';
import { useTestApp } from '../../testing/use-test-app.ts';

const KEYS = {
  keyId: 'rzp_test_souk12345678',
  keySecret: 'rzp_secret_souk_123456789',
  webhookSecret: 'rzp_whsec_souk_1234567',
};
/** Where events go while a test wants them lost (nothing listens on port 9). */
const LOST = 'http://127.0.0.1:9/lost';

let fake: FakeRazorpay;
beforeAll(async () => {
  fake = await startFakeRazorpay(KEYS);
});
const test = useTestApp({
  users: [3],
  admin: true,
  listen: true,
  env: () => ({
    RAZORPAY_KEY_ID: KEYS.keyId,
    RAZORPAY_KEY_SECRET: KEYS.keySecret,
    RAZORPAY_WEBHOOK_SECRET: KEYS.webhookSecret,
    RAZORPAY_API_URL: fake.url,
    RAZORPAY_CHECKOUT_URL: fake.checkoutUrl,
  }),
});
const { db, jobsDone } = test;
const checks = paymentChecks(test);
const { activeItemsOf, requestPromotion, promote, methodsOffered, paymentRow, changesOf, sourceOf } = checks;
const { isPromoted, adOf, adsOfItem, refresh, refund, paymentReaches, reconcile } = checks;
const webhookUrl = () => `${test.baseUrl}/api/v1/webhooks/razor`;

let itemIds: string[];
beforeAll(async () => {
  fake.setWebhookUrl(webhookUrl());
  await db.update(appSettings).set({ razorEnabled: true, razorKey: KEYS.keyId });
  itemIds = await activeItemsOf(3);
});

type Action = { kind: string; order_id: string; key_id: string; checkout_url: string };

const promoteByRazorpay = (itemId: string, extra?: Record<string, unknown>) => promote<Action>('razor', itemId, extra);

/** The payer pays in checkout while Razorpay's webhooks go nowhere: only the app's own asking settles it. */
function payUnheard(orderId: string) {
  fake.setWebhookUrl(LOST);
  try {
    return fake.pay(orderId);
  } finally {
    fake.setWebhookUrl(webhookUrl());
  }
}

describe('a payment through Razorpay', () => {
  it('is offered only when it is on and configured', async () => {
    const itemId = itemIds[0] as string;
    expect(await methodsOffered(itemId)).toEqual(['razor', 'offline']);
    try {
      await db.update(appSettings).set({ razorEnabled: false });
      expect(await methodsOffered(itemId)).toEqual(['offline']);
      const refused = await requestPromotion('razor', itemId);
      expect(refused.status).toBe(400);
    } finally {
      await db.update(appSettings).set({ razorEnabled: true });
    }
    expect(await methodsOffered(itemId)).toEqual(['razor', 'offline']);
    expect(await adsOfItem(itemId)).toHaveLength(0);
  });

  it('creates the order at the server’s price and hands checkout the order and public key, no secret', async () => {
    const itemId = itemIds[0] as string;
    const started = await promoteByRazorpay(itemId, { amount: '1.00', currency: 'INR' });
    expect(started.payment).toMatchObject({ status: 'requires_action', amount: '70.00', currency: 'SAR' });
    const orderId = (await paymentRow(started.payment.id))?.providerReference ?? '';
    expect(orderId).toMatch(/^order_/);
    expect(started.action).toEqual({
      kind: 'razorpay',
      order_id: orderId,
      key_id: KEYS.keyId,
      checkout_url: fake.checkoutUrl,
    });
    expect(fake.order(orderId)).toMatchObject({
      amount: 7000,
      currency: 'SAR',
      receipt: started.payment.id,
      status: 'created',
    });
    const answer = JSON.stringify(started);
    expect(answer).not.toContain(KEYS.keySecret);
    expect(answer).not.toContain(KEYS.webhookSecret);

    // Not paid until Razorpay says so: the payer coming back early changes nothing.
    const early = await refresh(started.payment.id);
    expect(early.body.data, early.body.message).toMatchObject({ status: 'requires_action' });
    expect(await isPromoted(itemId)).toBe(false);
    expect((await adOf(started.payment.id))?.status).toBe('awaiting_payment');
  });

  it('the payer pays and comes back with checkout’s signed result: a tampered one is refused, the real one counts', async () => {
    const itemId = itemIds[1] as string;
    const started = await promoteByRazorpay(itemId);
    const orderId = started.action.order_id;
    const proof = payUnheard(orderId);
    const changes = await changesOf(started.payment.id);

    const tampered = [
      { ...proof, razorpay_signature: `${proof.razorpay_signature.slice(0, -2)}00` },
      { ...proof, razorpay_signature: '' },
      { ...proof, razorpay_payment_id: 'pay_SomeoneElses01' },
      { ...proof, razorpay_order_id: 'order_SomeoneElses1' },
    ];
    for (const forged of tampered) {
      const refused = await refresh(started.payment.id, forged);
      expect(refused.status, JSON.stringify(forged)).toBe(400);
    }
    await jobsDone();
    expect((await paymentRow(started.payment.id))?.status).toBe('requires_action');
    expect(await changesOf(started.payment.id)).toBe(changes);
    expect(await isPromoted(itemId)).toBe(false);

    const refreshed = await refresh(started.payment.id, proof);
    expect(refreshed.body.data, refreshed.body.message).toMatchObject({ status: 'succeeded', amount: '70.00' });
    await jobsDone();
    expect(await sourceOf(started.payment.id, 'succeeded')).toBe('payer');
    expect(await isPromoted(itemId)).toBe(true);
    expect(await adOf(started.payment.id)).toMatchObject({ status: 'paid', phase: 'running' });
  });

  it('captures a payment Razorpay only authorized, once the payer is back', async () => {
    const itemId = itemIds[2] as string;
    const started = await promoteByRazorpay(itemId);
    const orderId = started.action.order_id;
    const proof = fake.pay(orderId, { capture: false });
    // payment.authorized is no payment yet: the app waits.
    await vi.waitFor(() =>
      expect(fake.deliveries.some((delivery) => delivery.event.event === 'payment.authorized')).toBe(true),
    );
    await jobsDone();
    expect((await paymentRow(started.payment.id))?.status).toBe('requires_action');

    const refreshed = await refresh(started.payment.id, proof);
    expect(refreshed.body.data, refreshed.body.message).toMatchObject({ status: 'succeeded' });
    await jobsDone();
    expect(fake.payment(proof.razorpay_payment_id)).toMatchObject({ status: 'captured', amount: 7000 });
    expect(
      fake.requests.filter((request) => request.path === `/v1/payments/${proof.razorpay_payment_id}/capture`),
    ).toHaveLength(1);
    expect(await isPromoted(itemId)).toBe(true);
  });

  it('Razorpay’s webhook alone settles a paid order; a replayed, forged or re-ordered one changes nothing', async () => {
    const itemId = itemIds[3] as string;
    const started = await promoteByRazorpay(itemId);
    const orderId = started.action.order_id;
    fake.pay(orderId);
    await paymentReaches(started.payment.id, 'succeeded');
    expect(await sourceOf(started.payment.id, 'succeeded')).toBe('webhook');
    expect(await isPromoted(itemId)).toBe(true);
    // Every event of the payment has been answered before the replays.
    await vi.waitFor(() =>
      expect(
        fake.deliveries.filter(
          (delivery) => delivery.event.event === 'order.paid' && JSON.stringify(delivery.event).includes(orderId),
        ),
      ).toHaveLength(1),
    );
    await jobsDone();
    const changes = await changesOf(started.payment.id);

    const paid = fake.deliveries.find(
      (delivery) => delivery.event.event === 'order.paid' && JSON.stringify(delivery.event).includes(orderId),
    );
    if (!paid) throw new Error('no order.paid event was delivered');
    const entities = Object.fromEntries(Object.entries(paid.event.payload).map(([name, { entity }]) => [name, entity]));
    // Razorpay retries with the event's own id.
    expect(await fake.sendEvent('order.paid', entities, { eventId: paid.id })).toBe(200);

    const [payment] = fake.paymentsOf(orderId);
    const failed = { ...payment, status: 'failed', error_description: 'Payment failed' };
    // Signed by Razorpay, but sent after the success: Razorpay, when asked, says the payment was captured.
    expect(await fake.sendEvent('payment.failed', { payment: failed })).toBe(200);
    expect(await fake.sendEvent('payment.failed', { payment: failed }, { secret: 'rzp_whsec_someone_else' })).toBe(400);
    const genuine = fake.signedEvent('payment.captured', { payment });
    const tampered = await fetch(webhookUrl(), {
      method: 'POST',
      headers: genuine.headers,
      body: genuine.body.replace('payment.captured', 'payment.failed'),
    });
    expect(tampered.status).toBe(400);
    const unsigned = await fetch(webhookUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-razorpay-event-id': 'evt_forged_0001' },
      body: JSON.stringify({ event: 'payment.failed', payload: { payment: { entity: failed } } }),
    });
    expect(unsigned.status).toBe(400);

    await jobsDone();
    expect((await paymentRow(started.payment.id))?.status).toBe('succeeded');
    expect(await changesOf(started.payment.id)).toBe(changes);
    expect(await isPromoted(itemId)).toBe(true);
  });

  it('a failed payment in checkout promotes nothing, and another attempt then pays', async () => {
    const itemId = itemIds[4] as string;
    const started = await promoteByRazorpay(itemId);
    const orderId = started.action.order_id;
    const error = fake.fail(orderId, 'card_declined');
    expect(error.metadata.order_id).toBe(orderId);
    await paymentReaches(started.payment.id, 'failed');
    expect((await paymentRow(started.payment.id))?.failureReason).toBe('Your card was declined');
    expect(await isPromoted(itemId)).toBe(false);
    expect((await adOf(started.payment.id))?.status).toBe('cancelled');

    // Checkout lets the payer try again on the same order: Razorpay's word that it was paid is honoured.
    fake.pay(orderId);
    await paymentReaches(started.payment.id, 'succeeded');
    expect(await isPromoted(itemId)).toBe(true);
  });

  it('a Razorpay that does not answer when the payer comes back leaves the payment to the reconciliation job', async () => {
    const itemId = itemIds[5] as string;
    const started = await promoteByRazorpay(itemId);
    const proof = payUnheard(started.action.order_id);
    fake.failRequests(1_000, 503);
    try {
      const refreshed = await refresh(started.payment.id, proof);
      expect(refreshed.status).toBe(200);
      expect(refreshed.body.data).toMatchObject({ status: 'requires_action' });
      await jobsDone();
      expect(await isPromoted(itemId)).toBe(false);
    } finally {
      fake.failRequests(0);
    }
    await reconcile(started.payment.id);
    await paymentReaches(started.payment.id, 'succeeded');
    expect(await sourceOf(started.payment.id, 'succeeded')).toBe('reconcile');
    expect(await isPromoted(itemId)).toBe(true);
  });

  it('a refund gives the money back through Razorpay and ends the promotion', async () => {
    const itemId = itemIds[1] as string;
    const ad = (await adsOfItem(itemId))[0];
    const paymentId = ad?.paymentId ?? '';
    expect(await isPromoted(itemId)).toBe(true);
    const refunded = await refund(paymentId);
    expect(refunded.body.data, refunded.body.message).toMatchObject({ status: 'refunded' });
    await jobsDone();
    expect(await isPromoted(itemId)).toBe(false);
    expect((await adOf(paymentId))?.status).toBe('refunded');
    const orderId = (await paymentRow(paymentId))?.providerReference ?? '';
    const [payment] = fake.paymentsOf(orderId);
    expect(payment).toMatchObject({ status: 'refunded', amount_refunded: 7000 });
    const refunds = fake.requests.filter(
      (request) => request.method === 'POST' && request.path === `/v1/payments/${payment?.id}/refund`,
    );
    expect(refunds.map((request) => request.body)).toEqual([{ amount: 7000 }]);
    await vi.waitFor(() =>
      expect(fake.deliveries.some((delivery) => delivery.event.event === 'refund.processed')).toBe(true),
    );
    await jobsDone();
    expect((await paymentRow(paymentId))?.status).toBe('refunded');
  });
});

describe('Razorpay without its keys in the environment', () => {
  const bare = useTestApp({ users: [3] });
  const { activeItemsOf, methodsOffered } = paymentChecks(bare);

  it('is not offered, whatever the settings say', async () => {
    await bare.db.update(appSettings).set({ razorEnabled: true, razorKey: KEYS.keyId });
    const [itemId] = await activeItemsOf(3);
    expect(await methodsOffered(String(itemId))).toEqual(['offline']);
  });
});
