import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { violationsInBothThemes } from './support/axe.ts';

/**
 * Issue 22 point 8: the site installs as an app (Chromium's own manifest check), its service worker serves an
 * offline page in the reader's language and keeps the built files (never API answers), and phones get a tab bar.
 */

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** Waits until the service worker is active and controls the page. */
async function controlledBy(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null)).toBe('activated');
}

async function expectAccessible(page: Page) {
  expect(await violationsInBothThemes(page)).toEqual([]);
}

async function withoutConsent(context: BrowserContext) {
  await context.addInitScript(() => localStorage.setItem('privacyConsent', 'accepted'));
}

test.describe('installable app', () => {
  test('Chromium finds the manifest installable, with PNG icons of 192, 512 and a maskable 512', async ({ page }) => {
    await page.goto('/?lang=en');
    const cdp = await page.context().newCDPSession(page);
    await test.step('no installability error', async () => {
      // Playwright's contexts are incognito ones, where Chromium never installs: that one reason is left out.
      const errors = async () =>
        (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors
          .map((error) => error.errorId)
          .filter((id) => id !== 'in-incognito');
      await expect.poll(errors).toEqual([]);
      const parsed = await cdp.send('Page.getAppManifest');
      expect(parsed.errors).toEqual([]);
      expect(parsed.url).toMatch(/\/manifest\.webmanifest$/);
    });
    const manifest = await (await page.request.get('/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({ display: 'standalone', start_url: '/', scope: '/', lang: 'ar', dir: 'rtl' });
    for (const icon of manifest.icons.filter((entry: { type: string }) => entry.type === 'image/png')) {
      const response = await page.request.get(icon.src);
      expect(response.headers()['content-type']).toBe('image/png');
    }
    expect(manifest.icons.map((icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`)).toEqual(
      expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
    );
  });

  test('the service worker is served fresh, for the whole site', async ({ page }) => {
    const response = await page.request.get('/sw.js');
    expect(response.headers()['cache-control']).toBe('no-cache');
    expect(response.headers()['service-worker-allowed']).toBe('/');
    expect(await response.text()).not.toContain("const VERSION = 'dev'");
  });
});

test.describe('offline', () => {
  for (const { language, title, retry } of [
    { language: 'ar', title: 'أنت غير متصل بالإنترنت', retry: 'حاول مرة أخرى' },
    { language: 'en', title: 'You are offline', retry: 'Try again' },
  ]) {
    test(`with the network off a page shows the offline page in ${language}, and built files still load`, async ({
      browser,
      baseURL,
    }) => {
      const context = await browser.newContext({ baseURL });
      await withoutConsent(context);
      const page = await context.newPage();
      await page.goto(`/?lang=${language}`);
      await test.step('the service worker controls the page', () => controlledBy(page));
      // A page fetched through the worker tells it the language; an API answer is fetched too.
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await page.evaluate(() => fetch('/api/v1/categories').then((response) => response.json()));
      const stylesheet = await page.locator('link[rel="stylesheet"]').first().getAttribute('href');

      await context.setOffline(true);
      await test.step('a page asked for offline is the offline page', async () => {
        await page.goto('/about');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect(page.getByRole('link', { name: retry })).toBeVisible();
        await expectAccessible(page);
      });
      await test.step('built files come from the cache', async () => {
        const status = await page.evaluate(
          (href) => fetch(String(href)).then((response) => response.status),
          stylesheet,
        );
        expect(status).toBe(200);
      });
      await test.step('no API answer was kept', async () => {
        const kept = await page.evaluate(async () => {
          const addresses: string[] = [];
          for (const name of await caches.keys()) {
            for (const request of await (await caches.open(name)).keys()) addresses.push(new URL(request.url).pathname);
          }
          return addresses;
        });
        expect(kept.some((path) => path.startsWith('/assets/'))).toBe(true);
        expect(kept.filter((path) => path.startsWith('/api/') || path.startsWith('/uploads/'))).toEqual([]);
      });
      await context.close();
    });
  }

  test('a push shows a notification and tells the open pages', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL });
    await withoutConsent(context);
    await context.grantPermissions(['notifications']);
    const page = await context.newPage();
    await page.goto('/?lang=en');
    await controlledBy(page);
    await page.evaluate(() => {
      const window_ = window as unknown as { pushed: unknown[] };
      window_.pushed = [];
      navigator.serviceWorker.addEventListener('message', (event) => window_.pushed.push(event.data));
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('ServiceWorker.enable');
    const registrationId = await new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const [registration] = registrations;
        if (registration) resolve(registration.registrationId);
      });
    });
    const payload = {
      title: 'Sara',
      body: 'Is it still for sale?',
      url: '/chat?chat_id=7',
      tag: 'chat-7',
      notification_id: 7,
    };
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(String(baseURL)).origin,
      registrationId,
      data: JSON.stringify(payload),
    });
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { pushed: unknown[] }).pushed))
      .toEqual([{ type: 'push', payload }]);
    // The worker tells the pages and shows the notification side by side; either may finish first.
    const shown = () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.getNotifications()).map((notice) => ({
          title: notice.title,
          tag: notice.tag,
          data: notice.data,
        }));
      });
    await expect
      .poll(shown)
      .toEqual([{ title: 'Sara', tag: 'chat-7', data: { url: '/chat?chat_id=7', notification_id: 7 } }]);
    await context.close();
  });
});

test.describe('tab bar on a phone', () => {
  test.use(PHONE);

  for (const { language, names } of [
    { language: 'en', names: ['Home', 'Search', 'Post', 'Messages', 'Account'] },
    { language: 'ar', names: ['الرئيسية', 'بحث', 'أضف إعلانًا', 'الرسائل', 'حسابي'] },
  ]) {
    test(`each tab leads where it says and the current one is marked (${language})`, async ({ page }) => {
      await withoutConsent(page.context());
      await page.goto(`/item-list?lang=${language}`);
      const bar = page.getByRole('navigation', { name: language === 'en' ? 'App sections' : 'أقسام التطبيق' });
      await expect(bar.getByRole('link')).toHaveText(names);
      await expect(bar.getByRole('link', { name: names[1] })).toHaveAttribute('aria-current', 'page');
      const box = await bar.boundingBox();
      expect(box && Math.round(box.y + box.height)).toBe(844);
      await expectAccessible(page);

      await bar.getByRole('link', { name: names[0] }).click();
      await expect(page).toHaveURL((url) => url.pathname === '/');
      await expect(bar.getByRole('link', { name: names[0] })).toHaveAttribute('aria-current', 'page');
      await expect(bar.locator('[aria-current]')).toHaveCount(1);
      await bar.getByRole('link', { name: names[1] }).click();
      await expect(page).toHaveURL((url) => url.pathname === '/item-list');
      // A visitor's Post, Chats and Account ask them to sign in first.
      await bar.getByRole('link', { name: names[2] }).click();
      await expect(page).toHaveURL((url) => url.pathname === '/login' || url.pathname === '/item-entry');
      await page.goto(`/?lang=${language}`);
      await bar.getByRole('link', { name: names[4] }).click();
      await expect(page).toHaveURL((url) => url.pathname === '/login');
      await expect(bar.getByRole('link', { name: names[4] })).toHaveAttribute('aria-current', 'page');
    });
  }

  test('a member: Chats opens the chat list and Account the profile', async ({ newAccount }) => {
    const member = await newAccount();
    const page = await member.newPage({ ...PHONE });
    await page.goto('/?lang=en');
    const bar = page.getByRole('navigation', { name: 'App sections' });
    await bar.getByRole('link', { name: 'Messages' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/chat-list');
    await expect(bar.getByRole('link', { name: 'Messages' })).toHaveAttribute('aria-current', 'page');
    await bar.getByRole('link', { name: 'Account' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/profile');
  });
});
