import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmsSender } from './sms.ts';

const logger = pino({ level: 'silent' });
const outboxDir = () => mkdtempSync(path.join(tmpdir(), 'souk-outbox-'));

/** A stand-in for Twilio's Messages API: form-encoded POST with HTTP Basic auth, 201 with the message. */
const received: Array<{ url: string; authorization: string | undefined; form: URLSearchParams }> = [];
let twilioUrl = '';
const twilio = createServer(async (request: IncomingMessage, response) => {
  let body = '';
  for await (const chunk of request) body += chunk;
  const form = new URLSearchParams(body);
  received.push({ url: request.url ?? '', authorization: request.headers.authorization, form });
  if (form.get('To') === '+15005550001') {
    response.writeHead(400, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ code: 21211, message: "The 'To' number is not a valid phone number.", status: 400 }));
    return;
  }
  response.writeHead(201, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ sid: 'SM123', status: 'queued', to: form.get('To'), body: form.get('Body') }));
});

beforeAll(async () => {
  await new Promise<void>((resolve) => twilio.listen(0, '127.0.0.1', resolve));
  twilioUrl = `http://127.0.0.1:${(twilio.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => twilio.close(() => resolve())));

describe('SMS port', () => {
  const configured = () => ({
    SMS_API_URL: twilioUrl,
    SMS_ACCOUNT_SID: 'AC0123456789',
    SMS_AUTH_TOKEN: 'secret-token',
    SMS_FROM: '+15005550006',
    outboxDir: outboxDir(),
  });

  it('sends through the Twilio-style Messages API with basic auth', async () => {
    await createSmsSender(configured(), logger).send({ to: '+966501234567', body: 'Souk code: 123456' });
    const last = received.at(-1);
    expect(last?.url).toBe('/2010-04-01/Accounts/AC0123456789/Messages.json');
    expect(last?.authorization).toBe(`Basic ${Buffer.from('AC0123456789:secret-token').toString('base64')}`);
    expect(Object.fromEntries(last?.form ?? [])).toEqual({
      To: '+966501234567',
      From: '+15005550006',
      Body: 'Souk code: 123456',
    });
  });

  it('reports the service refusing a message', async () => {
    await expect(createSmsSender(configured(), logger).send({ to: '+15005550001', body: 'x' })).rejects.toThrow(/400/);
  });

  it('writes to the outbox when no service is configured', async () => {
    const folder = outboxDir();
    await createSmsSender({ SMS_API_URL: twilioUrl, outboxDir: folder }, logger).send({
      to: '+966500000000',
      body: 'hi',
    });
    const [file] = readdirSync(folder);
    expect(JSON.parse(readFileSync(path.join(folder, file as string), 'utf8'))).toMatchObject({
      kind: 'sms',
      to: '+966500000000',
      body: 'hi',
    });
  });
});
