import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/**
 * Issue 22 "Recently viewed": what a visitor opens is kept in their browser and shown on /recently-viewed;
 * what a signed-in person opens is kept on the server, shown as a rail on the dashboard and on the page, and
 * cleared from the settings dialog. A listing deleted since drops out.
 */

const hydrated = (page: Page) => expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
const cardTitles = (page: Page) => page.getByTestId('recently-viewed-items').getByRole('heading', { level: 2 });

test('a visitor’s recently viewed, kept in the browser: latest first, deleted ones gone, cleared', async ({
  page,
  newAccount,
}) => {
  const seller = await newAccount();
  const [first, second, third] = await Promise.all([
    seller.postListing({ status: 'active', title: 'Recent visitor first lamp' }),
    seller.postListing({ status: 'active', title: 'Recent visitor second chair' }),
    seller.postListing({ status: 'active', title: 'Recent visitor third table' }),
  ]);

  await test.step('the visitor opens three item pages, the first one again at the end', async () => {
    for (const listing of [first, second, third, first]) {
      await page.goto(`/item/${encodeURIComponent(listing.item_name)}?lang=en`);
      await hydrated(page);
    }
  });

  await test.step('the seller deletes one; the page lists the others, the latest first', async () => {
    expect((await seller.request.delete(`/api/v1/items/${second.id}`)).ok()).toBe(true);
    await page.goto('/recently-viewed?lang=en');
    await expect(page.getByRole('heading', { level: 1, name: 'Recently viewed' })).toBeVisible();
    await expect(cardTitles(page)).toHaveText([first.title, third.title]);
  });

  await test.step('clearing empties it, and it stays empty', async () => {
    await page.getByRole('button', { name: 'Clear recently viewed' }).click();
    await expect(page.getByTestId('empty-state')).toContainText('Listings you open will appear here.');
    await page.reload();
    await expect(page.getByTestId('empty-state')).toBeVisible();
  });
});

test('a member’s recently viewed: a dashboard rail, the page and a profile link, in Arabic, cleared in settings', async ({
  page,
  newAccount,
  freshUser,
}) => {
  const seller = await newAccount();
  const [lamp, chair] = await Promise.all([
    seller.postListing({ status: 'active', title: 'Recent member lamp' }),
    seller.postListing({ status: 'active', title: 'Recent member chair' }),
  ]);
  const own = await freshUser.postListing({ status: 'active', title: 'Recent member own bike' });

  await test.step('no rail before anything was opened', async () => {
    await page.goto('/?lang=ar');
    await expect(page.locator('#recent-items')).toBeVisible();
    await expect(page.locator('#recently-viewed')).toHaveCount(0);
  });

  await test.step('opening two listings and one’s own puts the two on the dashboard, the latest first', async () => {
    for (const listing of [lamp, own, chair]) {
      await page.goto(`/item/${encodeURIComponent(listing.item_name)}?lang=ar`);
      await expect(page.locator('h1')).toHaveText(listing.title);
    }
    await page.goto('/?lang=ar');
    const rail = page.locator('#recently-viewed');
    await expect(rail.getByRole('heading', { level: 2, name: 'شوهدت مؤخرًا' })).toBeVisible();
    await expect(rail.getByTestId('item-rail').getByRole('listitem')).toHaveCount(2);
    await expect(rail.getByTestId('item-rail').getByRole('listitem').first()).toContainText(chair.title);
    await rail.getByRole('link', { name: /شوهدت مؤخرًا/ }).click();
    await expect(page).toHaveURL(/\/recently-viewed/);
    await expect(cardTitles(page)).toHaveText([chair.title, lamp.title]);
  });

  await test.step('“Clear recently viewed” in the settings dialog empties the rail and the page', async () => {
    await page.goto('/profile?lang=ar');
    await hydrated(page);
    await expect(page.getByTestId('social-lists-links').getByRole('link', { name: 'شوهدت مؤخرًا' })).toHaveAttribute(
      'href',
      '/recently-viewed',
    );
    await page.getByRole('button', { name: 'الإعدادات' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'مسح ما شوهد مؤخرًا' }).click();
    await expect(dialog.getByText('تم مسح الإعلانات التي شوهدت مؤخرًا.')).toBeVisible();
    await page.goto('/?lang=ar');
    await expect(page.locator('#recent-items')).toBeVisible();
    await expect(page.locator('#recently-viewed')).toHaveCount(0);
    await page.goto('/recently-viewed?lang=ar');
    await expect(page.getByTestId('empty-state')).toBeVisible();
  });
});

test('what a visitor opened joins their account’s list when they sign in', async ({ page, newAccount }) => {
  const [seller, member] = await Promise.all([newAccount(), newAccount()]);
  const [vase, rug] = await Promise.all([
    seller.postListing({ status: 'active', title: 'Recent before sign-in vase' }),
    seller.postListing({ status: 'active', title: 'Recent before sign-in rug' }),
  ]);
  for (const listing of [vase, rug]) {
    await page.goto(`/item/${encodeURIComponent(listing.item_name)}?lang=en`);
    await hydrated(page);
    // The page keeps it in the browser once its code has loaded: leaving before that would lose it.
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('souk_recently_viewed') ?? ''))
      .toContain(listing.id);
  }
  await member.signIn(page);
  await page.goto('/?lang=en');
  const rail = page.locator('#recently-viewed').getByTestId('item-rail').getByRole('listitem');
  await expect(rail).toHaveCount(2);
  await expect(rail.first()).toContainText(rug.title);
  expect(await page.evaluate(() => localStorage.getItem('souk_recently_viewed'))).toBeNull();
  await page.goto('/recently-viewed?lang=en');
  await expect(cardTitles(page)).toHaveText([rug.title, vase.title]);
});
