import { beforeAll, describe, expect, it, vi } from 'vitest';
import { type FakePaystack, startFakePaystack } from '../../testing/fake-paystack.ts';
import { paymentChecks } from '../../testing/payment-checks.ts';
import { appSettings } from '../../testing/tables.ts';
import { useTestApp } from '../../testing/use-test-app.ts';

const KEYS = {
  secretKey: 'sk_test_souk_paystack_123456',
  publicKey: 'pk_test_souk_paystack_123456',
};
/** Where events go while a test wants them lost (nothing listens on port 9). */
const LOST = 'http://127.0.0.1:9/lost';

let fake: FakePaystack;
beforeAll(async () => {
  fake = await startFakePaystack({ secretKey: KEYS.secretKey });
});
const test = useTestApp({
  users: [3],
  admin: true,
  listen: true,
  env: () => ({ PAYSTACK_SECRET_KEY: KEYS.secretKey, PAYSTACK_API_URL: fake.url }),
});
const { db, jobsDone } = test;
const checks = paymentChecks(test);
const { activeItemsOf, requestPromotion, promote, methodsOffered, paymentRow, changesOf, sourceOf } = checks;
const { isPromoted, adOf, adsOfItem, refresh, refund, paymentReaches, reconcile } = checks;
const webhookUrl = () => `${test.baseUrl}/api/v1/webhooks/paystack`;

let itemIds: string[];
beforeAll(async () => {
  fake.setWebhookUrl(webhookUrl());
  // Paystack takes no SAR (the demo's currency): the site sells in naira here.
  await db
    .update(appSettings)
    .set({ paystackEnabled: true, paystackKey: KEYS.publicKey, defaultCurrencyShortForm: 'NGN' });
  itemIds = await activeItemsOf(3);
});

type Action = { kind: string; url: string };

const promoteByPaystack = (itemId: string, extra?: Record<string, unknown>) =>
  promote<Action>('paystack', itemId, extra);

/** The payer's browser on Paystack's page presses a button; resolves where Paystack sends it (a 303's Location). */
async function payerPresses(checkoutUrl: string, button: 'pay' | 'fail' | 'cancel') {
  const answer = await fetch(`${checkoutUrl}/${button}`, { method: 'POST', redirect: 'manual' });
  await answer.arrayBuffer();
  return { status: answer.status, location: answer.headers.get('location') };
}

describe('a payment through Paystack', () => {
  it('is offered only when it is on, configured, and the site’s currency is one Paystack takes', async () => {
    const itemId = itemIds[0] as string;
    expect(await methodsOffered(itemId)).toEqual(['paystack', 'offline']);
    try {
      await db.update(appSettings).set({ defaultCurrencyShortForm: 'SAR' });
      expect(await methodsOffered(itemId)).toEqual(['offline']);
      const refused = await requestPromotion('paystack', itemId);
      expect(refused.status).toBe(400);
      await db.update(appSettings).set({ defaultCurrencyShortForm: 'NGN', paystackEnabled: false });
      expect(await methodsOffered(itemId)).toEqual(['offline']);
    } finally {
      await db.update(appSettings).set({ defaultCurrencyShortForm: 'NGN', paystackEnabled: true });
    }
    expect(await methodsOffered(itemId)).toEqual(['paystack', 'offline']);
    expect(await adsOfItem(itemId)).toHaveLength(0);
    expect(fake.transactions()).toHaveLength(0);
  });

  it('starts the transaction at the server’s price and sends the payer to Paystack’s page, with no secret', async () => {
    const itemId = itemIds[0] as string;
    const started = await promoteByPaystack(itemId, { amount: '1.00', currency: 'USD' });
    expect(started.payment).toMatchObject({ status: 'requires_action', amount: '70.00', currency: 'NGN' });
    expect((await paymentRow(started.payment.id))?.providerReference).toBe(started.payment.id);
    expect(started.action.kind).toBe('redirect');
    expect(started.action.url).toMatch(new RegExp(`^${fake.url}/checkout/[0-9a-f]+$`));
    expect(fake.transaction(started.payment.id)).toMatchObject({
      amount: 7000,
      currency: 'NGN',
      status: 'abandoned',
      customer: { email: 'user03@souk.test' },
    });
    const initialized = fake.requests.find((request) => request.path === '/transaction/initialize');
    expect(initialized?.body).toMatchObject({
      amount: '7000',
      currency: 'NGN',
      callback_url: `${test.config.publicUrl}/payments/${started.payment.id}?returned=1`,
    });
    expect(JSON.stringify(started)).not.toContain(KEYS.secretKey);

    // Not paid until Paystack says so: the payer coming back early changes nothing.
    const early = await refresh(started.payment.id);
    expect(early.body.data, early.body.message).toMatchObject({ status: 'requires_action' });
    expect(await isPromoted(itemId)).toBe(false);
    expect((await adOf(started.payment.id))?.status).toBe('awaiting_payment');
  });

  it('the payer pays on Paystack’s page, Paystack’s webhook arrives, and the promotion starts', async () => {
    const itemId = itemIds[1] as string;
    const started = await promoteByPaystack(itemId);
    const back = await payerPresses(started.action.url, 'pay');
    expect(back.status).toBe(303);
    const returned = new URL(back.location ?? '');
    expect(`${returned.origin}${returned.pathname}`).toBe(`${test.config.publicUrl}/payments/${started.payment.id}`);
    expect(returned.searchParams.get('reference')).toBe(started.payment.id);
    await paymentReaches(started.payment.id, 'succeeded');
    expect(await sourceOf(started.payment.id, 'succeeded')).toBe('webhook');
    expect(await isPromoted(itemId)).toBe(true);
    expect(await adOf(started.payment.id)).toMatchObject({ status: 'paid', phase: 'running' });
    // The payer's browser, back a moment later, finds it paid.
    expect((await refresh(started.payment.id)).body.data).toMatchObject({ status: 'succeeded', amount: '70.00' });
  });

  it('a replayed, forged or re-ordered webhook changes nothing', async () => {
    const itemId = itemIds[2] as string;
    const started = await promoteByPaystack(itemId);
    const reference = started.payment.id;
    fake.pay(reference);
    await paymentReaches(reference, 'succeeded');
    const delivered = fake.deliveries.find(
      (delivery) =>
        delivery.event.event === 'charge.success' &&
        (delivery.event.data as { reference: string }).reference === reference,
    );
    if (!delivered) throw new Error('no charge.success was delivered');
    expect(delivered.status).toBe(200);
    const changes = await changesOf(reference);

    // Paystack resends until it hears a 200: the same charge again.
    expect(await fake.sendEvent('charge.success', delivered.event.data)).toBe(200);
    // Signed by Paystack but about something that did not happen (an old refund, a failed charge): asked, it says paid.
    const transaction = fake.transaction(reference);
    expect(
      await fake.sendEvent('refund.processed', {
        status: 'processed',
        transaction_reference: reference,
        refund_reference: 'RF-NOT-REAL-01',
        amount: String(transaction.amount),
        currency: transaction.currency,
      }),
    ).toBe(200);
    expect(await fake.sendEvent('charge.failed', { ...transaction, status: 'failed' })).toBe(200);
    // Not Paystack's: another secret, a changed body, no signature.
    const failedCharge = { ...transaction, id: transaction.id + 1, status: 'failed' };
    expect(await fake.sendEvent('charge.success', failedCharge, { secret: 'sk_test_someone_else_1' })).toBe(400);
    const genuine = fake.signedEvent('charge.success', transaction);
    const tampered = await fetch(webhookUrl(), {
      method: 'POST',
      headers: genuine.headers,
      body: genuine.body.replace(String(transaction.id), String(transaction.id + 1)),
    });
    expect(tampered.status).toBe(400);
    const unsigned = await fetch(webhookUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ event: 'refund.processed', data: { transaction_reference: reference, id: 1 } }),
    });
    expect(unsigned.status).toBe(400);

    await jobsDone();
    expect((await paymentRow(reference))?.status).toBe('succeeded');
    expect(await changesOf(reference)).toBe(changes);
    expect(await isPromoted(itemId)).toBe(true);
  });

  it('a cancelled or declined payment promotes nothing, and another card then pays', async () => {
    const cancelledItem = itemIds[3] as string;
    const cancelled = await promoteByPaystack(cancelledItem);
    const back = await payerPresses(cancelled.action.url, 'cancel');
    expect(back.status).toBe(303);
    expect(new URL(back.location ?? '').pathname).toBe(`/payments/${cancelled.payment.id}`);
    expect((await refresh(cancelled.payment.id)).body.data).toMatchObject({ status: 'requires_action' });
    await jobsDone();
    expect(await isPromoted(cancelledItem)).toBe(false);
    expect((await adOf(cancelled.payment.id))?.status).toBe('awaiting_payment');

    const declinedItem = itemIds[4] as string;
    const declined = await promoteByPaystack(declinedItem);
    expect((await payerPresses(declined.action.url, 'fail')).location).toMatch(/declined=1/);
    const refreshed = await refresh(declined.payment.id);
    expect(refreshed.body.data).toMatchObject({ status: 'failed', failure_reason: 'Declined' });
    await jobsDone();
    expect(await isPromoted(declinedItem)).toBe(false);
    expect((await adOf(declined.payment.id))?.status).toBe('cancelled');

    // Paystack's page lets the payer try another card: Paystack's word that it was paid is honoured.
    await payerPresses(declined.action.url, 'pay');
    await paymentReaches(declined.payment.id, 'succeeded');
    expect(await isPromoted(declinedItem)).toBe(true);
  });

  it('a Paystack that does not answer when the payer comes back leaves the payment to the reconciliation job', async () => {
    const itemId = itemIds[5] as string;
    const started = await promoteByPaystack(itemId);
    fake.setWebhookUrl(LOST);
    try {
      fake.pay(started.payment.id);
    } finally {
      fake.setWebhookUrl(webhookUrl());
    }
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
    expect(await sourceOf(started.payment.id, 'succeeded')).toBe('reconcile');
    expect(await isPromoted(itemId)).toBe(true);
  });

  it('a refund gives the money back through Paystack and ends the promotion', async () => {
    const itemId = itemIds[1] as string;
    const ad = (await adsOfItem(itemId))[0];
    const paymentId = ad?.paymentId ?? '';
    expect(await isPromoted(itemId)).toBe(true);
    const refunded = await refund(paymentId);
    expect(refunded.body.data, refunded.body.message).toMatchObject({ status: 'refunded' });
    await jobsDone();
    expect(await isPromoted(itemId)).toBe(false);
    expect((await adOf(paymentId))?.status).toBe('refunded');
    expect(fake.refunds(paymentId)).toEqual([expect.objectContaining({ amount: 7000, status: 'processed' })]);
    expect(fake.transaction(paymentId).status).toBe('reversed');
    // Paystack's refund.processed arrives after it and changes nothing more.
    await vi.waitFor(() =>
      expect(
        fake.deliveries.some(
          (delivery) =>
            delivery.event.event === 'refund.processed' &&
            (delivery.event.data as { transaction_reference: string }).transaction_reference === paymentId,
        ),
      ).toBe(true),
    );
    await jobsDone();
    expect((await paymentRow(paymentId))?.status).toBe('refunded');
  });
});

describe('Paystack without its key in the environment', () => {
  const bare = useTestApp({ users: [3] });
  const { activeItemsOf, methodsOffered } = paymentChecks(bare);

  it('is not offered, whatever the settings say', async () => {
    await bare.db
      .update(appSettings)
      .set({ paystackEnabled: true, paystackKey: KEYS.publicKey, defaultCurrencyShortForm: 'NGN' });
    const [itemId] = await activeItemsOf(3);
    expect(await methodsOffered(String(itemId))).toEqual(['offline']);
  });
});
