import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page, Worker } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { dataOf } from './support/accounts.ts';
import { violationsOf } from './support/axe.ts';
import { pushesTo, subscribeToPush } from './support/push.ts';

/**
 * Issue 22, the notification centre: a buyer's offer raises the seller's bell live on both of their tabs and shows
 * the notice box and pushes to their device, where pressing the notification opens the chat; the notice leads to
 * the conversation; "mark all as read" clears the bell on both tabs; the
 * choices per kind are kept. Each screen in Arabic and English passes axe.
 */

type Tree = { [key: string]: string | Tree };
const english = JSON.parse(
  readFileSync(new URL('../app/i18n/locales/en/notifications.json', import.meta.url), 'utf8'),
) as Tree;
function en(path: string): string {
  let node: string | Tree | undefined = english;
  for (const part of path.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`no English text for ${path}`);
  return node;
}

const hydrated = (page: Page) => expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');

/**
 * Resolves once the page's realtime connection has said "ready": a notice sent before then reaches the tab only
 * as a count (in the ready frame), without the notice box. Call it before the page loads.
 */
const realtimeReady = (page: Page) =>
  new Promise<void>((resolve) => {
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes('"t":"ready"')) resolve();
      }),
    );
  });

async function offer(buyer: APIRequestContext, itemId: string, buyerId: string, sellerId: string, price: string) {
  const key = { item_id: itemId, buyer_user_id: buyerId, seller_user_id: sellerId };
  const opened = (await dataOf(await buyer.post('/api/v1/chats?lang=en', { data: key }))) as { chat: { id: string } };
  await dataOf(await buyer.post(`/api/v1/chats/${opened.chat.id}/offers?lang=en`, { data: { price } }));
  return opened.chat.id;
}

/**
 * Hands a push the local push service received to the browser's own service worker, as the browser's push
 * service would (DevTools' ServiceWorker.deliverPushMessage), until the worker shows it; answers that worker.
 * Installing the worker fetches the offline page in 16 languages: on a loaded machine that takes a while.
 */
async function deliverToServiceWorker(page: Page, text: string, shownText: string): Promise<Worker> {
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 60_000 })
    .toBe(true);
  const [worker] = page.context().serviceWorkers();
  if (!worker) throw new Error('no service worker runs for the page');
  const origin = new URL(page.url()).origin;
  const devtools = await page.context().newCDPSession(page);
  const registrations = new Map<string, string>();
  devtools.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
    for (const { registrationId, scopeURL, isDeleted } of updated) {
      if (isDeleted) registrations.delete(registrationId);
      else if (scopeURL === `${origin}/`) registrations.set(registrationId, scopeURL);
    }
  });
  await devtools.send('ServiceWorker.enable');
  await expect.poll(() => registrations.size).toBe(1);
  const [registrationId = ''] = registrations.keys();
  await expect(async () => {
    await devtools.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: text });
    await expect
      .poll(async () => (await shownNotifications(worker))[0]?.body ?? '', { timeout: 5_000 })
      .toContain(shownText);
  }).toPass({ timeout: 30_000 });
  return worker;
}

/** The notifications the service worker shows, as the system tray would list them. */
const shownNotifications = (worker: Worker) =>
  worker.evaluate(async () => {
    const registration = (self as unknown as { registration: ServiceWorkerRegistration }).registration;
    return (await registration.getNotifications()).map((shown) => ({ title: shown.title, body: shown.body }));
  });

/**
 * Presses the shown notification: the worker's "notificationclick" handler runs with it. Headless Chromium has
 * no system tray to press, so the event is dispatched in the worker; the handler's own code does the rest.
 */
const pressNotification = (worker: Worker) =>
  worker.evaluate(async () => {
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration;
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
      dispatchEvent(event: Event): boolean;
    };
    const [shown] = await scope.registration.getNotifications();
    if (!shown) throw new Error('no notification is shown');
    scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: shown }));
  });

async function expectAccessible(page: Page) {
  expect(await violationsOf(page)).toEqual([]);
}

test('an offer rings the seller’s bell live on every tab, leads to the chat, and is read everywhere', async ({
  newAccount,
}) => {
  test.slow();
  const [sellerAccount, buyerAccount] = await Promise.all([newAccount(), newAccount()]);
  const item = await sellerAccount.postListing({ status: 'active' });
  const first = await sellerAccount.newPage();
  const second = await first.context().newPage();
  const endpoint = await subscribeToPush(sellerAccount.request);
  await first.context().grantPermissions(['notifications']);
  let pushed = '';

  await test.step('the seller has read the welcome notice and has two tabs open, with nothing new', async () => {
    await dataOf(await sellerAccount.request.post('/api/v1/notifications/read-all?lang=en'));
    const live = [realtimeReady(first), realtimeReady(second)];
    await first.goto('/?lang=en');
    await second.goto('/notification?lang=en');
    await Promise.all([hydrated(first), hydrated(second), ...live]);
    await expect(first.getByTestId('bell-badge').filter({ visible: true })).toHaveCount(0);
  });

  await test.step('the buyer offers: both tabs count one, and the notice box tells of it', async () => {
    await offer(buyerAccount.request, item.id, buyerAccount.id, sellerAccount.id, '640');
    // The box first: it stays for ten seconds.
    const box = first.getByTestId('notice-box').filter({ visible: true });
    await expect(box).toContainText(buyerAccount.name);
    await expect(box).toContainText('640');
    for (const page of [first, second])
      await expect(page.getByTestId('bell-badge').filter({ visible: true })).toHaveText('1');
  });

  await test.step('the seller’s device gets a push that decrypts to the offer, leading to the chat', async () => {
    await expect.poll(async () => (await pushesTo(endpoint)).length).toBe(1);
    const [push] = await pushesTo(endpoint);
    expect(push?.title).toContain(buyerAccount.name);
    expect(push?.body).toContain('640');
    expect(push?.url).toMatch(/^\/chat\?item_id=/);
    pushed = push?.text ?? '';
  });

  await test.step('the browser shows the push as a notification; pressing it opens the chat', async () => {
    const worker = await deliverToServiceWorker(first, pushed, '640');
    await pressNotification(worker);
    // The worker takes a tab it controls to the chat (or, with none it may navigate, opens a window there).
    await expect
      .poll(
        () =>
          first
            .context()
            .pages()
            .some((tab) => /\/chat\?item_id=/.test(tab.url())),
        { timeout: 30_000 },
      )
      .toBe(true);
    await first.goto('/?lang=en');
    await second.goto('/notification?lang=en');
    await Promise.all([hydrated(first), hydrated(second)]);
  });

  await test.step('the list shows it; its page leads to the conversation', async () => {
    await second.reload();
    const row = second.getByTestId('notification-row').first();
    await expect(row).toContainText(buyerAccount.name);
    await row.getByRole('link').click();
    await expect(second).toHaveURL(/\/notification\/\d+/);
    await expectAccessible(second);
    await second.getByRole('link', { name: en('notifications.open.chat') }).click();
    await expect(second).toHaveURL(/\/chat\?item_id=/);
  });

  await test.step('"mark all as read" clears the bell on both tabs', async () => {
    // Away from the conversation: a tab looking at it reads its notices at once.
    await second.goto('/notification?lang=en');
    await hydrated(second);
    await offer(buyerAccount.request, item.id, buyerAccount.id, sellerAccount.id, '700');
    for (const page of [first, second])
      await expect(page.getByTestId('bell-badge').filter({ visible: true })).toHaveText('1');
    await second.reload();
    await hydrated(second);
    await second.getByRole('button', { name: en('notifications.markAllRead') }).click();
    for (const page of [first, second])
      await expect(page.getByTestId('bell-badge').filter({ visible: true })).toHaveCount(0);
  });
});

test('the choices per kind are kept, and each screen is accessible in Arabic and English', async ({ newAccount }) => {
  const account = await newAccount();
  const page = await account.newPage();
  for (const language of ['ar', 'en']) {
    await page.goto(`/notification?lang=${language}`);
    await hydrated(page);
    await expectAccessible(page);
    await page.goto(`/notification-settings?lang=${language}`);
    await hydrated(page);
    await expectAccessible(page);
  }
  const offersByPush = page.getByRole('checkbox', { name: /Offers on my listings: Push/ });
  await expect(offersByPush).toBeChecked();
  await offersByPush.uncheck();
  await page.getByRole('button', { name: en('notifications.settings.save') }).click();
  await expect(page.getByText(en('notifications.settings.saved'))).toBeVisible();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: /Offers on my listings: Push/ })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: /Offers on my listings: In the app/ })).toBeChecked();
});

test('a visitor is sent to log in; a notice that is not theirs is not found', async ({ page, newAccount }) => {
  await page.goto('/notification?lang=en');
  await expect(page).toHaveURL(/\/login\?redirect=notification/);
  const account = await newAccount();
  const signedIn = await account.newPage();
  for (const id of ['2147483647', 'nonsense', '0']) {
    expect((await signedIn.goto(`/notification/${id}?lang=en`))?.status()).toBe(404);
  }
});

test.describe('a notice whose code is late or cannot load', () => {
  // The service worker fetches built files itself, where a page's routes do not reach: without it here.
  test.use({ serviceWorkers: 'block' });

  test('leaves the page as it was: the bell counts it, no error page', async ({ newAccount }) => {
    const [sellerAccount, buyerAccount] = await Promise.all([newAccount(), newAccount()]);
    const item = await sellerAccount.postListing({ status: 'active' });
    const page = await sellerAccount.newPage();
    await dataOf(await sellerAccount.request.post('/api/v1/notifications/read-all?lang=en'));
    await page.route(/\/assets\/notice-box-[^/]+\.js$/, (route) => route.abort());
    const live = realtimeReady(page);
    await page.goto('/?lang=en');
    await Promise.all([hydrated(page), live]);
    await offer(buyerAccount.request, item.id, buyerAccount.id, sellerAccount.id, '310');
    await expect(page.getByTestId('bell-badge').filter({ visible: true })).toHaveText('1');
    await expect(page.locator('#recent-items')).toBeVisible();
    await expect(page.getByTestId('notice-box')).toHaveCount(0);
  });

  test('still shows its box when it came before the bell’s code loaded', async ({ newAccount }) => {
    const [sellerAccount, buyerAccount] = await Promise.all([newAccount(), newAccount()]);
    const item = await sellerAccount.postListing({ status: 'active' });
    const page = await sellerAccount.newPage();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/notices-live-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const noticeCame = new Promise<void>((resolve) => {
      page.on('websocket', (socket) =>
        socket.on('framereceived', ({ payload }) => {
          if (String(payload).includes('"t":"notices"')) resolve();
        }),
      );
    });
    const live = realtimeReady(page);
    await page.goto('/?lang=en');
    await live;
    await offer(buyerAccount.request, item.id, buyerAccount.id, sellerAccount.id, '515');
    await noticeCame;
    release();
    const box = page.getByTestId('notice-box').filter({ visible: true });
    await expect(box).toContainText(buyerAccount.name);
    await expect(box).toContainText('515');
  });
});
