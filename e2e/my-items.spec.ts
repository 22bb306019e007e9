import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { ADMIN, dataOf, type ListingOptions, signIn } from './support/accounts.ts';
import { violationsInBothThemes } from './support/axe.ts';

/**
 * Issue 9 point 5 (my lists) and point 3 (moderation): a seller's lists with their cards, load more and the
 * empty state; the moderation queue refused to members, and an admin approving and rejecting items whose
 * owner then finds the rejected one, with its reason, under /reject-items. Each seller is a new account with
 * the listings it needs; the demo data turns admin approval on.
 */

type Tree = { [key: string]: string | Tree };
const english = Object.fromEntries(
  ['items', 'common', 'console'].map((namespace) => [
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

/**
 * Before the page's JavaScript runs, a decision button is a plain form (approve at once, or a disclosure);
 * once hydrated it is a modal trigger. Press it only then, so the test sees the modal.
 */
async function pressOnceHydrated(decisionButton: Locator) {
  await expect(decisionButton).toHaveAttribute('aria-haspopup', 'dialog');
  await decisionButton.click();
}

/** 13 active listings (a page of 10 and 3 more) and two refused: one rejected, one disabled. */
const SELLERS_LISTINGS: ListingOptions[] = [
  ...Array.from({ length: 13 }, () => ({ status: 'active' as const })),
  { status: 'rejected' },
  { status: 'disabled' },
];

test('a seller sees their lists as cards, loads more, and moves between the lists', async ({ page, newAccount }) => {
  await (await newAccount({ joinedDaysAgo: 30, withListings: SELLERS_LISTINGS })).signIn(page);
  await page.goto('/active-items?lang=en');
  await expect(page.getByRole('heading', { level: 1, name: en('items:myItems.title.active') })).toBeVisible();
  const cards = page.getByTestId('my-items').getByTestId('item-card');
  await expect(cards).toHaveCount(10);
  await expect(cards.first().getByTestId('item-status')).toHaveText(en('items:item.badge.active'));
  await expect(cards.first().getByTestId('item-price')).toBeVisible();
  await expect(page.getByTestId('my-items-new-post')).toHaveAttribute('href', '/item-entry');

  await test.step('load more appends the next page', async () => {
    await page.getByRole('button', { name: en('common:common.loadMore') }).click();
    await expect(cards).toHaveCount(13);
    await expect(page.getByRole('button', { name: en('common:common.loadMore') })).toHaveCount(0);
  });

  await test.step('the rejected list shows each refusal with its reason', async () => {
    await page
      .getByRole('navigation', { name: en('items:myItems.listsLabel') })
      .getByRole('link', { name: en('items:myItems.tabs.rejected') })
      .click();
    await expect(page).toHaveURL(/\/reject-items/);
    const refused = page.getByTestId('my-items').getByTestId('item-card');
    await expect(refused).toHaveCount(2);
    await expect(refused.getByTestId('reject-reason')).toHaveCount(2);
    await expect(page.locator('[data-status="rejected"]')).toHaveCount(1);
    await expect(page.locator('[data-status="disabled"]')).toHaveCount(1);
  });
});

test('an empty list says No Result Found with the hint; a visitor is sent to login and back', async ({
  page,
  newAccount,
}) => {
  await page.goto('/pending-items?lang=en');
  await expect(page).toHaveURL(/\/login\?redirect=pending-items/);

  await (await newAccount()).signIn(page);
  await page.goto('/reject-items?lang=en');
  const empty = page.getByTestId('empty-state');
  await expect(empty).toContainText(en('common:messages.noResult'));
  await expect(empty).toContainText(en('common:messages.noResultHint'));
  await expect(page.getByTestId('item-card')).toHaveCount(0);
});

test('a member who is not an admin is refused at /admin/items', async ({ page, newAccount }) => {
  await (await newAccount()).signIn(page);
  const response = await page.goto('/admin/items?lang=en');
  expect(response?.status()).toBe(403);
  await expect(page.getByTestId('forbidden')).toContainText(en('console:console.forbiddenTitle'));
  await expect(page.getByTestId('moderation-row')).toHaveCount(0);
});

test('an admin approves one item and rejects another with a reason; the owner sees the reason', async ({
  page,
  newAccount,
}) => {
  // Two items posted through the API, two decisions and the owner's lists: a journey, not a single page.
  test.slow();
  const seller = await newAccount();
  const tag = randomBytes(4).toString('hex');
  const toApprove = await seller.postListing({ title: `Approve me ${tag}` });
  const toReject = await seller.postListing({ title: `Reject me ${tag}` });
  // Approval is on: both wait for the admin.
  expect([toApprove.status, toReject.status]).toEqual([0, 0]);
  const reason = `Photos do not match the title (${tag}).`;

  await signIn(page, ADMIN);
  await page.goto('/admin/items?status=pending&lang=en');
  await expect(page.getByRole('heading', { level: 1, name: en('items:moderation.title') })).toBeVisible();

  await test.step('approve', async () => {
    const row = page.locator(`[data-testid="moderation-row"][data-item-id="${toApprove.id}"]`);
    await pressOnceHydrated(row.getByTestId('decide-approve'));
    await page
      .getByRole('dialog')
      .getByRole('button', { name: en('items:moderation.confirm.approve'), exact: true })
      .click();
    await expect(page.getByTestId('flash-notice')).toContainText(en('items:moderation.done.approve'));
    await expect(row).toHaveCount(0);
    const item = await dataOf(await page.request.get(`/api/v1/items/${toApprove.id}`));
    expect(item.status).toBe(1);
  });

  await test.step('reject with a reason, asked for in a modal', async () => {
    const row = page.locator(`[data-testid="moderation-row"][data-item-id="${toReject.id}"]`);
    await pressOnceHydrated(row.getByTestId('decide-reject'));
    const dialog = page.getByRole('dialog');
    const field = dialog.getByRole('textbox', { name: en('items:moderation.reasonLabel') });
    await expect(field).toBeFocused();
    await field.fill(reason);
    await dialog.getByRole('button', { name: en('items:moderation.confirm.reject'), exact: true }).click();
    await expect(page.getByTestId('flash-notice')).toContainText(en('items:moderation.done.reject'));
    await expect(dialog).toHaveCount(0);
    await expect(row).toHaveCount(0);
  });

  await test.step('the rejected item, with its reason, under the status filter', async () => {
    await page.goto('/admin/items?status=rejected&lang=en');
    const row = page.locator(`[data-testid="moderation-row"][data-item-id="${toReject.id}"]`);
    await expect(row.getByTestId('moderation-reason')).toContainText(reason);
  });

  await test.step('the owner finds it under /reject-items with the reason', async () => {
    const owner = await seller.newPage();
    await owner.goto('/reject-items?lang=en');
    const card = owner.locator(`[data-testid="item-card"][data-item-id="${toReject.id}"]`);
    await expect(card.getByTestId('reject-reason')).toContainText(reason);
    await expect(card.getByTestId('item-status')).toHaveText(en('items:item.badge.rejected'));
    await owner.goto('/active-items?lang=en');
    await expect(owner.locator(`[data-testid="item-card"][data-item-id="${toApprove.id}"]`)).toBeVisible();
  });
});

test('the moderation queue and its reason modal pass WCAG 2.1 A and AA checks in Arabic and English', async ({
  page,
  newAccount,
}) => {
  test.slow();
  const listing = await (await newAccount()).postListing();
  await signIn(page, ADMIN);
  for (const language of ['ar', 'en']) {
    await test.step(language, async () => {
      await page.goto(`/admin/items?lang=${language}`);
      // The reason modal opens on this journey's own listing (and is cancelled).
      const row = page.locator(`[data-testid="moderation-row"][data-item-id="${listing.id}"]`);
      await expect(row).toBeVisible();
      expect.soft(await violationsInBothThemes(page), 'the queue').toEqual([]);
      await pressOnceHydrated(row.getByTestId('decide-reject'));
      await expect(page.getByRole('dialog')).toBeVisible();
      expect.soft(await violationsInBothThemes(page), 'the reason modal').toEqual([]);
      await page
        .getByRole('dialog')
        .getByRole('button', { name: language === 'en' ? 'Cancel' : 'إلغاء' })
        .click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });
  }
});
