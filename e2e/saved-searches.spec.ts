import { randomBytes } from 'node:crypto';
import { expect, test } from './fixtures.ts';
import { dataOf } from './support/accounts.ts';
import { violationsInBothThemes } from './support/axe.ts';
import { runScheduledJobNow } from './support/jobs.ts';
import { mailsTo } from './support/outbox.ts';
import { pushesTo, subscribeToPush } from './support/push.ts';

/**
 * Issue 22 point 5: a visitor pressing "Save this search" is sent to log in; a member saves a search from the
 * item list, another member posts a listing that matches it, and the saver's /saved-searches shows one new ad;
 * running the search opens the item list with its filters and the count falls to none. Axe-clean in Arabic
 * (right to left) and English, light and dark, on a phone and a desktop; screenshots go to test-results.
 * Each new match rings the saver's bell and pushes to their device at once; the day's matches come in one digest.
 */

test('a visitor who presses Save this search is sent to log in and back', async ({ page }) => {
  await page.goto('/item-list?search_term=camera&lang=en');
  await page.getByTestId('save-search').click();
  await expect(page).toHaveURL(/\/login\?redirect=item-list/);
});

test('save a search, another member posts a match, the saver sees it and runs the search', async ({
  page,
  freshUser,
  newAccount,
}) => {
  // Two browser contexts, a listing posted and approved, axe in two languages and themes: the long kind.
  test.slow();
  const word = `lamp${randomBytes(3).toString('hex')}`;
  await test.step('save the search from the item list', async () => {
    await page.goto(`/item-list?search_term=${word}&lang=en`);
    await page.getByTestId('save-search').click();
    await expect(page.getByTestId('save-search-status')).toContainText('Search saved');
    await page.screenshot({ path: test.info().outputPath('save-search-en.png') });
  });
  await test.step('another member posts a matching listing, approved by the admin', async () => {
    const seller = await newAccount();
    await seller.postListing({ title: `Desk ${word} in good order`, status: 'active' });
  });
  await test.step('the saved search shows one new ad, in English and in Arabic', async () => {
    await expect(async () => {
      await page.goto('/saved-searches?lang=en');
      await expect(page.getByTestId('saved-search-new')).toHaveText('New ads: 1', { timeout: 1000 });
    }).toPass();
    await expect(page.getByTestId('saved-search')).toContainText(`Search: ${word}`);
    expect(await violationsInBothThemes(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('saved-searches-en.png'), fullPage: true });
    await page.goto('/saved-searches?lang=ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    expect(await violationsInBothThemes(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('saved-searches-ar.png'), fullPage: true });
    await page.setViewportSize({ width: 375, height: 740 });
    await page.screenshot({ path: test.info().outputPath('saved-searches-ar-phone.png'), fullPage: true });
  });
  await test.step('running it opens the list with its filters; the count falls to none', async () => {
    await page.goto('/saved-searches?lang=en');
    await page.getByTestId('saved-search-run').click();
    await expect(page).toHaveURL(new RegExp(`/item-list\\?search_term=${word}`));
    await page.goto('/saved-searches?lang=en');
    await expect(page.getByTestId('saved-search-new')).toHaveText('No new ads');
    // The delete button asks first: its question needs the page's scripts running.
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  });
  await test.step('delete it', async () => {
    await page.getByTestId('saved-search-delete').click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByTestId('saved-search')).toHaveCount(0);
  });
  expect(freshUser).toBeTruthy();
});

test('each new match rings the bell and pushes at once; the day’s matches come in one digest mail', async ({
  page,
  freshUser,
  newAccount,
}) => {
  test.slow();
  const word = `vase${randomBytes(3).toString('hex')}`;
  const endpoint = await subscribeToPush(freshUser.request);
  await dataOf(await freshUser.request.post('/api/v1/notifications/read-all?lang=en'));
  const seller = await newAccount();
  const digestsOfWord = async () => (await mailsTo(freshUser.email)).filter((mail) => mail.text.includes(word));

  await test.step('save the search; nothing is new', async () => {
    await page.goto(`/item-list?search_term=${word}&lang=en`);
    await page.getByTestId('save-search').click();
    await expect(page.getByTestId('save-search-status')).toContainText('Search saved');
    await expect(page.getByTestId('bell-badge').filter({ visible: true })).toHaveCount(0);
  });

  await test.step('a first match: the bell counts it live and the device gets its push', async () => {
    await seller.postListing({ title: `Blue ${word} from Jeddah`, status: 'active' });
    await expect(page.getByTestId('bell-badge').filter({ visible: true })).toHaveText('1');
    await expect.poll(async () => (await pushesTo(endpoint)).length).toBe(1);
    const [push] = await pushesTo(endpoint);
    expect(push?.title).toContain(word);
    expect(push?.body).toContain(`Blue ${word} from Jeddah`);
    expect(push?.url).toMatch(/^\/saved-searches\//);
  });

  await test.step('a second match the same day: one more push, the same notice now counting two', async () => {
    await seller.postListing({ title: `Tall ${word} with flowers`, status: 'active' });
    await expect.poll(async () => (await pushesTo(endpoint)).length).toBe(2);
    await page.goto('/notification?lang=en');
    const row = page.getByTestId('notification-row').first();
    await expect(row).toContainText(word);
    await expect(row).toContainText('(2)');
  });

  await test.step('the day’s digest is one mail with both listings', async () => {
    await runScheduledJobNow('notifications.digest');
    await expect.poll(async () => (await digestsOfWord()).length).toBe(1);
    const [digest] = await digestsOfWord();
    expect(digest?.text).toContain(`Blue ${word} from Jeddah`);
    expect(digest?.text).toContain(`Tall ${word} with flowers`);
  });

  await test.step('the next digest tells only of what came after the last one', async () => {
    await seller.postListing({ title: `Small ${word} of glass`, status: 'active' });
    await expect.poll(async () => (await pushesTo(endpoint)).length).toBe(3);
    await runScheduledJobNow('notifications.digest');
    await expect.poll(async () => (await digestsOfWord()).length).toBe(2);
    const [, next] = await digestsOfWord();
    expect(next?.text).toContain(`Small ${word} of glass`);
    expect(next?.text).not.toContain(`Blue ${word} from Jeddah`);
  });
});
