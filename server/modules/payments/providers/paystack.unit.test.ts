import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { closeWhenFileEnds } from '../../../testing/cleanup.ts';
import { type FakePaystack, startFakePaystack } from '../../../testing/fake-paystack.ts';
import {
  type Charge,
  type Initiated,
  type PaymentProvider,
  ProviderUnavailable,
  WebhookRejected,
} from '../provider.ts';
import { createPaystackProvider } from './paystack.ts';

const secretKey = 'sk_test_souk_paystack_0123456789';
const NGN = (minor: bigint) => ({ minor, currency: 'NGN' });

let fake: FakePaystack;
let paystack: PaymentProvider;
let webhooks: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeAll(async () => {
  webhooks = await startWebhookReceiver();
  fake = await startFakePaystack({ secretKey, webhookUrl: webhooks.url });
  paystack = providerFor(fake.url);
});

function providerFor(apiUrl: string, key = secretKey) {
  return createPaystackProvider({ secretKey: key, apiUrl, timeoutMs: 300 });
}

function charge(change: Partial<Charge> = {}): Charge {
  const paymentId = change.paymentId ?? randomUUID();
  return {
    paymentId,
    amount: NGN(250_075n),
    description: 'Souk: feature my ad for 7 days',
    payer: { userId: 'user-7', email: 'payer@souk.test' },
    idempotencyKey: paymentId,
    returnUrl: `https://souk.test/payments/${paymentId}?returned=1`,
    quantity: 1,
    ...change,
  };
}

const checkoutOf = (started: Initiated) => started.clientAction.authorization_url ?? '';

/** What the payer's browser does on Paystack's page: finds the button's form and submits it. */
async function clickOnCheckout(authorizationUrl: string, button: 'Pay' | 'Fail' | 'Cancel') {
  const html = await (await fetch(authorizationUrl)).text();
  const forms = html.matchAll(/<form method="post" action="([^"]+)"><button type="submit">([^<]+)<\/button><\/form>/g);
  const form = [...forms].find(([, , label]) => label === button);
  if (!form) throw new Error(`no ${button} button on ${authorizationUrl}`);
  const response = await fetch(new URL(form[1] ?? '', authorizationUrl), { method: 'POST', redirect: 'manual' });
  return { status: response.status, location: new URL(response.headers.get('location') ?? '', authorizationUrl) };
}

/** A call to the fake as another system (the dashboard, a curl) would make it. */
async function paystackApi(path: string, init: RequestInit = {}) {
  const response = await fetch(`${fake.url}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${secretKey}`, 'content-type': 'application/json', ...init.headers },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("charges through Paystack's REST API", () => {
  it('initializes a transaction under the payment id, with the secret key, and reads a new one as pending', async () => {
    const attempt = charge({ amount: NGN(125_050n) });
    const started = await paystack.initiate(attempt);
    expect(started).toEqual({
      providerReference: attempt.paymentId,
      clientAction: {
        authorization_url: expect.stringMatching(new RegExp(`^${fake.url}/checkout/\\w+$`)),
        access_code: checkoutOf(started).split('/').at(-1),
        reference: attempt.paymentId,
      },
    });
    expect(fake.requests.find((request) => request.path === '/transaction/initialize')).toMatchObject({
      method: 'POST',
      authorized: true,
      body: {
        email: 'payer@souk.test',
        amount: '125050',
        currency: 'NGN',
        reference: attempt.paymentId,
        callback_url: attempt.returnUrl,
        metadata: { payment_id: attempt.paymentId, cancel_action: attempt.returnUrl },
      },
    });
    expect(fake.transaction(attempt.paymentId)).toMatchObject({ status: 'abandoned', amount: 125_050 });
    expect(await paystack.status(started.providerReference)).toEqual({ state: 'pending', amount: NGN(125_050n) });
  });

  it('cannot start a charge for a payer without an e-mail address, and says so', async () => {
    const before = fake.requests.length;
    const start = paystack.initiate(charge({ payer: { userId: 'user-9', email: null } }));
    await expect(start).rejects.toBeInstanceOf(ProviderUnavailable);
    await expect(start).rejects.toThrow(/e-mail address .* user user-9 has none/);
    expect(fake.requests).toHaveLength(before);
  });

  it('the payer pays on the checkout page, comes back with the reference, and the charge succeeded exactly', async () => {
    const attempt = charge({ amount: NGN(987_654_321n) });
    const started = await paystack.initiate(attempt);
    const back = await clickOnCheckout(checkoutOf(started), 'Pay');
    expect(back.status).toBe(303);
    expect(back.location.origin + back.location.pathname).toBe(`https://souk.test/payments/${attempt.paymentId}`);
    expect(Object.fromEntries(back.location.searchParams)).toEqual({
      returned: '1',
      trxref: attempt.paymentId,
      reference: attempt.paymentId,
    });
    expect(await paystack.status(started.providerReference)).toEqual({ state: 'succeeded', amount: NGN(987_654_321n) });
    expect(await (await fetch(checkoutOf(started))).text()).toContain('This transaction has been completed.');
  });

  it("a declined card fails the charge in Paystack's words, shown on the page, and the payer may pay after it", async () => {
    const started = await paystack.initiate(charge());
    const declined = await clickOnCheckout(checkoutOf(started), 'Fail');
    expect(declined.status).toBe(303);
    expect(await (await fetch(declined.location)).text()).toContain(
      '<p role="alert">Declined. Try another card, or cancel.</p>',
    );
    expect(await paystack.status(started.providerReference)).toEqual({
      state: 'failed',
      amount: NGN(250_075n),
      failure: 'Declined',
    });

    await clickOnCheckout(checkoutOf(started), 'Pay');
    expect(await paystack.status(started.providerReference)).toMatchObject({ state: 'succeeded' });
  });

  it('a payer who cancels is sent back to the return URL, and the charge stays open as Paystack keeps it', async () => {
    const attempt = charge();
    const started = await paystack.initiate(attempt);
    const back = await clickOnCheckout(checkoutOf(started), 'Cancel');
    expect(back).toEqual({ status: 303, location: new URL(attempt.returnUrl) });
    expect(fake.transaction(attempt.paymentId).status).toBe('abandoned');
    expect(await paystack.status(started.providerReference)).toMatchObject({ state: 'pending' });
  });

  it("reads Paystack's statuses of a charge on its way as pending, and a reversal without a refund as failed", async () => {
    const started = await paystack.initiate(charge());
    for (const status of ['ongoing', 'pending', 'processing', 'queued', 'abandoned'] as const) {
      fake.setStatus(started.providerReference, status);
      expect(await paystack.status(started.providerReference)).toEqual({ state: 'pending', amount: NGN(250_075n) });
    }
    fake.pay(started.providerReference);
    fake.setStatus(started.providerReference, 'reversed');
    expect(await paystack.status(started.providerReference)).toEqual({
      state: 'failed',
      amount: NGN(250_075n),
      failure: 'Reversed by a chargeback',
    });
  });

  it('a retried initialize under the same reference starts no second transaction, and the first checkout pays', async () => {
    const attempt = charge();
    const first = await paystack.initiate(attempt);
    const requestsBefore = fake.requests.length;
    const retried = await paystack.initiate(attempt);

    expect(retried.providerReference).toBe(first.providerReference);
    // Paystack refuses the reference as a duplicate and gives no authorization back for it: only the reference.
    expect(retried.clientAction).toEqual({ reference: first.clientAction.reference });
    expect(fake.transactions().filter((transaction) => transaction.reference === attempt.paymentId)).toHaveLength(1);
    expect(fake.requests.slice(requestsBefore).map(({ method, path }) => `${method} ${path}`)).toEqual([
      'POST /transaction/initialize',
      `GET /transaction/verify/${attempt.paymentId}`,
    ]);

    await clickOnCheckout(checkoutOf(first), 'Pay');
    expect(await paystack.status(retried.providerReference)).toMatchObject({ state: 'succeeded' });
    expect((await paystack.initiate(attempt)).providerReference).toBe(first.providerReference);
  });

  it('a reference Paystack holds for another charge is refused, not taken over', async () => {
    const reference = randomUUID();
    const elsewhere = await paystackApi('/transaction/initialize', {
      method: 'POST',
      body: JSON.stringify({ email: 'someone@else.test', amount: 100, currency: 'NGN', reference }),
    });
    expect(elsewhere.status).toBe(200);
    await expect(paystack.initiate(charge({ paymentId: reference }))).rejects.toThrow(
      new RegExp(`transaction ${reference} is not this charge`),
    );
  });

  it('a refund gives the whole charge back, once however often it is asked', async () => {
    const started = await paystack.initiate(charge({ amount: NGN(40_000n) }));
    fake.pay(started.providerReference);
    await paystack.refund(started.providerReference, NGN(40_000n));
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/refund',
      body: { transaction: started.providerReference, amount: 40_000 },
    });
    expect(await paystack.status(started.providerReference)).toEqual({ state: 'refunded', amount: NGN(40_000n) });

    await expect(paystack.refund(started.providerReference, NGN(40_000n))).resolves.toBeUndefined();
    expect(fake.refunds(started.providerReference)).toMatchObject([{ amount: 40_000, status: 'processed' }]);
  });

  it('a refund Paystack is still processing leaves the charge paid until the money is back', async () => {
    const started = await paystack.initiate(charge());
    fake.pay(started.providerReference);
    fake.holdRefunds();
    try {
      await paystack.refund(started.providerReference, NGN(250_075n));
    } finally {
      fake.holdRefunds(false);
    }
    expect(await paystack.status(started.providerReference)).toMatchObject({ state: 'succeeded' });
    const [refund] = fake.refunds(started.providerReference);
    fake.finishRefund(refund?.id ?? 0);
    expect(await paystack.status(started.providerReference)).toMatchObject({ state: 'refunded' });
  });

  it("an unpaid charge cannot be refunded: ProviderUnavailable, in Paystack's words", async () => {
    const started = await paystack.initiate(charge());
    await expect(paystack.refund(started.providerReference, NGN(250_075n))).rejects.toThrow(
      /refused to refund .* \(400\): Cannot refund a transaction that was not successful/,
    );
  });
});

describe('webhooks', () => {
  it('reads the signed charge.success Paystack sends when the payer pays, and knows its replay', async () => {
    const started = await paystack.initiate(charge());
    await clickOnCheckout(checkoutOf(started), 'Pay');
    const received = await webhooks.event('charge.success', started.providerReference);
    const expected = {
      eventId: `charge.success:${fake.transaction(started.providerReference).id}`,
      providerReference: started.providerReference,
      claimed: 'succeeded',
    };
    expect(await paystack.readWebhook(received.body, received.headers)).toEqual(expected);
    expect(await paystack.readWebhook(received.body, received.headers)).toEqual(expected);

    const again = fake.signedEvent('charge.success', fake.transaction(started.providerReference));
    expect(await paystack.readWebhook(Buffer.from(again.body), again.headers)).toEqual(expected);
  });

  it('reads refund.processed as refunded; refund.pending, refund.failed and the rest are nothing to act on', async () => {
    const started = await paystack.initiate(charge());
    fake.pay(started.providerReference);
    await paystack.refund(started.providerReference, NGN(250_075n));
    const processed = await webhooks.event('refund.processed', started.providerReference);
    const data = (JSON.parse(processed.body.toString()) as { data: { refund_reference: string } }).data;
    expect(await paystack.readWebhook(processed.body, processed.headers)).toEqual({
      eventId: `refund.processed:${data.refund_reference}`,
      providerReference: started.providerReference,
      claimed: 'refunded',
    });
    const pending = await webhooks.event('refund.pending', started.providerReference);
    expect(await paystack.readWebhook(pending.body, pending.headers)).toBeNull();

    const withId = fake.signedEvent('refund.processed', { ...data, id: 3_018_284 });
    expect(await paystack.readWebhook(Buffer.from(withId.body), withId.headers)).toMatchObject({
      eventId: 'refund.processed:3018284',
    });
    for (const event of ['refund.failed', 'transfer.success', 'subscription.create', 'charge.dispute.create']) {
      const other = fake.signedEvent(event, { ...data, id: 7, reference: started.providerReference });
      expect(await paystack.readWebhook(Buffer.from(other.body), other.headers)).toBeNull();
    }
  });

  it('refuses forged, foreign, altered, unsigned and malformed events', async () => {
    const started = await paystack.initiate(charge({ amount: NGN(5_000n) }));
    const transaction = fake.pay(started.providerReference);
    const read = (body: string, headers: IncomingHttpHeaders) => paystack.readWebhook(Buffer.from(body), headers);
    const genuine = fake.signedEvent('charge.success', transaction);
    expect(await read(genuine.body, genuine.headers)).toMatchObject({ claimed: 'succeeded' });

    const signature = genuine.headers['x-paystack-signature'];
    const foreign = fake.signedEvent('charge.success', transaction, { secret: 'sk_test_someone_else_000' });
    const signed = (body: string): [string, IncomingHttpHeaders] => [body, { 'x-paystack-signature': fake.sign(body) }];
    const refused: Array<[string, IncomingHttpHeaders]> = [
      [genuine.body, { ...genuine.headers, 'x-paystack-signature': 'ab'.repeat(64) }],
      [genuine.body, { ...genuine.headers, 'x-paystack-signature': signature.slice(0, 64) }],
      [genuine.body, { ...genuine.headers, 'x-paystack-signature': `${signature.slice(0, -1)}z` }],
      [genuine.body, { ...genuine.headers, 'x-paystack-signature': `${signature}00` }],
      [foreign.body, foreign.headers],
      [genuine.body.replace('"amount":5000', '"amount":1'), genuine.headers],
      [genuine.body, { ...genuine.headers, 'x-paystack-signature': undefined }],
      [genuine.body, { ...genuine.headers, 'x-paystack-signature': [signature] }],
      signed('not json'),
      signed('{"data":{}}'),
      signed('{"event":"charge.success","data":{"id":1}}'),
      signed('{"event":"charge.success","data":{"reference":"x"}}'),
    ];
    for (const [body, headers] of refused) {
      await expect(read(body, headers)).rejects.toBeInstanceOf(WebhookRejected);
    }
  });

  it('sendEvent POSTs a signed event to the webhook URL; send posts one again as it is', async () => {
    expect(await fake.sendEvent('transfer.success', { id: 41, reference: 'tr_41' })).toBe(200);
    const transfer = await webhooks.event('transfer.success', 'tr_41');
    expect(await paystack.readWebhook(transfer.body, transfer.headers)).toBeNull();

    const started = await paystack.initiate(charge());
    const replay = fake.signedEvent('charge.success', fake.transaction(started.providerReference));
    expect(await fake.send(replay)).toBe(200);
    expect(await fake.send(replay)).toBe(200);
    await vi.waitFor(() => expect(webhooks.bodies(replay.body)).toBe(2));
  });
});

describe('when Paystack is unavailable', () => {
  let down: FakePaystack;
  let provider: PaymentProvider;
  beforeAll(async () => {
    down = await startFakePaystack({ secretKey });
    provider = providerFor(down.url);
  });

  it('an API that does not answer in time is ProviderUnavailable, for every call', async () => {
    const started = await provider.initiate(charge());
    down.pay(started.providerReference);
    down.hang();
    await expect(provider.initiate(charge())).rejects.toThrow(/Paystack did not initialize a transaction: .*timeout/i);
    await expect(provider.status(started.providerReference)).rejects.toBeInstanceOf(ProviderUnavailable);
    await expect(provider.refund(started.providerReference, NGN(250_075n))).rejects.toBeInstanceOf(ProviderUnavailable);

    down.hang(0);
    expect(await provider.status(started.providerReference)).toMatchObject({ state: 'succeeded' });
  });

  it('a server error is ProviderUnavailable, and the next answer counts again', async () => {
    const started = await provider.initiate(charge());
    down.failRequests(1, 503);
    await expect(provider.status(started.providerReference)).rejects.toThrow(/Paystack did not verify .* \(503\)/);
    expect(await provider.status(started.providerReference)).toMatchObject({ state: 'pending' });
  });

  it("Paystack's refusals are ProviderUnavailable with Paystack's words, for the log", async () => {
    const wrongKey = providerFor(down.url, 'sk_test_not_ours_0000');
    await expect(wrongKey.initiate(charge())).rejects.toThrow(
      /refused to initialize a transaction \(401\): Invalid key/,
    );
    await expect(provider.status('unknown-reference')).rejects.toThrow(/\(404\): Transaction reference not found/);
  });

  it('nothing listening is ProviderUnavailable', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    await expect(providerFor(`http://127.0.0.1:${port}`).status('any')).rejects.toBeInstanceOf(ProviderUnavailable);
  });
});

describe('the fake speaks Paystack to whoever calls it', () => {
  it("wants the secret key, takes JSON and form bodies, and refuses in Paystack's envelope", async () => {
    for (const authorization of ['', 'Bearer sk_test_wrong']) {
      const refused = await paystackApi('/transaction/verify/x', { headers: { authorization } });
      expect(refused).toEqual({ status: 401, body: { status: false, message: 'Invalid key' } });
    }
    const form = await paystackApi('/transaction/initialize', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=customer%40email.com&amount=20000',
    });
    expect(form).toMatchObject({ status: 200, body: { status: true, message: 'Authorization URL created' } });
    const reference = String((form.body.data as { reference: string }).reference);
    expect(fake.transaction(reference)).toMatchObject({ currency: 'NGN', amount: 20_000, status: 'abandoned' });

    const initialize = (body: object) =>
      paystackApi('/transaction/initialize', { method: 'POST', body: JSON.stringify(body) });
    expect(await initialize({ amount: '100' })).toMatchObject({
      status: 400,
      body: { status: false, message: 'Email Address is required', type: 'validation_error', code: 'missing_params' },
    });
    expect(await initialize({ email: 'a@b.co', amount: '100', currency: 'SAR' })).toMatchObject({
      status: 400,
      body: { message: 'Currency not supported by merchant' },
    });
    expect(await initialize({ email: 'a@b.co', amount: '100', reference })).toEqual({
      status: 400,
      body: {
        status: false,
        message: 'Duplicate Transaction Reference',
        meta: { nextStep: 'Try and create the Transaction or Charge with a new reference' },
        type: 'validation_error',
        code: 'duplicate_reference',
      },
    });
  });

  it('serves the checkout page with nothing from elsewhere, and says when a link is no good', async () => {
    const started = await paystack.initiate(charge());
    const html = await (await fetch(checkoutOf(started))).text();
    expect(html).toContain('Pay <span data-amount>NGN 2500.75</span>');
    expect(html).not.toMatch(/<script|<link|<img|src=|https?:\/\//);
    const unknown = await fetch(`${fake.url}/checkout/nosuchcode`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('This payment link is invalid or has expired.');
  });
});

/** The app's side of webhooks: takes every POST as Paystack sends it, raw body and headers. */
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
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/paystack`,
    /** Waits for the event of `type` about the transaction `reference`. */
    event: (type: string, reference: string) =>
      vi.waitFor(() => {
        const found = received.find(({ body }) => {
          const { event, data } = JSON.parse(body.toString()) as { event: string; data: Record<string, unknown> };
          return event === type && [data.reference, data.transaction_reference].includes(reference);
        });
        if (!found) throw new Error(`no ${type} about ${reference} yet`);
        return found;
      }),
    /** How many POSTs carried exactly this body. */
    bodies: (body: string) => received.filter((entry) => entry.body.toString() === body).length,
  };
}
