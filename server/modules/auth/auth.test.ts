import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_RENEWAL_SECONDS } from '../../../contract/auth.ts';
import { USER_STATUS } from '../../../contract/users.ts';
import { startMailCatcher } from '../../testing/mail-catcher.ts';
import { appSettings, sessions, users } from '../../testing/tables.ts';
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

async function post(url: string, body: Json, options: { cookie?: string; token?: string; lang?: string } = {}) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1${url}?lang=${options.lang ?? 'en'}`,
    payload: body,
    headers: {
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
  });
  return { status: response.statusCode, body: response.json() as Json & { data: Json; message: string }, response };
}

async function get(url: string, options: { cookie?: string; token?: string } = {}) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1${url}`,
    headers: {
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
  });
  return { status: response.statusCode, body: response.json() as Json & { data: Json }, response };
}

function sessionCookie(response: { cookies: Array<{ name: string; value: string }> }) {
  const cookie = response.cookies.find((item) => item.name.endsWith('session_token'));
  if (!cookie) throw new Error('no session cookie was set');
  return `${cookie.name}=${cookie.value}`;
}

async function userByEmail(email: string) {
  const [row] = await db.select().from(users).where(sql`lower(${users.userEmail}) = ${email}`);
  return row;
}

const sessionCount = async () => (await db.select({ n: sql<number>`count(*)::int` }).from(sessions))[0]?.n;

const userCount = async () => (await db.select({ n: sql<number>`count(*)::int` }).from(users))[0]?.n;

const registration = (email: string, extra: Json = {}) => ({
  user_name: 'Layla Haddad',
  user_email: email,
  user_password: 'correct-horse-9',
  confirm_password: 'correct-horse-9',
  privacy: 'on',
  ...extra,
});

describe('register and verify e-mail', () => {
  it('waits for the code without making an account, e-mails a code, and the code signs it in', async () => {
    const registered = await post('/auth/register', registration('layla@example.com'));
    expect(registered.status).toBe(200);
    expect(registered.body.data).toMatchObject({ user_email: 'layla@example.com', status: 0 });
    const registration_token = registered.body.data.registration_token as string;
    expect(registration_token.length).toBeGreaterThan(20);
    expect(registered.response.cookies.some((cookie) => cookie.name.endsWith('session_token'))).toBe(false);
    expect(await userByEmail('layla@example.com')).toBeUndefined();
    const mailed = await mail.sentTo('layla@example.com');
    expect(mailed).toHaveLength(1);
    // The code is in the body only: subjects show up in previews, lists and logs.
    expect(mailed[0]?.subject).toBe('Your Souk verification code');

    const wrong = await post('/auth/verify-email', {
      user_email: 'layla@example.com',
      code: '000000',
      registration_token,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Your verification code is not correct.');
    expect(await userByEmail('layla@example.com')).toBeUndefined();

    const code = await mail.lastCode('layla@example.com');
    const verified = await post('/auth/verify-email', { user_email: 'layla@example.com', code, registration_token });
    expect(verified.status).toBe(200);
    expect(verified.body.message).toBe('Login Success');
    const cookie = sessionCookie(verified.response);
    expect((await get('/auth/session', { cookie })).body.data).toMatchObject({ user_name: 'Layla Haddad' });
    expect((await userByEmail('layla@example.com'))?.status).toBe(USER_STATUS.active);

    const reused = await post('/auth/verify-email', { user_email: 'layla@example.com', code, registration_token });
    expect(reused.status).toBe(400);
    expect(reused.body.message).toBe('This registration is no longer waiting for a code. Register again or sign in.');
  });

  it('refuses an expired code and a resent code works', async () => {
    const registered = await post('/auth/register', registration('omar@example.com'));
    const registration_token = registered.body.data.registration_token as string;
    const code = await mail.lastCode('omar@example.com');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 11 * 60 * 1000);
    const expired = await post('/auth/verify-email', { user_email: 'omar@example.com', code, registration_token });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe('This code has expired. Ask for a new one.');
    expect(await userByEmail('omar@example.com')).toBeUndefined();

    const resent = await post('/auth/resend-code', { user_email: 'omar@example.com', registration_token });
    expect(resent.status).toBe(200);
    const fresh = await mail.lastCode('omar@example.com');
    const verified = await post('/auth/verify-email', {
      user_email: 'omar@example.com',
      code: fresh,
      registration_token,
    });
    expect(verified.status).toBe(200);
  });

  it('gives the spec messages for mismatched passwords and the missing privacy checkbox, in Arabic too', async () => {
    const before = await userCount();
    const mismatch = await post('/auth/register', registration('x@example.com', { confirm_password: 'other-pass-9' }));
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toBe('Passwords do not match.');
    const noPrivacy = await post('/auth/register', registration('x@example.com', { privacy: undefined }));
    expect(noPrivacy.body.message).toBe('Please select privacy policy!');
    const weak = await post(
      '/auth/register',
      registration('x@example.com', { user_password: 'short', confirm_password: 'short' }),
    );
    expect(weak.body.message).toBe('The password must be 8 to 128 characters long.');
    const arabic = await post('/auth/register', registration('x@example.com', { confirm_password: 'nope-nope-9' }), {
      lang: 'ar',
    });
    expect(arabic.body.message).not.toBe('Passwords do not match.');
    expect(arabic.body.message).toMatch(/[\u0600-\u06FF]/);
    expect(await userCount()).toBe(before);
  });

  it('refuses a phone number another account uses', async () => {
    await db.update(users).set({ userPhone: '+966507770000', phoneVerify: true }).where(eq(users.id, 'demo-user-11'));
    const before = await userCount();
    const taken = await post(
      '/auth/register',
      registration('phone-taken@example.com', { user_phone: '+966 50 777 0000' }),
    );
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('Another account already uses this phone number.');
    expect(await userCount()).toBe(before);
  });

  it('reads a local phone number in the picked country and stores it in E.164', async () => {
    await db.update(appSettings).set({ isEmailVerificationEnabled: false });
    const local = await post(
      '/auth/register',
      registration('local-phone@example.com', { user_phone: '050 765 4321', country: 'SA' }),
    );
    await db.update(appSettings).set({ isEmailVerificationEnabled: true });
    expect(local.status).toBe(200);
    expect((await userByEmail('local-phone@example.com'))?.userPhone).toBe('+966507654321');

    const before = await userCount();
    const noCountry = await post(
      '/auth/register',
      registration('no-country@example.com', { user_phone: '0507654321' }),
    );
    expect(noCountry.status).toBe(400);
    expect(noCountry.body.message).toBe(
      'Enter a valid phone number: choose its country, or start it with + and the country code.',
    );
    expect(await userCount()).toBe(before);
  });

  it('refuses an e-mail that already has an account', async () => {
    const taken = await post('/auth/register', registration('user01@souk.test'));
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('An account with this e-mail already exists.');
  });

  it('signs in at once when e-mail verification is switched off', async () => {
    await db.update(appSettings).set({ isEmailVerificationEnabled: false });
    const registered = await post('/auth/register', registration('instant@example.com'));
    await db.update(appSettings).set({ isEmailVerificationEnabled: true });
    expect(registered.body.message).toBe('Login Success');
    expect(registered.body.data).toHaveProperty('token');
    expect((await userByEmail('instant@example.com'))?.status).toBe(USER_STATUS.active);
  });
});

describe('login', () => {
  const login = (email: string, password: string, extra: Json = {}) =>
    post('/auth/login', { user_email: email, user_password: password, privacy: 'true', ...extra });

  it('signs in a demo user, gives a bearer token, and logout ends the session', async () => {
    const signedIn = await login('user02@souk.test', 'souk-demo-2026', { device_token: 'push-token-1' });
    expect(signedIn.status).toBe(200);
    expect((await userByEmail('user02@souk.test'))?.deviceToken).toBe('push-token-1');
    expect(signedIn.body.message).toBe('Login Success');
    const token = signedIn.body.data.token as string;
    expect((await get('/users/me', { token })).body.data).toMatchObject({ user_email: 'user02@souk.test' });
    const cookie = sessionCookie(signedIn.response);
    await post('/auth/logout', {}, { cookie });
    expect((await get('/auth/session', { cookie })).body.data).toMatchObject({ user_id: 'nologinuser' });
    expect((await userByEmail('user02@souk.test'))?.deviceToken).toBeNull();
  });

  it('answers wrong passwords, bad e-mails and the missing privacy checkbox with the exact messages', async () => {
    const sessionsBefore = await sessionCount();
    expect((await login('user02@souk.test', 'wrong-password')).body.message).toBe(
      'The e-mail or password is not correct.',
    );
    expect((await login('nobody@example.com', 'whatever-9')).body.message).toBe(
      'The e-mail or password is not correct.',
    );
    expect((await login('not-an-email', 'whatever-9')).body.message).toBe('Your email format is wrong.');
    expect((await login('user02@souk.test', 'souk-demo-2026', { privacy: undefined })).body.message).toBe(
      'You need to agree privacy policy.',
    );
    expect(await sessionCount()).toBe(sessionsBefore);
  });

  it('refuses banned, deactivated and pending accounts', async () => {
    await db.update(users).set({ isBanned: true }).where(eq(users.id, 'demo-user-03'));
    const banned = await login('user03@souk.test', 'souk-demo-2026');
    expect(banned.status).toBe(403);
    expect(banned.body.message).toBe('This account has been banned. Contact us if you think this is a mistake.');
    await db
      .update(users)
      .set({ isBanned: false, status: USER_STATUS.deactivated })
      .where(eq(users.id, 'demo-user-03'));
    expect((await login('user03@souk.test', 'souk-demo-2026')).body.message).toBe(
      'This account was deactivated and can no longer sign in.',
    );
    await db.update(users).set({ status: USER_STATUS.active }).where(eq(users.id, 'demo-user-03'));
    await post('/auth/register', registration('pending@example.com'));
    const pending = await login('pending@example.com', 'correct-horse-9');
    expect(pending.status).toBe(403);
    expect(pending.body.message).toBe('10001##Please verify your e-mail first. Enter the code we sent you.');
  });

  it('limits attempts per account', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++)
      statuses.push((await login('user04@souk.test', 'wrong-pass-1')).status);
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('social sign-in', () => {
  it('offers no provider the site has not configured', async () => {
    expect((await get('/auth/providers')).body.data).toEqual([]);
  });
});

describe('sessions', () => {
  it('ends a session left idle for more than a day, and any action renews it', async () => {
    const signedIn = await post('/auth/login', {
      user_email: 'user05@souk.test',
      user_password: 'souk-demo-2026',
      privacy: 'on',
    });
    const token = signedIn.body.data.token as string;
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start + 23 * 60 * 60 * 1000);
    expect((await get('/auth/session', { token })).body.data).toMatchObject({ user_id: 'demo-user-05' });
    // Renewed 23 hours in: still valid 46 hours after sign-in.
    vi.setSystemTime(start + 46 * 60 * 60 * 1000);
    expect((await get('/auth/session', { token })).body.data).toMatchObject({ user_id: 'demo-user-05' });
    // Then idle for 25 hours: gone.
    vi.setSystemTime(start + 71 * 60 * 60 * 1000);
    expect((await get('/auth/session', { token })).body.data).toMatchObject({ user_id: 'nologinuser' });
    expect((await get('/users/me', { token })).status).toBe(401);
  });

  it('gives browsers a renewed httpOnly cookie, rewriting the session at most once a minute', async () => {
    const signedIn = await post('/auth/login', {
      user_email: 'user05@souk.test',
      user_password: 'souk-demo-2026',
      privacy: 'on',
    });
    const first = signedIn.response.cookies.find((cookie) => cookie.name.endsWith('session_token'));
    expect(first).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 86_400 });
    const sessionCookieOf = async () =>
      (await get('/auth/session', { cookie: sessionCookie(signedIn.response) })).response.cookies.find((cookie) =>
        cookie.name.endsWith('session_token'),
      );
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start + 30 * 1000);
    expect(await sessionCookieOf()).toBeUndefined();
    vi.setSystemTime(start + (SESSION_RENEWAL_SECONDS + 1) * 1000);
    expect(await sessionCookieOf()).toMatchObject({ httpOnly: true, maxAge: 86_400 });
  });

  it('refuses cookie-authenticated writes from another site', async () => {
    const signedIn = await post('/auth/login', {
      user_email: 'user06@souk.test',
      user_password: 'souk-demo-2026',
      privacy: 'on',
    });
    const cookie = sessionCookie(signedIn.response);
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/users/me/settings?lang=en',
      headers: { cookie, origin: 'https://evil.example' },
      payload: { show_profile_on_items: false },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('This request came from another site and was refused.');
    const [row] = await db.select().from(users).where(eq(users.id, 'demo-user-06'));
    expect(row?.showProfileOnItems).toBe(true);
  });
});

describe('forgot password', () => {
  it('answers the same for unknown e-mails and resets with the code, ending other sessions', async () => {
    const unknown = await post('/auth/forgot-password', { user_email: 'ghost@example.com' });
    const known = await post('/auth/forgot-password', { user_email: 'user07@souk.test' });
    expect(unknown.body.message).toBe(known.body.message);
    expect(await mail.sentTo('ghost@example.com')).toEqual([]);

    const signedIn = await post('/auth/login', {
      user_email: 'user08@souk.test',
      user_password: 'souk-demo-2026',
      privacy: 'on',
    });
    await post('/auth/forgot-password', { user_email: 'user08@souk.test' });
    const resetMails = await mail.sentTo('user08@souk.test');
    expect(resetMails.map((message) => message.subject)).toEqual([
      expect.stringMatching(/^Your Souk password reset code/),
    ]);
    const code = await mail.lastCode('user08@souk.test');
    const mismatch = await post('/auth/reset-password', {
      user_email: 'user08@souk.test',
      code,
      password: 'brand-new-pass-1',
      confirm_password: 'other',
    });
    expect(mismatch.body.message).toBe('Passwords do not match.');
    const wrong = await post('/auth/reset-password', {
      user_email: 'user08@souk.test',
      code: '999999',
      password: 'brand-new-pass-1',
      confirm_password: 'brand-new-pass-1',
    });
    expect(wrong.body.message).toBe('Your verification code is not correct.');
    const reset = await post('/auth/reset-password', {
      user_email: 'user08@souk.test',
      code,
      password: 'brand-new-pass-1',
      confirm_password: 'brand-new-pass-1',
    });
    expect(reset.status).toBe(200);
    expect(await db.select().from(sessions).where(eq(sessions.userId, 'demo-user-08'))).toHaveLength(0);
    expect((await get('/auth/session', { token: signedIn.body.data.token as string })).body.data.user_id).toBe(
      'nologinuser',
    );
    const login = await post('/auth/login', {
      user_email: 'user08@souk.test',
      user_password: 'brand-new-pass-1',
      privacy: 'on',
    });
    expect(login.status).toBe(200);
  });
});
