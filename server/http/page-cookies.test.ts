import { describe, expect, it } from 'vitest';
import { signInDemoUser } from '../testing/app.ts';
import { buildWebAppIfNeeded } from '../testing/process.ts';
import { useTestApp } from '../testing/use-test-app.ts';

/** Cookies anyone can write (language, notice, sign-up steps): a broken one is ignored, never a 500. */
buildWebAppIfNeeded();

const ctx = useTestApp({ web: true });

const page = (url: string, cookie: string) => ctx.app.inject({ url, headers: { cookie } });

describe('a malformed page cookie', () => {
  it.each([
    ['lang', 'lang=%E0%A4%A'],
    ['flash', 'souk_flash=%E0%A4%A'],
    ['pending e-mail step', 'souk_pending_email=%E0%A4%A'],
    ['pending phone step', 'souk_pending_phone=%E0%A4%A'],
    ['password reset step', 'souk_password_reset=%E0%A4%A'],
    ['login e-mail', 'souk_login_email=%E0%A4%A'],
  ])('a broken %s cookie is ignored', async (_name, cookie) => {
    for (const url of ['/', '/login', '/verify-email', '/verify-code', '/forgot-password']) {
      const response = await page(url, cookie);
      expect(response.statusCode, `${url} with ${cookie}`).toBeLessThan(500);
    }
  });

  it('a broken lang cookie leaves the page in Arabic', async () => {
    const response = await page('/', 'lang=%E0%A4%A');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<html lang="ar" dir="rtl"');
  });
});

describe('the remembered language', () => {
  it('a language chosen on a page is remembered by pages and the API', async () => {
    const chosen = await ctx.app.inject({ url: '/?lang=de' });
    const remembered = chosen.cookies.find((cookie) => cookie.name === 'lang');
    expect(remembered?.maxAge).toBeGreaterThan(0);
    const cookie = `lang=${remembered?.value}`;
    expect((await page('/', cookie)).body).toContain('<html lang="de"');
    const api = (headers: Record<string, string>) => ctx.app.inject({ url: '/api/v1/no-such-route', headers });
    const german = (await api({ cookie })).json().message;
    expect(german).not.toBe((await api({})).json().message);
    expect(german).toBe((await api({ cookie: 'lang=de' })).json().message);
  });
});

/** A cookie value as the unsigned step cookies were written: base64url JSON anyone could produce. */
const forged = (value: Record<string, string>) =>
  Buffer.from(JSON.stringify({ ...value, codeSentAt: String(Date.now()) })).toString('base64url');

/** The page as shown, without its scripts (they carry every text of its namespaces). */
const shown = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, '');

describe('step and notice cookies are signed by the server', () => {
  it('a notice the server handed over is shown once', async () => {
    const { cookie: session } = await signInDemoUser(ctx.app, 'user04@souk.test');
    const loggedOut = await ctx.app.inject({
      method: 'POST',
      url: '/logout',
      headers: {
        host: 'localhost:3000',
        origin: 'http://localhost:3000',
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/x-www-form-urlencoded',
        cookie: session,
      },
      payload: '',
    });
    const notice = loggedOut.cookies.find((cookie) => cookie.name === 'souk_flash');
    expect(notice?.httpOnly).toBe(true);
    const next = await page('/?lang=en', `souk_flash=${notice?.value}`);
    expect(shown(next.body)).toContain('You have signed out.');
    expect(next.cookies.find((cookie) => cookie.name === 'souk_flash')?.value).toBe('');
  });

  it('a notice the browser wrote itself is not shown', async () => {
    for (const value of ['auth.loggedOut', Buffer.from('"auth.loggedOut"').toString('base64')]) {
      const response = await page('/?lang=en', `souk_flash=${value}`);
      expect(response.statusCode).toBe(200);
      expect(shown(response.body)).not.toContain('You have signed out.');
    }
  });

  it('a login address the browser wrote itself is not filled in', async () => {
    const response = await page('/login?lang=en', `souk_login_email=${forged({ userEmail: 'victim@example.com' })}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('victim@example.com');
  });

  it('a pending registration the browser wrote itself does not open the code step', async () => {
    const cookie = `souk_pending_email=${forged({
      userId: 'someone',
      userName: 'Someone',
      userEmail: 'someone@example.com',
      registrationToken: 'token',
    })}`;
    const response = await page('/verify-email?lang=en', cookie);
    expect(response.body).not.toContain('someone@example.com');
  });
});
