import { randomBytes, verify, X509Certificate } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { closeWhenFileEnds } from '../../../testing/cleanup.ts';
import { type FakeOrder, type FakePayPal, startFakePayPal } from '../../../testing/fake-paypal.ts';
import { type Charge, type PaymentProvider, ProviderUnavailable, WebhookRejected } from '../provider.ts';
import { createPayPalProvider } from './paypal.ts';

const app = {
  clientId: 'souk-paypal-client-0123',
  clientSecret: 'souk-paypal-secret-0123',
  webhookId: '4JH86294D6297924G',
};
const USD = (minor: bigint) => ({ minor, currency: 'USD' });

let fake: FakePayPal;
let paypal: PaymentProvider;
let webhooks: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeAll(async () => {
  webhooks = await startWebhookReceiver();
  fake = await startFakePayPal({ ...app, webhookUrl: webhooks.url });
  paypal = providerFor(fake.url);
});

function providerFor(apiUrl: string, change: { clientSecret?: string; timeoutMs?: number } = {}) {
  return createPayPalProvider({ ...app, apiUrl, timeoutMs: 2_000, ...change });
}

let charges = 0;
function charge(change: Partial<Charge> = {}): Charge {
  charges++;
  const paymentId = `0195d3c2-7a1b-7000-8000-${String(charges).padStart(12, '0')}`;
  return {
    paymentId,
    amount: USD(2500n),
    description: 'Souk: feature my ad for 7 days',
    payer: { userId: 'user-7', email: null },
    idempotencyKey: paymentId,
    returnUrl: `https://souk.example/payments/${paymentId}?returned=1`,
    quantity: 1,
    ...change,
  };
}

const captureOf = (order: FakeOrder) => order.purchase_units[0]?.payments?.captures[0];
const requestsTo = (path: string) => fake.requests.filter((request) => request.path === path);

/** A call to the fake with an access token of the app, as PayPal's dashboard or another server would make. */
async function paypalApi(method: string, path: string, body?: unknown) {
  const basic = Buffer.from(`${app.clientId}:${app.clientSecret}`).toString('base64');
  const token = await fetch(`${fake.url}/v1/oauth2/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${basic}` },
    body: new URLSearchParams({ grant_type: 'client_credentials' }),
  });
  const { access_token } = (await token.json()) as { access_token: string };
  const response = await fetch(`${fake.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('orders through the PayPal SDK', () => {
  it('starts an order for the amount under the request id, and reads it as pending until the payer acts', async () => {
    const attempt = charge({ amount: USD(125050n) });
    const started = await paypal.initiate(attempt);
    const orderId = started.providerReference;
    expect(orderId).toMatch(/^[0-9A-Z]{17}$/);
    expect(started.clientAction).toEqual({
      order_id: orderId,
      approve_url: `${fake.url}/checkoutnow?token=${orderId}`,
    });
    expect(requestsTo('/v2/checkout/orders').at(-1)).toMatchObject({
      method: 'POST',
      auth: 'bearer',
      requestId: attempt.idempotencyKey,
      body: {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: attempt.paymentId,
            custom_id: attempt.paymentId,
            description: 'Souk: feature my ad for 7 days',
            amount: { currency_code: 'USD', value: '1250.50' },
          },
        ],
        payment_source: {
          paypal: {
            experience_context: {
              return_url: attempt.returnUrl,
              cancel_url: `${attempt.returnUrl}&cancelled=1`,
              user_action: 'PAY_NOW',
              shipping_preference: 'NO_SHIPPING',
            },
          },
        },
      },
    });
    expect(await paypal.status(orderId)).toEqual({ state: 'pending', amount: USD(125050n) });
    expect(fake.order(orderId).status).toBe('PAYER_ACTION_REQUIRED');
  });

  it('asks for an access token with the app credentials once, and uses it for every call', async () => {
    const provider = providerFor(fake.url);
    const before = requestsTo('/v1/oauth2/token').length;
    const started = await provider.initiate(charge());
    await provider.status(started.providerReference);
    await provider.status(started.providerReference);
    const tokens = requestsTo('/v1/oauth2/token').slice(before);
    expect(tokens).toEqual([expect.objectContaining({ auth: 'basic', body: { grant_type: 'client_credentials' } })]);
  });

  it('the payer pays on the approval page: back at the return URL, and status captures the exact amount', async () => {
    const attempt = charge({ amount: USD(9999n) });
    const started = await paypal.initiate(attempt);
    const orderId = started.providerReference;
    const page = await fake.payerChooses(started.clientAction.approve_url ?? '', 'pay');
    expect(page.status).toBe(303);
    const back = new URL(page.location ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(attempt.returnUrl.split('?')[0]);
    expect(Object.fromEntries(back.searchParams)).toEqual({
      returned: '1',
      token: orderId,
      PayerID: expect.stringMatching(/^[0-9A-Z]{13}$/),
    });
    expect(fake.order(orderId).status).toBe('APPROVED');

    expect(await paypal.status(orderId)).toEqual({ state: 'succeeded', amount: USD(9999n) });
    const order = fake.order(orderId);
    expect(order.status).toBe('COMPLETED');
    expect(captureOf(order)).toMatchObject({ status: 'COMPLETED', amount: { currency_code: 'USD', value: '99.99' } });
  });

  it('sends and reads amounts exactly in the currency’s decimals, and PayPal’s whole-unit currencies', async () => {
    for (const [amount, value] of [
      [{ minor: 5000n, currency: 'JPY' }, '5000'],
      [{ minor: 150000n, currency: 'TWD' }, '1500'],
      [{ minor: 1n, currency: 'EUR' }, '0.01'],
      [{ minor: 900719925474099312n, currency: 'USD' }, '9007199254740993.12'],
    ] as const) {
      const started = await paypal.initiate(charge({ amount }));
      expect(fake.order(started.providerReference).purchase_units[0]?.amount.value).toBe(value);
      fake.approve(started.providerReference);
      expect(await paypal.status(started.providerReference)).toEqual({ state: 'succeeded', amount });
    }
    await expect(paypal.initiate(charge({ amount: { minor: 150050n, currency: 'TWD' } }))).rejects.toThrow(RangeError);
    await expect(paypal.initiate(charge({ amount: USD(0n) }))).rejects.toThrow(RangeError);
  });

  it("a declined payment fails with PayPal's words; an eCheck stays pending until it clears or is denied", async () => {
    const declined = await paypal.initiate(charge());
    await fake.payerChooses(declined.clientAction.approve_url ?? '', 'pay', 'card_declined');
    expect(await paypal.status(declined.providerReference)).toEqual({
      state: 'failed',
      amount: USD(2500n),
      failure: 'PayPal capture DECLINED',
    });

    const cleared = await paypal.initiate(charge());
    fake.approve(cleared.providerReference, 'echeck');
    expect(await paypal.status(cleared.providerReference)).toEqual({ state: 'pending', amount: USD(2500n) });
    expect(captureOf(fake.order(cleared.providerReference))).toMatchObject({
      status: 'PENDING',
      status_details: { reason: 'ECHECK' },
    });
    fake.settlePending(cleared.providerReference, 'completed');
    expect(await paypal.status(cleared.providerReference)).toEqual({ state: 'succeeded', amount: USD(2500n) });

    const denied = await paypal.initiate(charge());
    fake.approve(denied.providerReference, 'echeck');
    await paypal.status(denied.providerReference);
    fake.settlePending(denied.providerReference, 'denied');
    expect(await paypal.status(denied.providerReference)).toMatchObject({ state: 'failed' });

    const expired = await paypal.initiate(charge());
    fake.voidOrder(expired.providerReference);
    expect(await paypal.status(expired.providerReference)).toEqual({
      state: 'failed',
      amount: USD(2500n),
      failure: 'PayPal voided the order',
    });
  });

  it('a cancelled approval stays pending, nothing is captured, and the payer can still pay after', async () => {
    const attempt = charge();
    const started = await paypal.initiate(attempt);
    const orderId = started.providerReference;
    const page = await fake.payerChooses(started.clientAction.approve_url ?? '', 'cancel');
    expect(page.status).toBe(303);
    expect(Object.fromEntries(new URL(page.location ?? '').searchParams)).toEqual({
      returned: '1',
      cancelled: '1',
      token: orderId,
    });
    expect(await paypal.status(orderId)).toEqual({ state: 'pending', amount: USD(2500n) });
    expect(requestsTo(`/v2/checkout/orders/${orderId}/capture`)).toHaveLength(0);

    await fake.payerChooses(started.clientAction.approve_url ?? '', 'pay');
    expect(await paypal.status(orderId)).toMatchObject({ state: 'succeeded' });
  });

  it('an approved order is captured exactly once, however often and however concurrently status is asked', async () => {
    const started = await paypal.initiate(charge({ amount: USD(4321n) }));
    const orderId = started.providerReference;
    fake.approve(orderId);
    const verdicts = await Promise.all(Array.from({ length: 5 }, () => paypal.status(orderId)));
    verdicts.push(await paypal.status(orderId), await paypal.status(orderId));
    for (const verdict of verdicts) expect(verdict).toEqual({ state: 'succeeded', amount: USD(4321n) });
    expect(fake.order(orderId).purchase_units[0]?.payments?.captures).toHaveLength(1);
    const captures = requestsTo(`/v2/checkout/orders/${orderId}/capture`);
    expect(captures.length).toBeGreaterThanOrEqual(1);
    expect(new Set(captures.map((request) => request.requestId))).toEqual(new Set([`capture-${orderId}`]));
  });

  it('a retried start under the same PayPal-Request-Id gets the same order, even once the payer approved it', async () => {
    const attempt = charge();
    const first = await paypal.initiate(attempt);
    const retried = await paypal.initiate(attempt);
    expect(retried).toEqual(first);
    expect(fake.requests.filter((request) => request.requestId === attempt.idempotencyKey)).toHaveLength(2);

    const another = await paypal.initiate(charge());
    expect(another.providerReference).not.toBe(first.providerReference);

    fake.approve(first.providerReference);
    const afterApproval = await paypal.initiate(attempt);
    expect(afterApproval.providerReference).toBe(first.providerReference);
    expect(afterApproval.clientAction.approve_url).toBe(`${attempt.returnUrl}&token=${first.providerReference}`);
    expect(await paypal.status(first.providerReference)).toMatchObject({ state: 'succeeded' });
  });

  it('a refund gives the whole capture back once, however often it is asked', async () => {
    const started = await paypal.initiate(charge({ amount: USD(4000n) }));
    fake.approve(started.providerReference);
    await paypal.status(started.providerReference);
    const captureId = captureOf(fake.order(started.providerReference))?.id ?? '';
    await paypal.refund(started.providerReference, USD(4000n));
    await paypal.refund(started.providerReference, USD(4000n));
    expect(await paypal.status(started.providerReference)).toEqual({ state: 'refunded', amount: USD(4000n) });
    expect(fake.order(started.providerReference).purchase_units[0]?.payments?.refunds).toHaveLength(1);
    expect(requestsTo(`/v2/payments/captures/${captureId}/refund`)[0]).toMatchObject({
      requestId: `refund-${captureId}`,
      body: { amount: { currency_code: 'USD', value: '40.00' } },
    });
  });

  it('after a partial refund from the dashboard the charge is still paid, and a refund gives back the rest', async () => {
    const started = await paypal.initiate(charge());
    fake.approve(started.providerReference);
    await paypal.status(started.providerReference);
    const captureId = captureOf(fake.order(started.providerReference))?.id ?? '';
    const partial = await paypalApi('POST', `/v2/payments/captures/${captureId}/refund`, {
      amount: { currency_code: 'USD', value: '5.00' },
    });
    expect(partial).toMatchObject({ status: 201, body: { status: 'COMPLETED' } });
    expect(await paypal.status(started.providerReference)).toEqual({ state: 'succeeded', amount: USD(2500n) });
    await paypal.refund(started.providerReference, USD(2500n));
    expect(await paypal.status(started.providerReference)).toEqual({ state: 'refunded', amount: USD(2500n) });
    const refunds = fake.order(started.providerReference).purchase_units[0]?.payments?.refunds;
    expect(refunds?.map((refund) => refund.amount.value)).toEqual(['5.00', '20.00']);
  });

  it('a capture refunded in full from the dashboard counts as refunded', async () => {
    const started = await paypal.initiate(charge());
    fake.approve(started.providerReference);
    await paypal.status(started.providerReference);
    const captureId = captureOf(fake.order(started.providerReference))?.id ?? '';
    expect(await paypalApi('POST', `/v2/payments/captures/${captureId}/refund`, {})).toMatchObject({ status: 201 });
    await expect(paypal.refund(started.providerReference, USD(2500n))).resolves.toBeUndefined();
    expect(await paypal.status(started.providerReference)).toEqual({ state: 'refunded', amount: USD(2500n) });
    expect(requestsTo(`/v2/payments/captures/${captureId}/refund`)).toHaveLength(1);
  });
});

describe('webhooks', () => {
  it('reads the signed events PayPal sends on approval, capture, decline and refund', async () => {
    const paid = await paypal.initiate(charge());
    const orderId = paid.providerReference;
    await fake.payerChooses(paid.clientAction.approve_url ?? '', 'pay');
    const approved = await webhooks.event('CHECKOUT.ORDER.APPROVED', orderId);
    expect(await paypal.readWebhook(approved.body, approved.headers)).toEqual({
      eventId: approved.id,
      providerReference: orderId,
      claimed: 'pending',
    });

    await paypal.status(orderId);
    const completed = await webhooks.event('PAYMENT.CAPTURE.COMPLETED', orderId);
    expect(await paypal.readWebhook(completed.body, completed.headers)).toEqual({
      eventId: completed.id,
      providerReference: orderId,
      claimed: 'succeeded',
    });

    await paypal.refund(orderId, USD(2500n));
    const captureId = captureOf(fake.order(orderId))?.id ?? '';
    const refunded = await webhooks.event('PAYMENT.CAPTURE.REFUNDED', captureId);
    expect(await paypal.readWebhook(refunded.body, refunded.headers)).toEqual({
      eventId: refunded.id,
      providerReference: orderId,
      claimed: 'refunded',
    });

    const declined = await paypal.initiate(charge());
    fake.approve(declined.providerReference, 'card_declined');
    await paypal.status(declined.providerReference);
    const failed = await webhooks.event('PAYMENT.CAPTURE.DECLINED', declined.providerReference);
    expect(await paypal.readWebhook(failed.body, failed.headers)).toMatchObject({
      providerReference: declined.providerReference,
      claimed: 'failed',
    });
  });

  it('refuses forged, foreign, altered, late and unsigned events', async () => {
    const { orderId, resource } = await capturedOrder();
    const read = (body: string, headers: IncomingHttpHeaders) => paypal.readWebhook(Buffer.from(body), headers);
    const genuine = fake.signedEvent('PAYMENT.CAPTURE.COMPLETED', resource);
    expect(await read(genuine.body, genuine.headers)).toMatchObject({
      eventId: genuine.event.id,
      claimed: 'succeeded',
    });

    const forged = { ...genuine.headers, 'paypal-transmission-sig': randomBytes(256).toString('base64') };
    const stranger = fake.signedEvent('PAYMENT.CAPTURE.COMPLETED', resource, { signer: 'stranger' });
    const otherApp = fake.signedEvent('PAYMENT.CAPTURE.COMPLETED', resource, { webhookId: '9XY12345AB6789012' });
    const late = fake.signedEvent('PAYMENT.CAPTURE.COMPLETED', resource, { at: new Date(Date.now() - 301_000) });
    const retimed = { ...late.headers, 'paypal-transmission-time': new Date().toISOString().replace(/\.\d+Z$/, 'Z') };
    const altered = genuine.body.replace(orderId, 'AAAAAAAAAAAAAAAAA');
    const refused: Array<[string, IncomingHttpHeaders]> = [
      [genuine.body, forged],
      [stranger.body, stranger.headers],
      [otherApp.body, otherApp.headers],
      [late.body, late.headers],
      [late.body, retimed],
      [altered, genuine.headers],
      [genuine.body, { ...genuine.headers, 'paypal-transmission-sig': undefined }],
      [genuine.body, { ...genuine.headers, 'paypal-cert-url': [genuine.headers['paypal-cert-url']] }],
      ['not json', genuine.headers],
      ['{"id":"WH-1"}', genuine.headers],
    ];
    for (const [body, headers] of refused) {
      await expect(read(body, headers)).rejects.toBeInstanceOf(WebhookRejected);
    }

    const lateButTolerated = fake.signedEvent('PAYMENT.CAPTURE.COMPLETED', resource, {
      at: new Date(Date.now() - 290_000),
    });
    expect(await read(lateButTolerated.body, lateButTolerated.headers)).toMatchObject({ claimed: 'succeeded' });
  });

  it('a late event is refused without asking PayPal', async () => {
    const { resource } = await capturedOrder();
    const before = requestsTo('/v1/notifications/verify-webhook-signature').length;
    const late = fake.signedEvent('PAYMENT.CAPTURE.COMPLETED', resource, { at: new Date(Date.now() - 3_600_000) });
    await expect(paypal.readWebhook(Buffer.from(late.body), late.headers)).rejects.toThrow(/too late/);
    expect(requestsTo('/v1/notifications/verify-webhook-signature')).toHaveLength(before);
  });

  it('a verified event about anything else is null', async () => {
    const { resource } = await capturedOrder();
    const read = (signed: { body: string; headers: IncomingHttpHeaders }) =>
      paypal.readWebhook(Buffer.from(signed.body), signed.headers);
    expect(await read(fake.signedEvent('CUSTOMER.DISPUTE.CREATED', { dispute_id: 'PP-D-1' }))).toBeNull();
    expect(await read(fake.signedEvent('PAYMENT.CAPTURE.PENDING', resource))).toBeNull();
    const { supplementary_data: _, ...elsewhere } = resource;
    expect(await read(fake.signedEvent('PAYMENT.CAPTURE.COMPLETED', elsewhere))).toBeNull();
  });

  it('sendEvent POSTs a signed event to the webhook URL and gives the answer', async () => {
    const status = await fake.sendEvent('CUSTOMER.DISPUTE.CREATED', { id: 'PP-D-2' });
    expect(status).toBe(200);
    const received = await webhooks.event('CUSTOMER.DISPUTE.CREATED', 'PP-D-2');
    expect(await paypal.readWebhook(received.body, received.headers)).toBeNull();
  });
});

/** An order the payer paid and the adapter captured, and its capture as PayPal's capture events carry it. */
async function capturedOrder() {
  const started = await paypal.initiate(charge());
  fake.approve(started.providerReference);
  await paypal.status(started.providerReference);
  const orderId = started.providerReference;
  const captured = captureOf(fake.order(orderId));
  return { orderId, resource: { ...captured, supplementary_data: { related_ids: { order_id: orderId } } } };
}

describe('when PayPal is unavailable', () => {
  let down: FakePayPal;
  let provider: PaymentProvider;
  beforeAll(async () => {
    down = await startFakePayPal(app);
    provider = providerFor(down.url, { timeoutMs: 500 });
  });

  it('an API that does not answer in time is ProviderUnavailable, until it answers again', async () => {
    const started = await provider.initiate(charge());
    down.approve(started.providerReference);
    const event = down.signedEvent('CHECKOUT.ORDER.APPROVED', down.order(started.providerReference));
    down.hang();
    await expect(provider.initiate(charge())).rejects.toBeInstanceOf(ProviderUnavailable);
    await expect(provider.status(started.providerReference)).rejects.toThrow(ProviderUnavailable);
    await expect(provider.refund(started.providerReference, USD(2500n))).rejects.toThrow(ProviderUnavailable);
    await expect(provider.readWebhook(Buffer.from(event.body), event.headers)).rejects.toThrow(ProviderUnavailable);

    down.hang(0);
    expect(await provider.status(started.providerReference)).toMatchObject({ state: 'succeeded' });
    expect(await provider.readWebhook(Buffer.from(event.body), event.headers)).toMatchObject({ claimed: 'pending' });
  });

  it('a token request that timed out leaves nothing broken behind', async () => {
    const fresh = providerFor(down.url, { timeoutMs: 500 });
    down.hang();
    await expect(fresh.initiate(charge())).rejects.toThrow(/PayPal did not issue an access token/);
    down.hang(0);
    const started = await fresh.initiate(charge());
    expect(await fresh.status(started.providerReference)).toMatchObject({ state: 'pending' });
  });

  it('a server error is ProviderUnavailable', async () => {
    const started = await provider.initiate(charge());
    down.failRequests(1, 503);
    await expect(provider.status(started.providerReference)).rejects.toThrow(/PayPal did not read order \w+ \(503\)/);
    expect(await provider.status(started.providerReference)).toMatchObject({ state: 'pending' });
  });

  it("PayPal's refusals are ProviderUnavailable with PayPal's words, for the log", async () => {
    const wrongSecret = providerFor(down.url, { clientSecret: 'not-the-secret-0000' });
    await expect(wrongSecret.initiate(charge())).rejects.toThrow(
      /PayPal refused to issue an access token \(401\): invalid_client: Client Authentication failed/,
    );
    await expect(provider.status('0AB12345CD6789012')).rejects.toThrow(
      /\(404\): RESOURCE_NOT_FOUND INVALID_RESOURCE_ID: Specified resource ID does not exist/,
    );
    await expect(provider.initiate(charge({ amount: { minor: 2500n, currency: 'SAR' } }))).rejects.toThrow(
      /refused to create an order \(422\): UNPROCESSABLE_ENTITY CURRENCY_NOT_SUPPORTED/,
    );
  });

  it('nothing listening is ProviderUnavailable', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    await expect(providerFor(`http://127.0.0.1:${port}`).initiate(charge())).rejects.toThrow(ProviderUnavailable);
  });
});

describe('the fake speaks PayPal to whoever calls it', () => {
  it('wants the app credentials for a token and a token for the API, and answers in PayPal’s envelopes', async () => {
    const wrong = await fetch(`${fake.url}/v1/oauth2/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${app.clientId}:nope`).toString('base64')}` },
      body: 'grant_type=client_credentials',
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: 'invalid_client', error_description: 'Client Authentication failed' });

    const started = await paypal.initiate(charge());
    const anonymous = await fetch(`${fake.url}/v2/checkout/orders/${started.providerReference}`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ name: 'AUTHENTICATION_FAILURE' });

    const early = await paypalApi('POST', `/v2/checkout/orders/${started.providerReference}/capture`, {});
    expect(early).toMatchObject({
      status: 422,
      body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVED' }], debug_id: expect.any(String) },
    });
    const blank = await paypalApi('POST', '/v1/notifications/verify-webhook-signature', { webhook_id: app.webhookId });
    expect(blank).toMatchObject({ status: 400, body: { name: 'VALIDATION_ERROR' } });
  });

  it('serves the approval page, with errors a payer can read', async () => {
    const started = await paypal.initiate(charge({ amount: USD(1999n), description: 'Feature <my> ad' }));
    const page = await fetch(started.clientAction.approve_url ?? '');
    const html = await page.text();
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(html).toContain('19.99 USD');
    expect(html).toContain('Feature &#60;my&#62; ad');
    expect(html).toMatch(/<button type="submit" name="choice" value="pay">Pay Now<\/button>/);
    expect(html).toMatch(/<button [^>]*value="cancel"[^>]*>Cancel and return to merchant<\/button>/);
    expect(html).not.toMatch(/<(script|link|img)\b/);

    const unknown = await fetch(`${fake.url}/checkoutnow?token=NOSUCHORDER000000`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toMatch(/<p role="alert">This order could not be found/);

    fake.approve(started.providerReference);
    await paypal.status(started.providerReference);
    const paid = await fake.payerChooses(started.clientAction.approve_url ?? '', 'pay');
    expect(paid).toMatchObject({ status: 409, location: null });
    expect(paid.html).toMatch(/<p role="alert">This order can no longer be paid/);
    expect(paid.html).toContain(`<a href="https://souk.example/payments/`);
    expect(paid.html).toContain(`?returned=1&#38;token=${started.providerReference}">Return to merchant</a>`);
  });

  it('signs events with the key of the certificate at PAYPAL-CERT-URL, as PayPal does', async () => {
    const { body, headers } = fake.signedEvent('CUSTOMER.DISPUTE.CREATED', { id: 'PP-D-3' });
    expect(headers['paypal-cert-url']).toBe(fake.certUrl);
    const certificate = new X509Certificate(await (await fetch(fake.certUrl)).text());
    const signed = `${headers['paypal-transmission-id']}|${headers['paypal-transmission-time']}|${app.webhookId}|${crc32(body)}`;
    const signature = Buffer.from(headers['paypal-transmission-sig'], 'base64');
    expect(headers['paypal-auth-algo']).toBe('SHA256withRSA');
    expect(verify('sha256', Buffer.from(signed), certificate.publicKey, signature)).toBe(true);
  });
});

/** The app's side of webhooks: takes every POST as PayPal sends it, raw body and headers. */
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
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/paypal`,
    /** Waits for the event of `type` whose resource mentions `id` (the order's, or the capture's for a refund). */
    event: (type: string, id: string) =>
      vi.waitFor(() => {
        const found = received.find(({ body }) => {
          const event = JSON.parse(body.toString()) as { event_type: string; resource: unknown };
          return event.event_type === type && JSON.stringify(event.resource).includes(id);
        });
        if (!found) throw new Error(`no ${type} about ${id} yet`);
        return { ...found, id: (JSON.parse(found.body.toString()) as { id: string }).id };
      }),
  };
}
