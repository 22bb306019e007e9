import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CODE_RESEND_SECONDS } from '../../../contract/auth.ts';
import { USER_STATUS } from '../../../contract/users.ts';
import { startMailCatcher } from '../../testing/mail-catcher.ts';
import { sessions, users, verifications } from '../../testing/tables.ts';
import { useTestApp } from '../../testing/use-test-app.ts';

type Json = Record<string, unknown>;

let mail: Awaited<ReturnType<typeof startMailCatcher>>;

beforeAll(async () => {
  mail = await startMailCatcher();
});
const { app, db } = useTestApp({ env: () => ({ SMTP_URL: mail.url }) });

afterEach(() => {
  vi.useRealTimers();
});

async function post(url: string, body: Json, ip = '127.0.0.1') {
  const response = await app.inject({ method: 'POST', url: `/api/v1${url}?lang=en`, payload: body, remoteAddress: ip });
  return { status: response.statusCode, body: response.json() as { message: string; data: Json | null } };
}

const register = (email: string, password: string, name = 'Layla Haddad') =>
  post('/auth/register', {
    user_name: name,
    user_email: email,
    user_password: password,
    confirm_password: password,
    privacy: 'on',
  });

const login = (email: string, password: string) =>
  post('/auth/login', { user_email: email, user_password: password, privacy: 'on' });

const userCount = async () => (await db.select({ n: sql<number>`count(*)::int` }).from(users))[0]?.n;
const accountByEmail = async (email: string) =>
  (await db.select().from(users).where(sql`lower(${users.userEmail}) = ${email}`))[0];

/** Time moves on past the resend cooldown, so another code may be sent to the same address. */
function afterCooldown() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + (CODE_RESEND_SECONDS + 1) * 1000);
}

describe('someone registers an address that is already waiting for its code', () => {
  async function victimThenAttacker(email: string) {
    const victim = await register(email, 'victim-pass-V1', 'Victim Owner');
    const firstCode = await mail.lastCode(email);
    const usersBefore = await userCount();
    afterCooldown();
    const attacker = await register(email, 'attacker-pass-A1', 'Attacker Person');
    expect(attacker.status).toBe(200);
    const newestCode = await mail.lastCode(email);
    // Nothing was created or replaced: no account exists until the address is proven.
    expect(await userCount()).toBe(usersBefore);
    expect(await accountByEmail(email)).toBeUndefined();
    return {
      victimToken: victim.body.data?.registration_token as string,
      attackerToken: attacker.body.data?.registration_token as string,
      firstCode,
      newestCode,
    };
  }

  async function expectVictimOwnsIt(email: string) {
    expect((await login(email, 'victim-pass-V1')).status).toBe(200);
    const attempt = await login(email, 'attacker-pass-A1');
    expect(attempt.status).toBe(401);
    expect(attempt.body.message).toBe('The e-mail or password is not correct.');
    expect((await accountByEmail(email))?.userName).toBe('Victim Owner');
  }

  it('the first code with the victim’s registration activates the victim’s password only', async () => {
    const email = 'first-code@example.com';
    const { victimToken, attackerToken, firstCode } = await victimThenAttacker(email);
    const verified = await post('/auth/verify-email', {
      user_email: email,
      code: firstCode,
      registration_token: victimToken,
    });
    expect(verified.status).toBe(200);
    expect(verified.body.data).toMatchObject({ user_name: 'Victim Owner' });
    await expectVictimOwnsIt(email);
    // The attacker's registration ended with the proof of the address.
    const late = await post('/auth/verify-email', {
      user_email: email,
      code: firstCode,
      registration_token: attackerToken,
    });
    expect(late.status).toBe(400);
    await expectVictimOwnsIt(email);
  });

  it('the newest code (sent because of the attacker) with the victim’s registration activates the victim’s password only', async () => {
    const email = 'newest-code@example.com';
    const { victimToken, newestCode } = await victimThenAttacker(email);
    const verified = await post('/auth/verify-email', {
      user_email: email,
      code: newestCode,
      registration_token: victimToken,
    });
    expect(verified.status).toBe(200);
    await expectVictimOwnsIt(email);
  });

  it('a code without the matching registration token activates nothing', async () => {
    const email = 'no-token@example.com';
    const { victimToken, newestCode } = await victimThenAttacker(email);
    const forged = await post('/auth/verify-email', {
      user_email: email,
      code: newestCode,
      registration_token: 'x'.repeat(43),
    });
    expect(forged.status).toBe(400);
    expect(await accountByEmail(email)).toBeUndefined();
    const missing = await post('/auth/verify-email', { user_email: email, code: newestCode });
    expect(missing.status).toBe(400);
    expect(await accountByEmail(email)).toBeUndefined();
    // The code was not spent: its owner still can.
    const verified = await post('/auth/verify-email', {
      user_email: email,
      code: newestCode,
      registration_token: victimToken,
    });
    expect(verified.status).toBe(200);
  });

  it('stores the password as a hash with the attempt, never in plain text', async () => {
    await register('hash-only@example.com', 'plain-secret-9');
    const rows = await db.select({ value: verifications.value }).from(verifications);
    expect(rows.some((row) => row.value.includes('plain-secret-9'))).toBe(false);
  });
});

describe('signing in before the address is proven', () => {
  it('sends the right password of a waiting registration to the code step with a fresh code and a token', async () => {
    const email = 'waiting@example.com';
    await register(email, 'waiting-pass-1', 'Waiting Person');
    const mailsBefore = (await mail.sentTo(email)).length;
    afterCooldown();
    const pending = await login(email, 'waiting-pass-1');
    expect(pending.status).toBe(403);
    expect(pending.body.message).toBe('10001##Please verify your e-mail first. Enter the code we sent you.');
    const token = pending.body.data?.registration_token as string;
    expect(token.length).toBeGreaterThan(20);
    expect(await mail.sentTo(email)).toHaveLength(mailsBefore + 1);
    const verified = await post('/auth/verify-email', {
      user_email: email,
      code: await mail.lastCode(email),
      registration_token: token,
    });
    expect(verified.status).toBe(200);
    expect((await login(email, 'waiting-pass-1')).status).toBe(200);
  });

  it('answers a wrong password of a waiting registration like an unknown address, sending nothing', async () => {
    const email = 'waiting-wrong@example.com';
    await register(email, 'waiting-pass-2');
    const mailsBefore = (await mail.all()).length;
    const wrong = await login(email, 'not-the-password');
    const unknown = await login('nobody-here@example.com', 'not-the-password');
    expect(wrong).toEqual(unknown);
    expect(wrong.status).toBe(401);
    expect(await mail.all()).toHaveLength(mailsBefore);
  });
});

describe('account states are told only to whoever gives the right password', () => {
  it('answers a wrong password for banned and deactivated accounts as for an unknown address', async () => {
    const unknown = await login('ghost-account@example.com', 'wrong-pass-9');
    await db.update(users).set({ isBanned: true }).where(eq(users.id, 'demo-user-10'));
    expect(await login('user10@souk.test', 'wrong-pass-9')).toEqual(unknown);
    const banned = await login('user10@souk.test', 'souk-demo-2026');
    expect(banned.status).toBe(403);
    expect(banned.body.message).toBe('This account has been banned. Contact us if you think this is a mistake.');

    await db
      .update(users)
      .set({ isBanned: false, status: USER_STATUS.deactivated })
      .where(eq(users.id, 'demo-user-10'));
    expect(await login('user10@souk.test', 'wrong-pass-9')).toEqual(unknown);
    expect((await login('user10@souk.test', 'souk-demo-2026')).body.message).toBe(
      'This account was deactivated and can no longer sign in.',
    );
    expect(await db.select().from(sessions).where(eq(sessions.userId, 'demo-user-10'))).toHaveLength(0);
  });
});
