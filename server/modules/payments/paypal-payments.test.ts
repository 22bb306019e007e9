import { beforeAll, describe, expect, it, vi } from 'vitest';
import { type FakePayPal, startFakePayPal } from '../../testing/fake-paypal.ts';
import { paymentChecks } from '../../testing/payment-checks.ts';
import { appSettings } from '../../testing/tables.ts';
import { useTestApp } from '../../testing/use-test-app.ts';

const KEYS = {
  clientId: 'AZsouk-client-id-123456',
  clientSecret: 'EHsouk-client-secret-123456',
  webhookId: 'WH-SOUK-7ABC1234',
};
/** Where events go while a test wants them lost (nothing listens on port 9). */
const LOST = 'http://127.0.0.1:9/lost';

let fake: FakePayPal;
beforeAll(async () => {
  fake = await startFakePayPal(KEYS);
});
const test = useTestApp({
  users: [3],
  admin: true,
  listen: true,
  env: () => ({
    PAYPAL_CLIENT_ID: KEYS.clientId,
    PAYPAL_CLIENT_SECRET: KEYS.clientSecret,
    PAYPAL_WEBHOOK_ID: KEYS.webhookId,
    PAYPAL_API_URL: fake.url,
  }),
});
const { db, jobsDone } = test;
const checks = paymentChecks(test);
const { activeItemsOf, requestPromotion, promote, methodsOffered, paymentRow, changesOf, sourceOf } = checks;
const { isPromoted, adOf, adsOfItem, refresh, refund, paymentReaches, reconcile } = checks;
const webhookUrl = () => `${test.baseUrl}/api/v1/webhooks/paypal`;

let itemIds: string[];
beforeAll(async () => {
  fake.setWebhookUrl(webhookUrl());
  // PayPal takes no SAR (the demo's currency): the site sells in dollars here.
  await db.update(appSettings).set({ paypalEnabled: true, defaultCurrencyShortForm: 'USD' });
  itemIds = await activeItemsOf(3);
});

type Action = { kind: string; url: string };

const promoteByPayPal = (itemId: string, extra?: Record<string, unknown>) => promote<Action>('paypal', itemId, extra);
const orderOf = async (paymentId: string) => (await paymentRow(paymentId))?.providerReference ?? '';

/** The payer approves on PayPal's page while PayPal's webhooks go nowhere: only the app's own asking settles it. */
async function approveUnheard(url: string, funding: 'balance' | 'card_declined' = 'balance') {
  fake.setWebhookUrl(LOST);
  try {
    return await fake.payerChooses(url, 'pay', funding);
  } finally {
    fake.setWebhookUrl(webhookUrl());
  }
}

describe('a payment through PayPal', () => {
  it('is offered only when it is on, configured, and the site’s currency is one PayPal takes', async () => {
    const itemId = itemIds[0] as string;
    expect(await methodsOffered(itemId)).toEqual(['paypal', 'offline']);
    try {
      await db.update(appSettings).set({ defaultCurrencyShortForm: 'SAR' });
      expect(await methodsOffered(itemId)).toEqual(['offline']);
      const refused = await requestPromotion('paypal', itemId);
      expect(refused.status).toBe(400);
      await db.update(appSettings).set({ defaultCurrencyShortForm: 'USD', paypalEnabled: false });
      expect(await methodsOffered(itemId)).toEqual(['offline']);
    } finally {
      await db.update(appSettings).set({ defaultCurrencyShortForm: 'USD', paypalEnabled: true });
    }
    expect(await methodsOffered(itemId)).toEqual(['paypal', 'offline']);
    expect(await adsOfItem(itemId)).toHaveLength(0);
  });

  it('creates the order at the server’s price and sends the payer to PayPal’s page, with no secret', async () => {
    const itemId = itemIds[0] as string;
    const started = await promoteByPayPal(itemId, { amount: '1.00', currency: 'SAR' });
    expect(started.payment).toMatchObject({ status: 'requires_action', amount: '70.00', currency: 'USD' });
    const orderId = await orderOf(started.payment.id);
    expect(started.action).toEqual({ kind: 'redirect', url: `${fake.url}/checkoutnow?token=${orderId}` });
    const order = fake.order(orderId);
    expect(order.status).toBe('PAYER_ACTION_REQUIRED');
    expect(order.purchase_units[0]).toMatchObject({
      amount: { currency_code: 'USD', value: '70.00' },
      custom_id: started.payment.id,
    });
    const created = fake.requests.find(
      (request) => request.path === '/v2/checkout/orders' && request.method === 'POST',
    );
    expect(created?.requestId).toBe(started.payment.id);
    const answer = JSON.stringify(started);
    expect(answer).not.toContain(KEYS.clientSecret);
    expect(answer).not.toContain(KEYS.webhookId);

    // Not paid until PayPal says so: the payer coming back early changes nothing.
    const early = await refresh(started.payment.id);
    expect(early.body.data, early.body.message).toMatchObject({ status: 'requires_action' });
    expect(await isPromoted(itemId)).toBe(false);
    expect((await adOf(started.payment.id))?.status).toBe('awaiting_payment');
  });

  it('the payer approves and comes back: the app captures the order, and the promotion starts', async () => {
    const itemId = itemIds[1] as string;
    const started = await promoteByPayPal(itemId);
    const orderId = await orderOf(started.payment.id);
    const back = await approveUnheard(started.action.url);
    expect(back.status).toBe(303);
    const returned = new URL(back.location ?? '');
    expect(`${returned.origin}${returned.pathname}`).toBe(`${test.config.publicUrl}/payments/${started.payment.id}`);
    expect(returned.searchParams.get('token')).toBe(orderId);
    expect(fake.order(orderId).status).toBe('APPROVED');
    expect((await paymentRow(started.payment.id))?.status).toBe('requires_action');

    const refreshed = await refresh(started.payment.id);
    expect(refreshed.body.data, refreshed.body.message).toMatchObject({ status: 'succeeded', amount: '70.00' });
    await jobsDone();
    expect(await sourceOf(started.payment.id, 'succeeded')).toBe('payer');
    expect(fake.order(orderId).status).toBe('COMPLETED');
    expect(
      fake.requests.filter((request) => request.path === `/v2/checkout/orders/${orderId}/capture`).length,
    ).toBeGreaterThan(0);
    expect(await isPromoted(itemId)).toBe(true);
    expect(await adOf(started.payment.id)).toMatchObject({ status: 'paid', phase: 'running' });

    // Coming back again (a reload) captures nothing more.
    const changes = await changesOf(started.payment.id);
    expect((await refresh(started.payment.id)).body.data).toMatchObject({ status: 'succeeded' });
    expect(fake.order(orderId).purchase_units[0]?.payments?.captures).toHaveLength(1);
    expect(await changesOf(started.payment.id)).toBe(changes);
  });

  it('PayPal’s webhook alone settles an approved order', async () => {
    const itemId = itemIds[2] as string;
    const started = await promoteByPayPal(itemId);
    await fake.payerChooses(started.action.url, 'pay');
    await paymentReaches(started.payment.id, 'succeeded');
    expect(await isPromoted(itemId)).toBe(true);
    expect(await sourceOf(started.payment.id, 'succeeded')).toBe('webhook');
  });

  it('a replayed, forged, late or re-ordered webhook changes nothing', async () => {
    const itemId = itemIds[2] as string;
    const { paymentId } = (await adsOfItem(itemId))[0] ?? {};
    if (!paymentId) throw new Error('the promotion of the test before is missing');
    const orderId = await orderOf(paymentId);
    const captureCompleted = await vi.waitFor(() => {
      const found = fake.deliveries.find(
        (delivery) =>
          delivery.event.event_type === 'PAYMENT.CAPTURE.COMPLETED' && JSON.stringify(delivery.event).includes(orderId),
      );
      if (!found) throw new Error('no capture event was delivered yet');
      return found;
    });
    await jobsDone();
    const changes = await changesOf(paymentId);

    expect(await fake.resend(captureCompleted.event)).toBe(200);
    const captured = fake.order(orderId).purchase_units[0]?.payments?.captures[0];
    const denied = { ...captured, status: 'DECLINED', supplementary_data: { related_ids: { order_id: orderId } } };
    // Signed by PayPal, but sent after the success: PayPal, when asked, says the capture completed.
    expect(await fake.sendEvent('PAYMENT.CAPTURE.DENIED', denied)).toBe(200);
    expect(await fake.sendEvent('PAYMENT.CAPTURE.DENIED', denied, { signer: 'stranger' })).toBe(400);
    expect(await fake.sendEvent('PAYMENT.CAPTURE.DENIED', denied, { webhookId: 'WH-ANOTHER-APP-0001' })).toBe(400);
    const late = new Date(Date.now() - 10 * 60_000);
    expect(await fake.sendEvent('PAYMENT.CAPTURE.DENIED', denied, { at: late })).toBe(400);
    const unsigned = await fetch(webhookUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'WH-FORGED', event_type: 'PAYMENT.CAPTURE.DENIED', resource: denied }),
    });
    expect(unsigned.status).toBe(400);
    // A genuine transmission whose body was changed on the way fails PayPal's check.
    const genuine = fake.signedEvent('PAYMENT.CAPTURE.COMPLETED', denied);
    const tampered = await fetch(webhookUrl(), {
      method: 'POST',
      headers: genuine.headers,
      body: genuine.body.replace('PAYMENT.CAPTURE.COMPLETED', 'PAYMENT.CAPTURE.DENIED'),
    });
    expect(tampered.status).toBe(400);

    await jobsDone();
    expect((await paymentRow(paymentId))?.status).toBe('succeeded');
    expect(await changesOf(paymentId)).toBe(changes);
    expect(await isPromoted(itemId)).toBe(true);
  });

  it('a payer who cancels on PayPal’s page, or whose funding is declined, promotes nothing', async () => {
    const cancelledItem = itemIds[3] as string;
    const cancelled = await promoteByPayPal(cancelledItem);
    const back = await fake.payerChooses(cancelled.action.url, 'cancel');
    expect(back.status).toBe(303);
    expect(new URL(back.location ?? '').searchParams.get('cancelled')).toBe('1');
    const refreshed = await refresh(cancelled.payment.id);
    expect(refreshed.body.data).toMatchObject({ status: 'requires_action' });
    await jobsDone();
    expect(await isPromoted(cancelledItem)).toBe(false);
    expect((await adOf(cancelled.payment.id))?.status).toBe('awaiting_payment');

    const declinedItem = itemIds[4] as string;
    const declined = await promoteByPayPal(declinedItem);
    await fake.payerChooses(declined.action.url, 'pay', 'card_declined');
    await paymentReaches(declined.payment.id, 'failed');
    expect((await paymentRow(declined.payment.id))?.failureReason).toMatch(/DECLINED/);
    expect(await isPromoted(declinedItem)).toBe(false);
    expect((await adOf(declined.payment.id))?.status).toBe('cancelled');
  });

  it('a PayPal that does not answer when the payer comes back leaves the payment to the reconciliation job', async () => {
    const itemId = itemIds[5] as string;
    const started = await promoteByPayPal(itemId);
    await approveUnheard(started.action.url);
    fake.failRequests(1_000, 503);
    try {
      const refreshed = await refresh(started.payment.id);
      expect(refreshed.status).toBe(200);
      expect(refreshed.body.data).toMatchObject({ status: 'requires_action' });
      await jobsDone();
      expect(await isPromoted(itemId)).toBe(false);
    } finally {
      fake.failRequests(0);
    }
    await reconcile(started.payment.id);
    await paymentReaches(started.payment.id, 'succeeded');
    expect(await isPromoted(itemId)).toBe(true);
    expect(await sourceOf(started.payment.id, 'succeeded')).toBe('reconcile');
  });

  it('a refund gives the money back through PayPal and ends the promotion', async () => {
    const itemId = itemIds[1] as string;
    const ad = (await adsOfItem(itemId))[0];
    const paymentId = ad?.paymentId ?? '';
    expect(await isPromoted(itemId)).toBe(true);
    const refunded = await refund(paymentId);
    expect(refunded.body.data, refunded.body.message).toMatchObject({ status: 'refunded' });
    await jobsDone();
    expect(await isPromoted(itemId)).toBe(false);
    expect((await adOf(paymentId))?.status).toBe('refunded');
    const orderId = await orderOf(paymentId);
    const capture = fake.order(orderId).purchase_units[0]?.payments;
    expect(capture?.captures[0]?.status).toBe('REFUNDED');
    expect(capture?.refunds).toEqual([expect.objectContaining({ amount: { currency_code: 'USD', value: '70.00' } })]);
    expect(
      fake.requests.filter((request) => request.path === `/v2/payments/captures/${capture?.captures[0]?.id}/refund`),
    ).toHaveLength(1);
    // PayPal's refund event arrives after it and changes nothing more.
    await vi.waitFor(() =>
      expect(fake.deliveries.some((delivery) => delivery.event.event_type === 'PAYMENT.CAPTURE.REFUNDED')).toBe(true),
    );
    await jobsDone();
    expect((await paymentRow(paymentId))?.status).toBe('refunded');
  });
});

describe('PayPal without its keys in the environment', () => {
  const bare = useTestApp({ users: [3] });
  const { activeItemsOf, methodsOffered } = paymentChecks(bare);

  it('is not offered, whatever the settings say', async () => {
    await bare.db.update(appSettings).set({ paypalEnabled: true, defaultCurrencyShortForm: 'USD' });
    const [itemId] = await activeItemsOf(3);
    expect(await methodsOffered(String(itemId))).toEqual(['offline']);
  });
});
