import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { closeWhenFileEnds } from '../../../testing/cleanup.ts';
import { type CheckoutResult, type FakeRazorpay, startFakeRazorpay } from '../../../testing/fake-razorpay.ts';
import { type Charge, type PaymentProvider, ProviderUnavailable, WebhookRejected } from '../provider.ts';
import { createRazorpayProvider } from './razorpay.ts';

const keys = {
  keyId: 'rzp_test_Souk0123456789',
  keySecret: 'souk_key_secret_0123456789',
  webhookSecret: 'souk_webhook_secret_0123456789',
};
const INR = (minor: bigint) => ({ minor, currency: 'INR' });

let fake: FakeRazorpay;
let razorpay: PaymentProvider;
let webhooks: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeAll(async () => {
  webhooks = await startWebhookReceiver();
  fake = await startFakeRazorpay({ ...keys, webhookUrl: webhooks.url });
  razorpay = providerFor(fake.url);
});

function providerFor(apiUrl: string, keySecret = keys.keySecret) {
  return createRazorpayProvider({
    keyId: keys.keyId,
    keySecret,
    webhookSecret: keys.webhookSecret,
    apiUrl,
    timeoutMs: 300,
  });
}

let charges = 0;
function charge(change: Partial<Charge> = {}): Charge {
  charges++;
  return {
    paymentId: `payment-${charges}`,
    amount: INR(2500n),
    description: 'Souk: feature my ad for 7 days',
    payer: { userId: 'user-7', email: null },
    idempotencyKey: `start-${charges}`,
    returnUrl: `https://souk.example/payments/payment-${charges}?returned=1`,
    quantity: 1,
    ...change,
  };
}

/** A call to the fake as the Razorpay dashboard or curl would make it, with the key id and secret. */
async function razorpayApi(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${fake.url}${path}`, {
    method,
    headers: { authorization: basic(keys.keyId, keys.keySecret), 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** What the checkout frame posts when the payer presses Pay or Fail. */
async function checkoutAs(orderId: string, outcome: 'pay' | 'fail', keyId = keys.keyId) {
  const response = await fetch(`${fake.url}/v1/checkout/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key_id: keyId, order_id: orderId, outcome }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('orders through the Razorpay SDK', () => {
  it('creates an order for the exact amount, with the payment as receipt, and reads it as pending', async () => {
    const attempt = charge({ amount: INR(125050n) });
    const started = await razorpay.initiate(attempt);
    expect(started.providerReference).toMatch(/^order_[A-Za-z0-9]{14}$/);
    expect(started.clientAction).toEqual({ order_id: started.providerReference, key_id: keys.keyId });
    expect(fake.requests.findLast((request) => request.path === '/v1/orders')).toMatchObject({
      method: 'POST',
      key: 'secret',
      body: {
        amount: 125050,
        currency: 'INR',
        receipt: attempt.paymentId,
        notes: { payment_id: attempt.paymentId },
        unique_receipt: true,
      },
    });
    expect(fake.order(started.providerReference)).toMatchObject({ amount: 125050, status: 'created' });
    expect(await razorpay.status(started.providerReference)).toEqual({ state: 'pending', amount: INR(125050n) });
  });

  it('a retried start for the same payment gets the same order back', async () => {
    const attempt = charge();
    const first = await razorpay.initiate(attempt);
    expect(await razorpay.initiate(attempt)).toEqual(first);
    await expect(razorpay.initiate({ ...attempt, amount: INR(9900n) })).rejects.toThrow(
      /refused to create an order \(400\): Order receipt should be unique/,
    );
  });

  it('the payer pays: succeeded, for the amount and currency Razorpay captured', async () => {
    const started = await razorpay.initiate(charge({ amount: { minor: 9_007_199_254_740_991n, currency: 'SAR' } }));
    fake.pay(started.providerReference);
    expect(await razorpay.status(started.providerReference)).toEqual({
      state: 'succeeded',
      amount: { minor: 9_007_199_254_740_991n, currency: 'SAR' },
    });
  });

  it('a payment only authorized is captured by status, for its amount, once', async () => {
    const started = await razorpay.initiate(charge({ amount: INR(4999n) }));
    const paid = fake.pay(started.providerReference, { capture: false });
    expect(fake.payment(paid.razorpay_payment_id)).toMatchObject({ status: 'authorized', captured: false });

    expect(await razorpay.status(started.providerReference)).toEqual({ state: 'succeeded', amount: INR(4999n) });
    const captures = () => fake.requests.filter((request) => request.path.endsWith('/capture'));
    expect(captures()).toEqual([
      expect.objectContaining({
        path: `/v1/payments/${paid.razorpay_payment_id}/capture`,
        body: { amount: 4999, currency: 'INR' },
      }),
    ]);
    expect(fake.payment(paid.razorpay_payment_id)).toMatchObject({ status: 'captured', captured: true });
    expect(fake.order(started.providerReference)).toMatchObject({ status: 'paid', amount_due: 0 });

    expect(await razorpay.status(started.providerReference)).toMatchObject({ state: 'succeeded' });
    expect(captures()).toHaveLength(1);
  });

  it("a failed payment fails the charge with Razorpay's words, and paying after it succeeds", async () => {
    const started = await razorpay.initiate(charge());
    const error = fake.fail(started.providerReference, 'insufficient_funds');
    expect(error).toMatchObject({ code: 'BAD_REQUEST_ERROR', reason: 'insufficient_funds' });
    expect(await razorpay.status(started.providerReference)).toEqual({
      state: 'failed',
      amount: INR(2500n),
      failure: 'Payment failed due to insufficient balance in the account',
    });

    fake.fail(started.providerReference, 'card_declined');
    expect(await razorpay.status(started.providerReference)).toMatchObject({
      state: 'failed',
      failure: 'Your card was declined',
    });

    fake.pay(started.providerReference);
    expect(await razorpay.status(started.providerReference)).toEqual({ state: 'succeeded', amount: INR(2500n) });
  });

  it('a refund gives the captured payment back, once however often it is asked', async () => {
    const started = await razorpay.initiate(charge({ amount: INR(4000n) }));
    const { razorpay_payment_id: paymentId } = fake.pay(started.providerReference);
    await razorpay.refund(started.providerReference, INR(4000n));
    await razorpay.refund(started.providerReference, INR(4000n));

    expect(await razorpay.status(started.providerReference)).toEqual({ state: 'refunded', amount: INR(4000n) });
    expect(fake.payment(paymentId)).toMatchObject({ status: 'refunded', amount_refunded: 4000, refund_status: 'full' });
    const refunds = fake.requests.filter((request) => request.path === `/v1/payments/${paymentId}/refund`);
    expect(refunds).toEqual([expect.objectContaining({ method: 'POST', body: { amount: 4000 } })]);
  });

  it('a payment refunded already (from the dashboard) counts as refunded', async () => {
    const started = await razorpay.initiate(charge());
    const { razorpay_payment_id: paymentId } = fake.pay(started.providerReference);
    expect(await razorpay.status(started.providerReference)).toMatchObject({ state: 'succeeded' });
    expect(await razorpayApi('POST', `/v1/payments/${paymentId}/refund`, {})).toMatchObject({
      status: 200,
      body: { entity: 'refund', amount: 2500, payment_id: paymentId, status: 'processed' },
    });
    await expect(razorpay.refund(started.providerReference, INR(2500n))).resolves.toBeUndefined();
    expect(await razorpay.status(started.providerReference)).toMatchObject({ state: 'refunded' });
  });

  it('nothing captured is nothing to refund', async () => {
    const started = await razorpay.initiate(charge());
    await expect(razorpay.refund(started.providerReference, INR(2500n))).rejects.toThrow(ProviderUnavailable);
  });

  it("Razorpay's refusals are ProviderUnavailable, in Razorpay's words for the log", async () => {
    await expect(razorpay.status('order_Unknown0000000')).rejects.toThrow(
      /refused to fetch the payments of order_Unknown0000000 \(400\): The id provided does not exist/,
    );
    const wrongKey = providerFor(fake.url, 'not_our_secret_000');
    await expect(wrongKey.initiate(charge())).rejects.toThrow(
      /refused to create an order \(401\): Authentication failed/,
    );
  });
});

describe("the payer's proof from checkout", () => {
  it('accepts the signed result the checkout stand-in hands the page, and nothing tampered', async () => {
    const started = await razorpay.initiate(charge());
    const orderId = started.providerReference;
    const paid = await checkoutAs(orderId, 'pay');
    expect(paid.status).toBe(200);
    const proof = paid.body as unknown as CheckoutResult;
    expect(proof).toEqual({
      razorpay_payment_id: expect.stringMatching(/^pay_/),
      razorpay_order_id: orderId,
      razorpay_signature: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    await expect(razorpay.acceptPayerProof?.(orderId, { ...proof })).resolves.toBeUndefined();

    const other = await razorpay.initiate(charge());
    const flipped = proof.razorpay_signature.replace(/^./, (first) => (first === 'a' ? 'b' : 'a'));
    for (const [reference, tampered] of [
      [orderId, { ...proof, razorpay_payment_id: 'pay_Someone0000000' }],
      [orderId, { ...proof, razorpay_order_id: other.providerReference }],
      [other.providerReference, { ...proof }],
      [other.providerReference, { ...proof, razorpay_order_id: other.providerReference }],
      [orderId, { ...proof, razorpay_signature: flipped }],
      [orderId, { ...proof, razorpay_signature: proof.razorpay_signature.slice(2) }],
      [orderId, { razorpay_order_id: orderId, razorpay_signature: proof.razorpay_signature }],
      [orderId, { razorpay_payment_id: proof.razorpay_payment_id, razorpay_order_id: orderId }],
    ] as const) {
      await expect(razorpay.acceptPayerProof?.(reference, tampered)).rejects.toBeInstanceOf(WebhookRejected);
    }
    expect(await razorpay.status(orderId)).toMatchObject({ state: 'succeeded' });
  });

  it("a payer's failed payment in checkout carries Razorpay's error, and the order takes a payment after it", async () => {
    const started = await razorpay.initiate(charge());
    const failed = await checkoutAs(started.providerReference, 'fail');
    expect(failed).toMatchObject({
      status: 400,
      body: {
        error: {
          code: 'BAD_REQUEST_ERROR',
          description: 'Payment failed',
          metadata: { order_id: started.providerReference },
        },
      },
    });
    expect(await razorpay.status(started.providerReference)).toMatchObject({ state: 'failed' });
    expect(await checkoutAs(started.providerReference, 'pay', 'rzp_test_NotOurs')).toMatchObject({ status: 401 });
    expect(await checkoutAs(started.providerReference, 'pay')).toMatchObject({ status: 200 });
    expect(await checkoutAs(started.providerReference, 'pay')).toMatchObject({
      status: 400,
      body: { error: { description: 'Order has already been paid' } },
    });
  });
});

describe('webhooks', () => {
  it('reads the signed events Razorpay sends on capture, payment of the order, failure and refund', async () => {
    const paid = await razorpay.initiate(charge());
    fake.pay(paid.providerReference);
    for (const type of ['payment.captured', 'order.paid']) {
      const received = await webhooks.event(type, paid.providerReference);
      expect(await razorpay.readWebhook(received.body, received.headers)).toEqual({
        eventId: received.headers['x-razorpay-event-id'],
        providerReference: paid.providerReference,
        claimed: 'succeeded',
      });
    }

    const declined = await razorpay.initiate(charge());
    fake.fail(declined.providerReference);
    const failed = await webhooks.event('payment.failed', declined.providerReference);
    expect(await razorpay.readWebhook(failed.body, failed.headers)).toMatchObject({
      providerReference: declined.providerReference,
      claimed: 'failed',
    });

    await razorpay.refund(paid.providerReference, INR(2500n));
    const refunded = await webhooks.event('refund.processed', paid.providerReference);
    expect(await razorpay.readWebhook(refunded.body, refunded.headers)).toEqual({
      eventId: refunded.headers['x-razorpay-event-id'],
      providerReference: paid.providerReference,
      claimed: 'refunded',
    });
  });

  it('refuses forged, foreign, altered, unsigned and malformed events', async () => {
    const started = await razorpay.initiate(charge());
    fake.pay(started.providerReference);
    const [payment] = fake.paymentsOf(started.providerReference);
    const read = (body: string, headers: IncomingHttpHeaders) => razorpay.readWebhook(Buffer.from(body), headers);
    const genuine = fake.signedEvent('payment.captured', { payment });
    expect(await read(genuine.body, genuine.headers)).toEqual({
      eventId: genuine.id,
      providerReference: started.providerReference,
      claimed: 'succeeded',
    });

    const forged = 'f0'.repeat(32);
    const foreign = fake.signedEvent('payment.captured', { payment }, { secret: 'someone_elses_secret' });
    const notJson = 'not json';
    const signature = genuine.headers['x-razorpay-signature'];
    const refused: Array<[string, IncomingHttpHeaders]> = [
      [genuine.body, { ...genuine.headers, 'x-razorpay-signature': forged }],
      [foreign.body, foreign.headers],
      [genuine.body.replace(started.providerReference, 'order_Someone0000000'), genuine.headers],
      [genuine.body.replace('"amount":2500', '"amount":1'), genuine.headers],
      [genuine.body, { ...genuine.headers, 'x-razorpay-signature': undefined }],
      [genuine.body, { ...genuine.headers, 'x-razorpay-signature': [signature] }],
      [genuine.body, { ...genuine.headers, 'x-razorpay-event-id': undefined }],
      [notJson, { ...genuine.headers, 'x-razorpay-signature': fake.sign(notJson) }],
      ['{"payload":{}}', { ...genuine.headers, 'x-razorpay-signature': fake.sign('{"payload":{}}') }],
    ];
    for (const [body, headers] of refused) {
      await expect(read(body, headers)).rejects.toBeInstanceOf(WebhookRejected);
    }
  });

  it('a verified event about anything else is null; a partial refund still claims paid', async () => {
    const started = await razorpay.initiate(charge());
    fake.pay(started.providerReference);
    const [payment] = fake.paymentsOf(started.providerReference);
    const read = ({ body, headers }: { body: string; headers: IncomingHttpHeaders }) =>
      razorpay.readWebhook(Buffer.from(body), headers);

    expect(await read(fake.signedEvent('payment.authorized', { payment }))).toBeNull();
    expect(await read(fake.signedEvent('invoice.paid', { invoice: { id: 'inv_Souk0000000000' } }))).toBeNull();
    const elsewhere = { ...payment, order_id: null };
    expect(await read(fake.signedEvent('payment.captured', { payment: elsewhere }))).toBeNull();

    const partial = await razorpayApi('POST', `/v1/payments/${payment?.id}/refund`, { amount: 500 });
    expect(partial).toMatchObject({ status: 200, body: { amount: 500 } });
    const processed = await webhooks.event('refund.processed', started.providerReference);
    expect(await razorpay.readWebhook(processed.body, processed.headers)).toMatchObject({ claimed: 'succeeded' });
    expect(await razorpay.status(started.providerReference)).toMatchObject({ state: 'succeeded' });
  });

  it('sendEvent POSTs a signed event to the webhook URL, and a replay keeps its event id', async () => {
    const started = await razorpay.initiate(charge());
    fake.fail(started.providerReference);
    const [payment] = fake.paymentsOf(started.providerReference);
    expect(await fake.sendEvent('payment.failed', { payment }, { eventId: 'Replayed000000' })).toBe(200);
    const received = await webhooks.withId('Replayed000000');
    expect(await razorpay.readWebhook(received.body, received.headers)).toEqual({
      eventId: 'Replayed000000',
      providerReference: started.providerReference,
      claimed: 'failed',
    });
    const again = fake.deliveries.find((delivery) => delivery.id === 'Replayed000000');
    expect(again?.status).toBe(200);
  });
});

describe('when Razorpay is unavailable', () => {
  let down: FakeRazorpay;
  let provider: PaymentProvider;
  beforeAll(async () => {
    down = await startFakeRazorpay(keys);
    provider = providerFor(down.url);
  });

  it('an API that does not answer in time is ProviderUnavailable, and answers again after', async () => {
    const started = await provider.initiate(charge());
    down.pay(started.providerReference);
    down.hang();
    await expect(provider.initiate(charge())).rejects.toThrow(/did not create an order \(0\): timeout of 300ms/);
    await expect(provider.status(started.providerReference)).rejects.toBeInstanceOf(ProviderUnavailable);
    await expect(provider.refund(started.providerReference, INR(2500n))).rejects.toBeInstanceOf(ProviderUnavailable);

    down.hang(0);
    expect(await provider.status(started.providerReference)).toMatchObject({ state: 'succeeded' });
  });

  it('a capture that does not answer in time is ProviderUnavailable; the next status captures', async () => {
    const started = await provider.initiate(charge());
    down.pay(started.providerReference, { capture: false });
    down.hang(Number.POSITIVE_INFINITY, /\/capture$/);
    await expect(provider.status(started.providerReference)).rejects.toThrow(/did not capture pay_\w+ \(0\)/);
    down.hang(0);
    expect(await provider.status(started.providerReference)).toMatchObject({ state: 'succeeded' });
  });

  it('a server error is ProviderUnavailable', async () => {
    const started = await provider.initiate(charge());
    down.failRequests(1, 503);
    await expect(provider.status(started.providerReference)).rejects.toThrow(
      /Razorpay did not fetch the payments of order_\w+ \(503\): The server encountered an error/,
    );
    expect(await provider.status(started.providerReference)).toMatchObject({ state: 'pending' });
  });

  it('nothing listening is ProviderUnavailable', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    await expect(providerFor(`http://127.0.0.1:${port}`).initiate(charge())).rejects.toThrow(
      /Razorpay did not create an order \(0\): .*ECONNREFUSED/,
    );
  });
});

describe('the fake speaks Razorpay to whoever calls it', () => {
  it('wants Basic auth with the key id and secret, and answers in the error envelope', async () => {
    for (const authorization of ['', basic(keys.keyId, 'wrong'), `Bearer ${keys.keySecret}`]) {
      const response = await fetch(`${fake.url}/v1/orders`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: '{"amount":100,"currency":"INR"}',
      });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        error: {
          code: 'BAD_REQUEST_ERROR',
          description: 'Authentication failed',
          source: 'NA',
          step: 'NA',
          reason: 'NA',
          metadata: {},
        },
      });
    }
    expect(await razorpayApi('GET', '/v1/nothing/here')).toMatchObject({
      status: 400,
      body: { error: { description: 'The requested URL was not found on the server.' } },
    });
    expect(await razorpayApi('POST', '/v1/orders', { amount: 2500, currency: 'INR', recipt: 'typo' })).toMatchObject({
      status: 400,
      body: { error: { description: 'recipt is/are not required and should not be sent', reason: 'extra_field_sent' } },
    });
  });

  it("takes curl's form-encoded orders, and replays a refund under the same X-Refund-Idempotency", async () => {
    const created = await fetch(`${fake.url}/v1/orders`, {
      method: 'POST',
      headers: { authorization: basic(keys.keyId, keys.keySecret) },
      body: new URLSearchParams({ amount: '5000', currency: 'INR', receipt: 'rcpt-1', 'notes[purpose]': 'test' }),
    });
    const order = (await created.json()) as { id: string; notes: unknown };
    expect(order.notes).toEqual({ purpose: 'test' });
    const { razorpay_payment_id: paymentId } = fake.pay(order.id);

    const idempotency = { 'x-refund-idempotency': 'souk-refund-0001' };
    const first = await razorpayApi('POST', `/v1/payments/${paymentId}/refund`, { amount: 1000 }, idempotency);
    const again = await razorpayApi('POST', `/v1/payments/${paymentId}/refund`, { amount: 1000 }, idempotency);
    expect(again).toEqual(first);
    expect(fake.payment(paymentId)).toMatchObject({ amount_refunded: 1000, refund_status: 'partial' });
    expect(await razorpayApi('POST', `/v1/payments/${paymentId}/refund`, { amount: 2000 }, idempotency)).toMatchObject({
      status: 400,
      body: { error: { description: 'Different request with the same idempotency key has already been processed.' } },
    });
  });

  it('serves the checkout.js stand-in and its modal frame, showing the order as Razorpay holds it', async () => {
    const script = await fetch(fake.checkoutUrl);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect(await script.text()).toContain('window.Razorpay = Razorpay');

    const started = await razorpay.initiate(charge({ amount: INR(125050n) }));
    const frame = (query: Record<string, string>) =>
      fetch(`${fake.url}/v1/checkout/public?${new URLSearchParams(query)}`).then((response) => response.text());
    const page = await frame({ key_id: keys.keyId, order_id: started.providerReference, name: 'Souk <Ads>' });
    expect(page).toContain('<h1 id="merchant">Souk &#60;Ads&#62;</h1>');
    expect(page).toContain('<button type="button" id="pay">Pay ₹1,250.50</button>');
    const foreign = await frame({ key_id: 'rzp_test_NotOurs', order_id: started.providerReference });
    expect(foreign).toContain('The api key provided is invalid');
    expect(foreign).not.toContain('id="pay"');
  });
});

/** The app's side of webhooks: takes every POST as Razorpay sends it, raw body and headers. */
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
  const waitFor = (what: string, matches: (delivery: (typeof received)[number]) => boolean) =>
    vi.waitFor(() => {
      const found = received.find(matches);
      if (!found) throw new Error(`no ${what} yet`);
      return found;
    });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/razorpay`,
    /** Waits for the event of `type` about the order `orderId`. */
    event: (type: string, orderId: string) =>
      waitFor(`${type} about ${orderId}`, ({ body }) => {
        const event = JSON.parse(body.toString()) as {
          event: string;
          payload: { payment?: { entity: { order_id: string } } };
        };
        return event.event === type && event.payload.payment?.entity.order_id === orderId;
      }),
    /** Waits for the event with this X-Razorpay-Event-Id. */
    withId: (eventId: string) =>
      waitFor(`event ${eventId}`, ({ headers }) => headers['x-razorpay-event-id'] === eventId),
  };
}
