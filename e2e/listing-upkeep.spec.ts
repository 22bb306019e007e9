import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { dataOf } from './support/accounts.ts';
import { withDatabase } from './support/database.ts';
import { runScheduledJobNow } from './support/jobs.ts';

/**
 * Issue 23, listing lifetime, renew and bump: an owner moves a listing to the top of "Latest" for free, then
 * pays by bank transfer for another move, which happens once an admin approves the payment; a listing whose
 * lifetime ran out (its start moved back, then the lifetime job run as its schedule would) leaves the public
 * lists, its owner is told, finds it under Expired and renews it. The demo gives a free move every 7 days and
 * sells more at 5 SAR; listings live 60 days, their owners told 3 days before.
 */

type Tree = { [key: string]: string | Tree };
const english = Object.fromEntries(
  ['items', 'payments'].map((namespace) => [
    namespace,
    JSON.parse(readFileSync(new URL(`../app/i18n/locales/en/${namespace}.json`, import.meta.url), 'utf8')) as Tree,
  ]),
);
/** The English text of `namespace:dotted.key`, without interpolation. */
function en(key: string): string {
  const [namespace = '', path = ''] = key.split(':');
  let node: string | Tree | undefined = english[namespace];
  for (const part of path.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`no English text for ${key}`);
  return node;
}

const DAY_MS = 86_400_000;

/**
 * The seller's public listings, newest first, as "Latest" orders them (other journeys post listings meanwhile,
 * so the whole list's first place is not this journey's to check).
 */
async function latestIds(client: APIRequestContext, sellerId: string) {
  const query = new URLSearchParams({ addedUserId: sellerId, order_by: 'added_date', orderType: 'desc', view: 'card' });
  const page = await dataOf(await client.get(`/api/v1/items?${query}`));
  return (page.items as Array<{ id: string }>).map((item) => item.id);
}

test('an owner moves a listing to the top for free, then pays by transfer for another move', async ({
  page,
  newAccount,
  moderator,
}) => {
  test.slow();
  const seller = await newAccount({ withListings: 2 });
  await seller.signIn(page);
  // The two were posted at once: the one "Latest" shows second is the older.
  const [newestId] = await latestIds(seller.request, seller.id);
  const newer = seller.listings.find((listing) => listing.id === newestId);
  const older = seller.listings.find((listing) => listing.id !== newestId);
  if (!older || !newer) throw new Error('the seller has no listings');

  await test.step('the free move: from the listing, one press, and it leads Latest', async () => {
    await page.goto(`/item/${encodeURIComponent(older.item_name)}?lang=en`);
    const upkeep = page.getByTestId('listing-upkeep');
    await expect(upkeep).toContainText('Shown until');
    await upkeep.getByRole('link', { name: en('items:item.upkeep.bumpFree') }).click();
    await expect(page).toHaveURL(new RegExp(`/bump\\?item_id=${older.id}`));
    await expect(page.getByRole('heading', { level: 1, name: en('payments:payments.bump.title') })).toBeVisible();
    await page.getByRole('button', { name: en('payments:payments.bump.submitFree') }).click();
    await expect(page.getByTestId('bump-done')).toContainText(en('payments:payments.bump.doneTitle'));
    expect((await latestIds(seller.request, seller.id))[0]).toBe(older.id);
  });

  let paymentId = '';
  await test.step('a second move in the same week is paid: the bank transfer waits for approval', async () => {
    await page.goto(`/item/${encodeURIComponent(older.item_name)}?lang=en`);
    await page.getByTestId('bump-link').click();
    const form = page.getByTestId('bump-form');
    await expect(page.getByTestId('bump-total')).toContainText('SAR 5.00');
    await form.getByRole('radio', { name: /Bank transfer/ }).check();
    await form.getByLabel(en('payments:payments.promote.reference')).fill('TRX-BUMP-1');
    await form.getByRole('button', { name: en('payments:payments.bump.submitOffline') }).click();
    const waiting = page.getByTestId('bump-waiting');
    await expect(waiting.getByTestId('amount-due')).toHaveText('SAR 5.00');
    paymentId = (await waiting.getByTestId('receipt-link').getAttribute('href'))?.split('/').pop() ?? '';
    expect(paymentId).toMatch(/^[0-9a-f-]{36}$/);
  });

  await test.step('the newer listing leads until the admin approves; then the bumped one does again', async () => {
    await dataOf(await seller.request.post(`/api/v1/items/${newer.id}/bump`, { data: {} }));
    expect((await latestIds(seller.request, seller.id))[0]).toBe(newer.id);
    const admin = await moderator();
    await dataOf(await admin.post(`/api/v1/admin/payments/${paymentId}/review`, { data: { decision: 'approve' } }));
    await expect(async () => expect((await latestIds(seller.request, seller.id))[0]).toBe(older.id)).toPass({
      timeout: 60_000,
    });
  });
});

test('an expired listing leaves the lists, its owner is told and renews it', async ({ page, request, newAccount }) => {
  test.slow();
  const seller = await newAccount({ withListings: 1 });
  await seller.signIn(page);
  const [listing] = seller.listings;
  if (!listing) throw new Error('the seller has no listing');
  const startLifetime = (daysAgo: number) =>
    withDatabase((db) =>
      db.query('update items set renewed_at = $2 where id = $1', [listing.id, new Date(Date.now() - daysAgo * DAY_MS)]),
    );
  const visitorAnswer = async () => (await request.get(`/api/v1/items/${listing.id}`)).status();

  await test.step('two days before its end the owner may renew it early', async () => {
    await startLifetime(58);
    await runScheduledJobNow('items.lifetime');
    await page.goto(`/item/${encodeURIComponent(listing.item_name)}?lang=en`);
    await expect(page.getByTestId('renew-listing')).toHaveText(en('items:item.upkeep.renew'));
  });

  await test.step('once its lifetime ends, the job expires it: gone from Latest, Expired for its owner', async () => {
    await startLifetime(61);
    await runScheduledJobNow('items.lifetime');
    await expect(async () => {
      await page.goto('/expired-items?lang=en');
      await expect(page.locator(`[data-testid="item-card"][data-item-id="${listing.id}"]`)).toBeVisible({
        timeout: 2_000,
      });
    }).toPass({ timeout: 60_000 });
    const card = page.locator(`[data-testid="item-card"][data-item-id="${listing.id}"]`);
    await expect(card.getByTestId('item-status')).toHaveText(en('items:item.badge.expired'));
    expect(await latestIds(seller.request, seller.id)).not.toContain(listing.id);
    expect(await visitorAnswer()).toBe(404);
  });

  await test.step('the owner was told, in the notification centre', async () => {
    await page.goto('/notification?lang=en');
    await expect(page.getByText('Your listing has expired')).toBeVisible();
    await expect(page.getByText('Your listing expires soon')).toBeVisible();
  });

  await test.step('Renew shows it again for a new lifetime', async () => {
    await page.goto('/expired-items?lang=en');
    const card = page.locator(`[data-testid="item-card"][data-item-id="${listing.id}"]`);
    await card.getByRole('button', { name: en('items:item.upkeep.renewExpired') }).click();
    await expect(card).toHaveCount(0);
    await page.goto('/active-items?lang=en');
    await expect(page.locator(`[data-testid="item-card"][data-item-id="${listing.id}"]`)).toBeVisible();
    expect(await visitorAnswer()).toBe(200);
  });
});
