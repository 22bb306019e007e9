import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { closeWhenFileEnds } from '../../../testing/cleanup.ts';
import { type FakeStripe, startFakeStripe } from '../../../testing/fake-stripe.ts';
import {
  type Charge,
  type Initiated,
  type PaymentProvider,
  ProviderUnavailable,
  WebhookRejected,
} from '../provider.ts';
import { createStripeProvider } from './stripe.ts';

const keys = {
  secretKey: 'sk_test_souk_0123456789',
  publishableKey: 'pk_test_souk_0123456789',
  webhookSecret: 'whsec_souk_0123456789',
};
const SAR = (minor: bigint) => ({ minor, currency: 'SAR' });

let fake: FakeStripe;
let stripe: PaymentProvider;
let webhooks: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeAll(async () => {
  webhooks = await startWebhookReceiver();
  fake = await startFakeStripe({ ...keys, webhookUrl: webhooks.url });
  stripe = providerFor(fake.url);
});

/** `timeoutMs` short only where the API is made to hang: a loaded CI machine can take longer to answer. */
function providerFor(apiUrl: string, change: { secretKey?: string; timeoutMs?: number } = {}) {
  return createStripeProvider({ secretKey: keys.secretKey, webhookSecret: keys.webhookSecret, apiUrl, ...change });
}

let charges = 0;
function charge(change: Partial<Charge> = {}): Charge {
  charges++;
  return {
    paymentId: `payment-${charges}`,
    amount: SAR(2500n),
    description: 'Souk: feature my ad for 7 days',
    payer: { userId: 'user-7', email: null },
    idempotencyKey: `start-${charges}`,
    returnUrl: 'http://souk.test/payments/return',
    quantity: 1,
    ...change,
  };
}

const secretOf = (started: Initiated) => started.clientAction.client_secret ?? '';

/** A POST to the fake with the secret key, as the Stripe dashboard or another server would make. */
async function stripeApi(path: string, form: Record<string, string>) {
  const response = await fetch(`${fake.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${keys.secretKey}` },
    body: new URLSearchParams(form),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('charges through the Stripe SDK', () => {
  it('starts a PaymentIntent for the amount, sent form-encoded with the secret key, and reads it as pending', async () => {
    const started = await stripe.initiate(charge({ amount: SAR(125050n) }));
    expect(started.providerReference).toMatch(/^pi_/);
    expect(secretOf(started)).toMatch(new RegExp(`^${started.providerReference}_secret_`));
    expect(fake.requests.find((request) => request.path === '/v1/payment_intents')).toMatchObject({
      method: 'POST',
      key: 'secret',
      idempotencyKey: `start-${charges}`,
      params: {
        amount: '125050',
        currency: 'sar',
        description: 'Souk: feature my ad for 7 days',
        metadata: { payment_id: `payment-${charges}`, user_id: 'user-7' },
        allowed_payment_method_types: { 0: 'card' },
      },
    });
    expect(await stripe.status(started.providerReference)).toEqual({ state: 'pending', amount: SAR(125050n) });
  });

  it('a card that pays makes the charge succeeded, for the amount Stripe holds', async () => {
    const started = await stripe.initiate(charge({ amount: SAR(9900n) }));
    const paid = await fake.payWithCard(secretOf(started), '4242 4242 4242 4242');
    expect(paid).toMatchObject({ status: 200, body: { id: started.providerReference, status: 'succeeded' } });
    expect(await stripe.status(started.providerReference)).toEqual({ state: 'succeeded', amount: SAR(9900n) });
  });

  it('a declined card leaves the charge open for another card, which then pays', async () => {
    const declined = await stripe.initiate(charge());
    const answer = await fake.payWithCard(secretOf(declined), '4000000000000002');
    expect(answer).toMatchObject({
      status: 402,
      body: { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } },
    });
    expect(await stripe.status(declined.providerReference)).toEqual({ state: 'pending', amount: SAR(2500n) });

    const poor = await stripe.initiate(charge());
    await fake.payWithCard(secretOf(poor), '4000000000009995');
    expect(await stripe.status(poor.providerReference)).toMatchObject({ state: 'pending' });
    await fake.payWithCard(secretOf(poor), '4242424242424242');
    expect(await stripe.status(poor.providerReference)).toMatchObject({ state: 'succeeded' });
  });

  it('a canceled PaymentIntent is failed, with the reason', async () => {
    const started = await stripe.initiate(charge());
    const canceled = await stripeApi(`/v1/payment_intents/${started.providerReference}/cancel`, {
      cancellation_reason: 'abandoned',
    });
    expect(canceled).toMatchObject({ status: 200, body: { status: 'canceled' } });
    expect(await stripe.status(started.providerReference)).toMatchObject({ state: 'failed', failure: 'abandoned' });
  });

  it('a retried start with the same idempotency key gets the same PaymentIntent, and Stripe refuses other terms under it', async () => {
    const attempt = charge();
    const first = await stripe.initiate(attempt);
    const retried = await stripe.initiate(attempt);
    expect(retried).toEqual(first);
    expect(fake.requests.filter((request) => request.idempotencyKey === attempt.idempotencyKey)).toHaveLength(2);

    const another = await stripe.initiate(charge());
    expect(another.providerReference).not.toBe(first.providerReference);

    const changed = stripe.initiate({ ...attempt, amount: SAR(1n) });
    await expect(changed).rejects.toBeInstanceOf(ProviderUnavailable);
    await expect(changed).rejects.toThrow(/Keys for idempotent requests can only be used with the same parameters/);
  });

  it('a refund gives the whole charge back once, however often it is asked', async () => {
    const started = await stripe.initiate(charge({ amount: SAR(4000n) }));
    const intent = fake.succeed(started.providerReference);
    await stripe.refund(started.providerReference, SAR(4000n));
    await stripe.refund(started.providerReference, SAR(4000n));
    expect(await stripe.status(started.providerReference)).toEqual({ state: 'refunded', amount: SAR(4000n) });
    expect(fake.charge(intent.latest_charge ?? '')).toMatchObject({ amount_refunded: 4000, refunded: true });
  });

  it('a charge refunded already (from the dashboard) counts as refunded', async () => {
    const started = await stripe.initiate(charge());
    fake.succeed(started.providerReference);
    expect(await stripeApi('/v1/refunds', { payment_intent: started.providerReference })).toMatchObject({
      status: 200,
    });
    await expect(stripe.refund(started.providerReference, SAR(2500n))).resolves.toBeUndefined();
    expect(await stripe.status(started.providerReference)).toMatchObject({ state: 'refunded' });
  });
});

describe('webhooks', () => {
  it('reads the signed events Stripe sends on payment, decline and refund', async () => {
    const paid = await stripe.initiate(charge());
    await fake.payWithCard(secretOf(paid), '4242424242424242');
    const succeeded = await webhooks.event('payment_intent.succeeded', paid.providerReference);
    expect(await stripe.readWebhook(succeeded.body, succeeded.headers)).toEqual({
      eventId: succeeded.id,
      providerReference: paid.providerReference,
      claimed: 'succeeded',
    });

    const declined = await stripe.initiate(charge());
    await fake.payWithCard(secretOf(declined), '4000000000000002');
    const failed = await webhooks.event('payment_intent.payment_failed', declined.providerReference);
    expect(await stripe.readWebhook(failed.body, failed.headers)).toMatchObject({ claimed: 'failed' });

    await stripe.refund(paid.providerReference, SAR(2500n));
    const refunded = await webhooks.event('charge.refunded', paid.providerReference);
    expect(await stripe.readWebhook(refunded.body, refunded.headers)).toEqual({
      eventId: refunded.id,
      providerReference: paid.providerReference,
      claimed: 'refunded',
    });
  });

  it('refuses forged, foreign, late, altered and unsigned events', async () => {
    const started = await stripe.initiate(charge());
    const intent = fake.succeed(started.providerReference);
    const read = (body: string, headers: Record<string, string | string[] | undefined>) =>
      stripe.readWebhook(Buffer.from(body), headers);
    const genuine = fake.signedEvent('payment_intent.succeeded', intent);
    expect(await read(genuine.body, genuine.headers)).toMatchObject({
      eventId: genuine.event.id,
      claimed: 'succeeded',
    });

    const forged = genuine.headers['stripe-signature'].replace(/v1=\w+/, `v1=${'0f'.repeat(32)}`);
    const foreign = fake.signedEvent('payment_intent.succeeded', intent, { secret: 'whsec_someone_else' });
    const late = fake.signedEvent('payment_intent.succeeded', intent, { at: new Date(Date.now() - 301_000) });
    const notJson = 'not json';
    const refused: Array<[string, Record<string, string | string[] | undefined>]> = [
      [genuine.body, { ...genuine.headers, 'stripe-signature': forged }],
      [foreign.body, foreign.headers],
      [late.body, late.headers],
      [genuine.body.replace(started.providerReference, 'pi_someone_else'), genuine.headers],
      [genuine.body, { ...genuine.headers, 'stripe-signature': undefined }],
      [genuine.body, { ...genuine.headers, 'stripe-signature': [genuine.headers['stripe-signature']] }],
      [notJson, { 'stripe-signature': fake.sign(notJson) }],
    ];
    for (const [body, headers] of refused) {
      await expect(read(body, headers)).rejects.toBeInstanceOf(WebhookRejected);
    }

    const lateButTolerated = fake.signedEvent('payment_intent.succeeded', intent, {
      at: new Date(Date.now() - 290_000),
    });
    expect(await read(lateButTolerated.body, lateButTolerated.headers)).toMatchObject({ claimed: 'succeeded' });
  });

  it('a verified event about anything else is null; a partial refund still claims paid', async () => {
    const customer = fake.signedEvent('customer.created', { id: 'cus_1', object: 'customer' });
    expect(await stripe.readWebhook(Buffer.from(customer.body), customer.headers)).toBeNull();

    const started = await stripe.initiate(charge());
    const intent = fake.succeed(started.providerReference);
    const paidCharge = fake.charge(intent.latest_charge ?? '');
    const chargeEvent = fake.signedEvent('charge.succeeded', paidCharge);
    expect(await stripe.readWebhook(Buffer.from(chargeEvent.body), chargeEvent.headers)).toBeNull();

    const partial = fake.signedEvent('charge.refunded', { ...paidCharge, amount_refunded: 100, refunded: false });
    expect(await stripe.readWebhook(Buffer.from(partial.body), partial.headers)).toEqual({
      eventId: partial.event.id,
      providerReference: started.providerReference,
      claimed: 'succeeded',
    });
  });

  it('sendEvent POSTs a signed event to the webhook URL and gives the answer', async () => {
    const status = await fake.sendEvent('customer.created', { id: 'cus_2', object: 'customer' });
    expect(status).toBe(200);
    const received = await webhooks.event('customer.created', 'cus_2');
    expect(await stripe.readWebhook(received.body, received.headers)).toBeNull();
  });
});

describe('when Stripe is unavailable', () => {
  let down: FakeStripe;
  let provider: PaymentProvider;
  beforeAll(async () => {
    down = await startFakeStripe(keys);
    provider = providerFor(down.url);
  });

  it('an API that does not answer in time is ProviderUnavailable, after one retry under the same key', async () => {
    const started = await provider.initiate(charge());
    down.succeed(started.providerReference);
    const impatient = providerFor(down.url, { timeoutMs: 400 });
    down.hang();
    const before = down.requests.length;
    const attempt = charge();
    await expect(impatient.initiate(attempt)).rejects.toBeInstanceOf(ProviderUnavailable);
    const attempts = down.requests.slice(before);
    expect(attempts.map((request) => request.idempotencyKey)).toEqual([attempt.idempotencyKey, attempt.idempotencyKey]);
    await expect(impatient.status(started.providerReference)).rejects.toThrow(ProviderUnavailable);
    await expect(impatient.refund(started.providerReference, SAR(2500n))).rejects.toThrow(ProviderUnavailable);

    down.hang(0);
    expect(await provider.status(started.providerReference)).toMatchObject({ state: 'succeeded' });
  });

  it('a server error is ProviderUnavailable; a single one is retried away', async () => {
    const started = await provider.initiate(charge());
    down.failRequests(2, 503);
    await expect(provider.status(started.providerReference)).rejects.toThrow(/Stripe did not retrieve/);
    down.failRequests(1, 500);
    expect(await provider.status(started.providerReference)).toMatchObject({ state: 'pending' });
  });

  it("Stripe's refusals are ProviderUnavailable with Stripe's words, for the log", async () => {
    const wrongKey = providerFor(down.url, { secretKey: 'sk_test_not_ours_0000' });
    await expect(wrongKey.initiate(charge())).rejects.toThrow(/refused.*\(401\): Invalid API Key provided: sk_test_/);
    await expect(provider.status('pi_unknown')).rejects.toThrow(/No such payment_intent: 'pi_unknown'/);
  });

  it('nothing listening is ProviderUnavailable', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    await expect(providerFor(`http://127.0.0.1:${port}`).initiate(charge())).rejects.toThrow(ProviderUnavailable);
  });
});

describe('the fake speaks Stripe to whoever calls it', () => {
  it('wants a key, keeps the publishable key to the client secret, and answers in the error envelope', async () => {
    const none = await fetch(`${fake.url}/v1/payment_intents`, { method: 'POST', body: 'amount=100&currency=sar' });
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ error: { type: 'invalid_request_error' } });

    const started = await stripe.initiate(charge());
    const asBrowser = (query: string) =>
      fetch(`${fake.url}/v1/payment_intents/${started.providerReference}${query}`, {
        headers: { authorization: `Bearer ${keys.publishableKey}` },
      });
    expect((await asBrowser('')).status).toBe(400);
    expect((await asBrowser(`?client_secret=${secretOf(started)}`)).status).toBe(200);
    const create = await fetch(`${fake.url}/v1/payment_intents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${keys.publishableKey}` },
      body: 'amount=100&currency=sar',
    });
    expect(create.status).toBe(401);
  });

  it('serves the Stripe.js stand-in and its card frame', async () => {
    const script = await fetch(fake.jsUrl);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect(await script.text()).toContain('window.Stripe = Stripe');
    const frame = await fetch(`${fake.url}/elements/card?id=a&type=card&key=${keys.publishableKey}&origin=x&locale=ar`);
    expect(await frame.text()).toMatch(/<label for="number">رقم البطاقة<\/label>[\s\S]*<label for="cvc">/);
  });
});

/** The app's side of webhooks: takes every POST as Stripe sends it, raw body and headers. */
async function startWebhookReceiver() {
  const received: Array<{ body: Buffer; headers: IncomingHttpHeaders }> = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ body: Buffer.concat(chunks), headers: request.headers });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closeWhenFileEnds(() => new Promise((resolve) => server.close(resolve)));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/stripe`,
    /** Waits for the event of `type` about `id` (the object's id, or the PaymentIntent of a charge). */
    event: (type: string, id: string) =>
      vi.waitFor(() => {
        const found = received.find(({ body }) => {
          const event = JSON.parse(body.toString()) as { type: string; data: { object: Record<string, unknown> } };
          return event.type === type && [event.data.object.id, event.data.object.payment_intent].includes(id);
        });
        if (!found) throw new Error(`no ${type} about ${id} yet`);
        return { ...found, id: (JSON.parse(found.body.toString()) as { id: string }).id };
      }),
  };
}
