import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures.ts';

/**
 * Issue 9 point 5 (my lists) and point 3 (moderation): a seller's lists with their cards, load more and the
 * empty state; the moderation queue refused to members, and an admin approving and rejecting items whose
 * owner then finds the rejected one, with its reason, under /reject-items. Demo data: user01 has 13 active
 * items, one pending and two refused (rejected, disabled); user10 has none refused; admin approval is on.
 */

const PASSWORD = 'souk-demo-2026';
const ADMIN = { user_email: 'admin@souk.test', user_password: 'souk-admin-2026', privacy: 'on' };

type Tree = { [key: string]: string | Tree };
const english = Object.fromEntries(
  ['items', 'common'].map((namespace) => [
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

const WCAG_21_A_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** WCAG 2.1 A and AA violations of the page as it is now, in the light and in the dark theme. */
async function violationsInBothThemes(page: Page) {
  const found: string[] = [];
  for (const dark of [false, true]) {
    await page.evaluate((isDark) => document.documentElement.classList.toggle('dark', isDark), dark);
    const results = await new AxeBuilder({ page })
      .options({ resultTypes: ['violations'] })
      .withTags(WCAG_21_A_AA)
      .analyze();
    for (const violation of results.violations) {
      found.push(
        `${dark ? 'dark' : 'light'}: ${violation.id} (${violation.nodes.map((node) => node.target).join(', ')})`,
      );
    }
  }
  return found;
}

/**
 * Before the page's JavaScript runs, a decision button is a plain form (approve at once, or a disclosure);
 * once hydrated it is a modal trigger. Press it only then, so the test sees the modal.
 */
async function pressOnceHydrated(decisionButton: Locator) {
  await expect(decisionButton).toHaveAttribute('aria-haspopup', 'dialog');
  await decisionButton.click();
}

async function signIn(request: APIRequestContext, user_email: string, user_password = PASSWORD) {
  const response = await request.post('/api/v1/auth/login', { data: { user_email, user_password, privacy: 'on' } });
  expect(response.ok(), `sign in as ${user_email}`).toBe(true);
}

// biome-ignore lint/suspicious/noExplicitAny: the test reads the API's answers loosely, field by field.
type Answer = any;

const dataOf = async (response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<Answer> => {
  expect(response.ok(), `${response.url()} answered ${response.status()}`).toBe(true);
  return ((await response.json()) as { data: Answer }).data;
};

/** Posts an item through the API (a photo uploaded as a draft first); approval is on, so it is pending. */
async function postItem(request: APIRequestContext, title: string) {
  const buffer = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3b82f6' } })
    .jpeg({ quality: 80 })
    .toBuffer();
  const image = await dataOf(
    await request.post('/api/v1/item-uploads/photos', {
      multipart: { file: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer } },
    }),
  );
  const options = await dataOf(await request.get('/api/v1/item-entry/options'));
  const category = options.categories.find((entry: { is_vehicle: boolean }) => !entry.is_vehicle);
  const subcategories = await dataOf(await request.get(`/api/v1/categories/${category.cat_id}/subcategories`));
  const city = options.locations[0];
  const townships = await dataOf(await request.get(`/api/v1/locations/${city.id}/townships`));
  const item = await dataOf(
    await request.post('/api/v1/items', {
      data: {
        image_ids: [image.img_id],
        title,
        cat_id: category.cat_id,
        sub_cat_id: subcategories.items[0].id,
        item_type_id: options.item_types[0].id,
        price: '150',
        item_price_type_id: options.price_types[0].id,
        item_currency_id: options.currencies[0].id,
        condition_of_item_id: options.conditions[0].id,
        brand: 'Souk',
        business_mode: false,
        deal_option_id: options.deal_options[0].id,
        item_location_id: city.id,
        item_location_township_id: townships.items[0].id,
        description: `${title}: a test item for the moderation queue.`,
      },
    }),
  );
  expect(item.status).toBe(0);
  return item as { id: string; title: string };
}

test('a seller sees their lists as cards, loads more, and moves between the lists', async ({ page }) => {
  await signIn(page.request, 'user01@souk.test');
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

test('an empty list says No Result Found with the hint; a visitor is sent to login and back', async ({ page }) => {
  await page.goto('/pending-items?lang=en');
  await expect(page).toHaveURL(/\/login\?redirect=pending-items/);

  await signIn(page.request, 'user10@souk.test');
  await page.goto('/reject-items?lang=en');
  const empty = page.getByTestId('empty-state');
  await expect(empty).toContainText(en('common:messages.noResult'));
  await expect(empty).toContainText(en('common:messages.noResultHint'));
  await expect(page.getByTestId('item-card')).toHaveCount(0);
});

test('a member who is not an admin is refused at /admin/items', async ({ page }) => {
  await signIn(page.request, 'user02@souk.test');
  const response = await page.goto('/admin/items?lang=en');
  expect(response?.status()).toBe(403);
  await expect(page.getByTestId('forbidden')).toContainText(en('items:moderation.forbiddenTitle'));
  await expect(page.getByTestId('moderation-row')).toHaveCount(0);
});

test('an admin approves one item and rejects another with a reason; the owner sees the reason', async ({
  page,
  browser,
  baseURL,
}) => {
  // Two items posted through the API, two decisions and the owner's lists: a journey, not a single page.
  test.slow();
  const seller = await browser.newContext({ baseURL });
  // user12 is no other journey's account (code-screens changes user11's password).
  await signIn(seller.request, 'user12@souk.test');
  const tag = randomBytes(4).toString('hex');
  const toApprove = await postItem(seller.request, `Approve me ${tag}`);
  const toReject = await postItem(seller.request, `Reject me ${tag}`);
  const reason = `Photos do not match the title (${tag}).`;

  await signIn(page.request, ADMIN.user_email, ADMIN.user_password);
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
  await seller.close();
});

test('the moderation queue and its reason modal pass WCAG 2.1 A and AA checks in Arabic and English', async ({
  page,
}) => {
  test.slow();
  await signIn(page.request, ADMIN.user_email, ADMIN.user_password);
  for (const language of ['ar', 'en']) {
    await test.step(language, async () => {
      await page.goto(`/admin/items?lang=${language}`);
      const row = page.getByTestId('moderation-row').first();
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
