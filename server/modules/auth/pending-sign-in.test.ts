import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { USER_STATUS } from '../../../contract/users.ts';
import { startMailCatcher } from '../../testing/mail-catcher.ts';
import { accounts, sessions, users } from '../../testing/tables.ts';
import { useTestApp } from '../../testing/use-test-app.ts';

/**
 * The sign-in rule for accounts nobody proved yet lives in the auth service: the API answers it as 403
 * (code 10001) with what the code step needs, and the login page turns the same outcome into the code step.
 */

type Json = Record<string, unknown>;

let mail: Awaited<ReturnType<typeof startMailCatcher>>;

beforeAll(async () => {
  mail = await startMailCatcher();
});
const { app, db } = useTestApp({ env: () => ({ SMTP_URL: mail.url }) });

async function post(url: string, body: Json) {
  const response = await app.inject({ method: 'POST', url: `/api/v1${url}?lang=en`, payload: body });
  return { status: response.statusCode, body: response.json() as { message: string; data: Json | null } };
}

const login = (email: string, password: string) =>
  post('/auth/login', { user_email: email, user_password: password, privacy: 'on' });

/** An account row with a password whose owner never proved the address (e.g. made before codes were asked). */
async function unprovenAccount(id: string, email: string, password: string, status: number) {
  await db.insert(users).values({ id, userName: 'Unproven Owner', userEmail: email, status, emailVerify: false });
  await db.insert(accounts).values({
    id: `${id}-credential`,
    accountId: id,
    providerId: 'credential',
    userId: id,
    password: await hash(password),
  });
}

describe('signing in to an account nobody proved yet', () => {
  it('answers the code step for an active account whose address was never confirmed, and the code signs it in', async () => {
    await unprovenAccount('unproven-active', 'unproven-active@example.com', 'unproven-pass-1', USER_STATUS.active);
    const pending = await login('unproven-active@example.com', 'unproven-pass-1');
    expect(pending.status).toBe(403);
    expect(pending.body.message).toBe('10001##Please verify your e-mail first. Enter the code we sent you.');
    expect(pending.body.data).toMatchObject({ user_email: 'unproven-active@example.com', user_name: 'Unproven Owner' });
    expect(await db.select().from(sessions).where(eq(sessions.userId, 'unproven-active'))).toHaveLength(0);

    const verified = await post('/auth/verify-email', {
      user_email: 'unproven-active@example.com',
      code: await mail.lastCode('unproven-active@example.com'),
      registration_token: pending.body.data?.registration_token,
    });
    expect(verified.status).toBe(200);
    expect(verified.body.data).toMatchObject({ user_id: 'unproven-active' });
    expect((await db.select().from(users).where(eq(users.id, 'unproven-active')))[0]?.emailVerify).toBe(true);
    expect((await login('unproven-active@example.com', 'unproven-pass-1')).status).toBe(200);
  });

  it('answers the code step for an old registration row waiting for its code, and a wrong password as unknown', async () => {
    await unprovenAccount('unproven-old', 'unproven-old@example.com', 'unproven-pass-2', USER_STATUS.pending);
    const wrong = await login('unproven-old@example.com', 'not-the-password');
    expect(wrong).toEqual(await login('nobody-at-all@example.com', 'not-the-password'));
    const pending = await login('unproven-old@example.com', 'unproven-pass-2');
    expect(pending.status).toBe(403);
    expect(pending.body.data).toMatchObject({ user_email: 'unproven-old@example.com' });
    expect(String(pending.body.data?.registration_token).length).toBeGreaterThan(20);
  });
});
