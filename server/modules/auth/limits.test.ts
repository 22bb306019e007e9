import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CODE_RESEND_SECONDS } from '../../../contract/auth.ts';
import { lastSmsCode, outboxMessages, startMailCatcher } from '../../testing/mail-catcher.ts';
import { verifications } from '../../testing/tables.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { CODES_PER_RECIPIENT_HOURLY } from './code-sends.ts';
import { LOGIN_FAILURES_PER_ACCOUNT_AND_SOURCE } from './password.ts';

type Json = Record<string, unknown>;

let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let outboxDir: string;
const SMS_HOURLY_LIMIT = 3;

beforeAll(async () => {
  mail = await startMailCatcher();
});
const { app, db, config } = useTestApp({
  env: () => ({ SMTP_URL: mail.url, SMS_HOURLY_LIMIT: String(SMS_HOURLY_LIMIT) }),
});
beforeAll(() => {
  outboxDir = config.outboxDir;
});

afterEach(() => {
  vi.useRealTimers();
});

async function post(url: string, body: Json, ip = '127.0.0.1') {
  const response = await app.inject({ method: 'POST', url: `/api/v1${url}?lang=en`, payload: body, remoteAddress: ip });
  return {
    status: response.statusCode,
    body: response.json() as { message: string; data: Json | null },
    retryAfter: response.headers['retry-after'],
  };
}

const login = (email: string, password: string, ip: string) =>
  post('/auth/login', { user_email: email, user_password: password, privacy: 'on' }, ip);

const register = (email: string, ip = '127.0.0.1') =>
  post(
    '/auth/register',
    {
      user_name: 'Sami Nour',
      user_email: email,
      user_password: 'pass-word-77',
      confirm_password: 'pass-word-77',
      privacy: 'on',
    },
    ip,
  );

const mailsTo = async (email: string) => (await mail.sentTo(email)).length;

let clock = Date.now();
/** Moves the clock on by `seconds` (limits count in this process's memory, by the clock). */
function later(seconds: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  clock = Math.max(clock, Date.now()) + seconds * 1000;
  vi.setSystemTime(clock);
}

describe('wrong passwords (docs/decisions/0006-sign-in-limits.md)', () => {
  it('stop the one guessing, not the owner signing in from elsewhere', async () => {
    const attacker = '203.0.113.66';
    for (let attempt = 0; attempt < LOGIN_FAILURES_PER_ACCOUNT_AND_SOURCE; attempt++) {
      expect((await login('user04@souk.test', 'guess-pass-1', attacker)).status).toBe(401);
    }
    const capped = await login('user04@souk.test', 'souk-demo-2026', attacker);
    expect(capped.status).toBe(429);
    expect(Number(capped.retryAfter)).toBeGreaterThan(0);
    expect((await login('user04@souk.test', 'souk-demo-2026', '198.51.100.20')).status).toBe(200);
  });

  it('count failures only: an owner signing in often is never refused', async () => {
    for (let attempt = 0; attempt < LOGIN_FAILURES_PER_ACCOUNT_AND_SOURCE + 2; attempt++) {
      expect((await login('user05@souk.test', 'souk-demo-2026', '198.51.100.21')).status).toBe(200);
    }
  });
});

describe('codes are sent at most once a minute to one address, a few times an hour, and SMS within a site ceiling', () => {
  it('refuses an immediate resend and a second registration of a waiting address, saying how long to wait', async () => {
    const email = 'flood@example.com';
    const first = await register(email);
    const registration_token = first.body.data?.registration_token as string;
    const attemptsBefore = await attemptCount(email);
    const resend = await post('/auth/resend-code', { user_email: email, registration_token });
    expect(resend.status).toBe(429);
    expect(resend.body.message).toMatch(/You can ask for a new one in \d+ seconds\./);
    expect(Number(resend.retryAfter)).toBeGreaterThan(0);
    expect(Number(resend.retryAfter)).toBeLessThanOrEqual(CODE_RESEND_SECONDS);
    const again = await register(email, '192.0.2.50');
    expect(again.status).toBe(429);
    expect(await mailsTo(email)).toBe(1);
    expect(await attemptCount(email)).toBe(attemptsBefore);

    later(CODE_RESEND_SECONDS + 1);
    expect((await post('/auth/resend-code', { user_email: email, registration_token })).status).toBe(200);
    expect(await mailsTo(email)).toBe(2);
  });

  it('says when to try again when a reset is asked right after registering (issue 24), and sends nothing', async () => {
    const email = 'reset-too-soon@example.com';
    expect((await register(email, '192.0.2.60')).status).toBe(200);
    const reset = await post('/auth/forgot-password', { user_email: email }, '192.0.2.61');
    expect(reset.status).toBe(429);
    expect(reset.body.message).toMatch(/^A code was just sent\. You can ask for a new one in \d+ seconds\.$/);
    expect(Number(reset.retryAfter)).toBeGreaterThan(0);
    expect(await mailsTo(email)).toBe(1);
  });

  it('caps the codes one address gets in an hour, whatever path asks', async () => {
    const email = 'user06@souk.test';
    for (let sent = 0; sent < CODES_PER_RECIPIENT_HOURLY; sent++) {
      expect((await post('/auth/forgot-password', { user_email: email }, `192.0.2.${sent + 1}`)).status).toBe(200);
      later(CODE_RESEND_SECONDS + 1);
    }
    const capped = await post('/auth/forgot-password', { user_email: email }, '192.0.2.99');
    expect(capped.status).toBe(429);
    expect(capped.body.message).toBe('Too many codes were sent to this address. Please try again later.');
    expect(await mailsTo(email)).toBe(CODES_PER_RECIPIENT_HOURLY);
  });

  it('stops texting once the site has sent its hourly number of SMS, to any numbers from any addresses', async () => {
    for (let number = 0; number < SMS_HOURLY_LIMIT; number++) {
      const sent = await post(
        '/auth/phone/send-code',
        { user_phone: `+96650100000${number}` },
        `198.51.100.${number + 1}`,
      );
      expect(sent.status).toBe(200);
    }
    const refused = await post('/auth/phone/send-code', { user_phone: '+966501000009' }, '198.51.100.99');
    expect(refused.status).toBe(429);
    expect(await outboxMessages(outboxDir, 'sms', '+966501000009')).toEqual([]);
  });
});

describe('one-time codes', () => {
  it('are stored hashed, for e-mail and SMS alike, and still work', async () => {
    const email = 'hashed@example.com';
    later(3600);
    const registered = await register(email, '192.0.2.200');
    await post('/auth/forgot-password', { user_email: 'user07@souk.test' }, '192.0.2.201');
    await post('/auth/phone/send-code', { user_phone: '+966507000001' }, '192.0.2.202');
    const codes = [
      await mail.lastCode(email),
      await mail.lastCode('user07@souk.test'),
      await lastSmsCode(outboxDir, '+966507000001'),
    ];
    const stored = (await db.select({ value: verifications.value }).from(verifications)).map((row) => row.value);
    for (const code of codes) expect(stored.some((value) => value.includes(code))).toBe(false);
    const verified = await post(
      '/auth/verify-email',
      { user_email: email, code: codes[0], registration_token: registered.body.data?.registration_token },
      '192.0.2.200',
    );
    expect(verified.status).toBe(200);
  });
});

async function attemptCount(email: string) {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(verifications)
    .where(sql`starts_with(${verifications.identifier}, ${`registration:${email}:`})`);
  return rows[0]?.n;
}
