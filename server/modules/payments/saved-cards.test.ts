import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../../testing/fake-stripe.ts';
import { paymentChecks } from '../../testing/payment-checks.ts';
import { appSettings, paymentCustomers } from '../../testing/tables.ts';
import { useTestApp } from '../../testing/use-test-app.ts';

const KEYS = {
  secretKey: 'sk_test_souk_cards_1',
  publishableKey: 'pk_test_souk_cards_1',
  webhookSecret: 'whsec_souk_cards_1',
};
let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe(KEYS);
});
const test = useTestApp({
  users: [1, 2, 3, 4, 5],
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

const OWNER = { name: 'Nora Saleh', email: 'nora@souk.test', phone: '+966500000001' };
const ADDRESS = { 'address.line1': '12 King Fahd Road', 'address.line2': 'Flat 4', 'address.city': 'Riyadh' };

beforeAll(async () => {
  fake.setWebhookUrl(`${test.baseUrl}/api/v1/webhooks/stripe`);
  await db.update(appSettings).set({ stripeEnabled: true, stripePublishableKey: KEYS.publishableKey });
});

type Setup = { setup_id: string; client_secret: string };
type Card = { id: string; last4: string; holder_name: string | null };
const setupIn = (answer: { body: { data: unknown } }) => answer.body.data as Setup;
const cardsIn = (answer: { body: { data: unknown } }) => (answer.body.data as { cards: Card[] }).cards;

const cardsOf = (user: number) => test.call('GET', '/payment-cards', test.token(user));
const startSetup = (user: number, body: Record<string, unknown> = {}) =>
  test.call('POST', '/payment-cards/setups', test.token(user), body);
const finish = (user: number, setupId: string) =>
  test.call('POST', `/payment-cards/setups/${setupId}/finish`, test.token(user));
const customerOf = async (user: number) =>
  (
    await db
      .select()
      .from(paymentCustomers)
      .where(eq(paymentCustomers.userId, `demo-user-0${user}`))
  )[0]?.customerId;

/** Saves a card as the payer's browser does: start, Stripe.js confirms in Stripe's fields, finish. */
async function saveCard(user: number, number = '4242424242424242', billing: Record<string, string> = OWNER) {
  const started = await startSetup(user);
  expect(started.status, started.body.message).toBe(201);
  const confirmed = await fake.saveCard(setupIn(started).client_secret, number, { ...billing, ...ADDRESS });
  expect(confirmed.status).toBe(200);
  const finished = await finish(user, setupIn(started).setup_id);
  expect(finished.status, finished.body.message).toBe(200);
  return cardsIn(finished);
}

describe('saved cards (card entry and card update)', () => {
  it('saves a card at Stripe through its own fields: the server keeps only whose customer it is', async () => {
    expect((await cardsOf(1)).body.data).toMatchObject({ enabled: true, cards: [], max: 10 });
    const started = await startSetup(1);
    expect(started.body.data).toMatchObject({ publishable_key: KEYS.publishableKey, js_url: fake.jsUrl });
    expect(JSON.stringify(started.body)).not.toContain(KEYS.secretKey);
    await fake.saveCard(setupIn(started).client_secret, '4242424242424242', { ...OWNER, ...ADDRESS });
    const finished = await finish(1, setupIn(started).setup_id);
    expect(cardsIn(finished)).toEqual([
      {
        id: expect.stringMatching(/^pm_/),
        brand: 'visa',
        last4: '4242',
        expiry: expect.stringMatching(/^12\/\d\d$/),
        holder_name: OWNER.name,
      },
    ]);
    const customerId = await customerOf(1);
    expect(fake.customer(customerId ?? '')).toMatchObject({ metadata: { user_id: 'demo-user-01' } });
    const stored = JSON.stringify(await db.select().from(paymentCustomers));
    expect(stored).not.toContain('4242');
    expect(cardsIn(await cardsOf(1))).toHaveLength(1);
  });

  it('a card the bank declines is not saved, and finishing says so', async () => {
    const before = cardsIn(await cardsOf(2)).length;
    const started = await startSetup(2);
    const declined = await fake.saveCard(setupIn(started).client_secret, '4000000000000002', OWNER);
    expect(declined.status).toBe(402);
    const finished = await finish(2, setupIn(started).setup_id);
    expect(finished.status).toBe(409);
    expect(finished.body.message).toBe('The card was not saved yet. Enter it again in the card form.');
    expect(cardsIn(await cardsOf(2))).toHaveLength(before);
  });

  it('the card update puts a new card in the old one’s place, with its owner’s address and the new name', async () => {
    const [old] = await saveCard(3);
    const started = await startSetup(3, { replaces: old?.id });
    expect(started.status).toBe(201);
    await fake.saveCard(setupIn(started).client_secret, '5555555555554444', { name: 'Nora S. Saleh' });
    const finished = await finish(3, setupIn(started).setup_id);
    expect(cardsIn(finished)).toEqual([expect.objectContaining({ last4: '4444', holder_name: 'Nora S. Saleh' })]);
    const [saved] = fake.savedCards((await customerOf(3)) ?? '');
    expect(saved?.billing_details).toMatchObject({ email: OWNER.email, address: { line1: '12 King Fahd Road' } });
    // Finishing again changes nothing more.
    expect(cardsIn(await finish(3, setupIn(started).setup_id))).toEqual(cardsIn(finished));
  });

  it('removes a card at Stripe', async () => {
    const cards = await saveCard(4, '5555555555554444');
    const removed = await test.call('DELETE', `/payment-cards/${cards[0]?.id}`, test.token(4));
    expect(removed.status).toBe(200);
    expect(cardsIn(removed)).toEqual(cards.slice(1));
    expect(fake.savedCards((await customerOf(4)) ?? '')).toHaveLength(cards.length - 1);
  });

  it('nobody reaches another account’s cards or savings; visitors reach none', async () => {
    const [card] = cardsIn(await cardsOf(1));
    const mine = await startSetup(1);
    expect((await test.call('DELETE', `/payment-cards/${card?.id}`, test.token(2))).status).toBe(404);
    expect((await startSetup(2, { replaces: card?.id })).status).toBe(404);
    expect((await finish(2, setupIn(mine).setup_id)).status).toBe(404);
    expect((await test.call('GET', '/payment-cards')).status).toBe(401);
    expect((await test.call('POST', '/payment-cards/setups', undefined, {})).status).toBe(401);
    expect((await test.call('DELETE', '/payment-cards/pm_x', test.token(1))).status).toBe(404);
    expect((await test.call('DELETE', '/payment-cards/not-a-card', test.token(1))).status).toBe(400);
    expect(cardsIn(await cardsOf(1))).toHaveLength(1);
  });

  it('a saved card pays for a promotion; another account’s saved card cannot pay it', async () => {
    const [mine] = cardsIn(await cardsOf(3));
    const [theirs] = cardsIn(await cardsOf(1));
    const [itemId] = await checks.activeItemsOf(3);
    const started = await checks.promote<Record<string, string>>('stripe', itemId as string);
    const reference = (await checks.paymentRow(started.payment.id))?.providerReference ?? '';
    expect(fake.paymentIntent(reference).customer).toBe(await customerOf(3));
    const clientSecret = started.action.client_secret as string;
    expect((await fake.payWithSavedCard(clientSecret, theirs?.id ?? '')).status).toBe(400);
    expect((await fake.payWithSavedCard(clientSecret, mine?.id ?? '')).status).toBe(200);
    await checks.paymentReaches(started.payment.id, 'succeeded');
    expect(await checks.isPromoted(itemId as string)).toBe(true);
  });

  it('keeps at most ten cards, and starts few savings an hour per account', async () => {
    await saveCard(5);
    const customerId = (await customerOf(5)) ?? '';
    for (let count = 1; count < 10; count++) await saveAtStripe(customerId);
    const full = await startSetup(5);
    expect(full.status).toBe(409);
    expect(full.body.message).toBe('You can save up to 10 cards. Remove one before you add another.');
    const [card] = cardsIn(await cardsOf(5));
    const answers: number[] = [];
    for (let count = 0; count < 12; count++) answers.push((await startSetup(5, { replaces: card?.id })).status);
    expect(answers.filter((status) => status === 201).length).toBeLessThan(answers.length);
    expect(answers.at(-1)).toBe(429);
  });

  it('a deactivated account’s customer, and its cards, are deleted at Stripe', async () => {
    const customerId = (await customerOf(2)) ?? '';
    await saveCard(2);
    expect((await test.call('POST', '/users/me/deactivate', test.token(2))).status).toBe(200);
    await jobsDone();
    await vi.waitFor(() => expect(fake.customer(customerId)?.deleted).toBe(true));
    expect(await customerOf(2)).toBeUndefined();
  });

  it('a card provider that does not answer changes nothing: 503', async () => {
    fake.failRequests(4);
    const answer = await cardsOf(1);
    fake.failRequests(0);
    expect(answer.status).toBe(503);
    expect(cardsIn(await cardsOf(1))).toHaveLength(1);
  });

  it('offers nothing while card payment is off', async () => {
    await db.update(appSettings).set({ stripeEnabled: false });
    try {
      expect((await cardsOf(1)).body.data).toMatchObject({ enabled: false, cards: [], max: 10, publishable_key: '' });
      expect((await startSetup(1)).status).toBe(400);
    } finally {
      await db.update(appSettings).set({ stripeEnabled: true });
    }
  });
});

/** A card saved straight at Stripe (as from its dashboard), past this server's hourly limit of savings. */
async function saveAtStripe(customerId: string) {
  const response = await fetch(`${fake.url}/v1/setup_intents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEYS.secretKey}` },
    body: new URLSearchParams({ customer: customerId, usage: 'on_session' }),
  });
  const setup = (await response.json()) as { client_secret: string };
  expect((await fake.saveCard(setup.client_secret, '4242424242424242')).status).toBe(200);
}
