import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures.ts';

/**
 * The item entry form (/item-entry) in Arabic at a phone's size: required messages and focus on an empty
 * send, photos resized and uploaded with their own state, reordered, a 20-second video with a thumbnail drawn in the browser, the draft kept through a reload,
 * the item posted and its page reached with the pending notice; a video of a minute or more refused before
 * upload; a visitor sent to login and back.
 * Texts come from the Arabic locale files, so the test reads what an Arabic reader sees.
 */

type Tree = { [key: string]: string | Tree };
const locale = (namespace: string): Tree =>
  JSON.parse(readFileSync(new URL(`../app/i18n/locales/ar/${namespace}.json`, import.meta.url), 'utf8')) as Tree;
const namespaces = Object.fromEntries(['items', 'forms', 'common', 'auth'].map((name) => [name, locale(name)]));
/** The Arabic text of `namespace:dotted.key` with its {{values}} filled in. */
function ar(key: string, values: Record<string, string | number> = {}): string {
  const [namespace = '', path = ''] = key.split(':');
  let node: string | Tree | undefined = namespaces[namespace];
  for (const part of path.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`no Arabic text for ${key}`);
  return node.replace(/{{(\w+)}}/g, (_, name: string) => String(values[name] ?? ''));
}
const required = (field: string) => ar('forms:validation.required', { field: ar(`forms:fields.${field}`) });

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** A camera-sized JPEG (3000 x 2000) of one colour: the browser shrinks it to 2048 px before sending. */
const photo = (red: number, green: number, blue: number) =>
  sharp({ create: { width: 3000, height: 2000, channels: 3, background: { r: red, g: green, b: blue } } })
    .jpeg({ quality: 80 })
    .toBuffer();

/** Chooses the first real option of a drop-down once its list has loaded. */
async function chooseFirst(page: Page, name: string) {
  const select = page.locator(`#entry-${name}`);
  await expect(select).toBeEnabled();
  await expect(select.locator('option')).not.toHaveCount(1);
  await select.selectOption({ index: 1 });
}

const photoIds = (page: Page) =>
  page.getByTestId('photo-slot').evaluateAll((slots) => slots.map((slot) => (slot as HTMLElement).dataset.imgId));

test.describe('item entry on a phone, in Arabic', () => {
  test.use(PHONE);

  test('an empty send names every required field, then an item with photos and a video is posted', async ({
    page,
    newAccount,
  }) => {
    test.slow();
    await (await newAccount()).signIn(page);
    await page.goto('/item-entry?lang=ar');
    await expect(page.getByRole('heading', { level: 1, name: ar('items:itemEntry.newHeading') })).toBeVisible();
    await expect(page.getByTestId('item-entry-form')).toHaveAttribute('data-draft-loaded', 'true');

    await test.step('an empty send shows the messages of SPEC.md 5 and focuses the first problem', async () => {
      await page.getByRole('button', { name: ar('items:itemEntry.submit.create') }).click();
      const form = page.getByTestId('item-entry-form');
      await expect(form.getByText(ar('forms:validation.imageRequired'))).toBeVisible();
      for (const field of [
        'title',
        'cat_id',
        'sub_cat_id',
        'item_type_id',
        'condition_of_item_id',
        'brand',
        'business_mode',
        'price',
        'item_price_type_id',
        'deal_option_id',
        'item_location_id',
        'item_location_township_id',
        'description',
      ]) {
        await expect(form.getByText(required(field), { exact: true })).toBeVisible();
      }
      await expect(page.getByTestId('photo-input')).toBeFocused();
      await expect(page.locator('#entry-title')).toHaveAttribute('aria-invalid', 'true');
      await expect(page.locator('#entry-title')).toHaveAttribute('aria-describedby', 'entry-title-error');
      // The subcategory waits for its category.
      await expect(page.locator('#entry-sub_cat_id')).toBeDisabled();
    });

    await test.step('three photos upload, each on its own, and the video with a thumbnail from a frame', async () => {
      await page.getByTestId('photo-input').focus();
      await page.getByTestId('photo-input').setInputFiles([
        { name: 'red.jpg', mimeType: 'image/jpeg', buffer: await photo(200, 40, 40) },
        { name: 'green.jpg', mimeType: 'image/jpeg', buffer: await photo(40, 200, 40) },
        { name: 'blue.jpg', mimeType: 'image/jpeg', buffer: await photo(40, 40, 200) },
      ]);
      await page.getByTestId('video-input').setInputFiles('e2e/fixtures/video-20s.mp4');
      await expect(page.locator('[data-testid="photo-slot"][data-status="done"]')).toHaveCount(3, { timeout: 30_000 });
      await expect(page.getByText(ar('forms:validation.imageRequired'))).toHaveCount(0);
      await expect(page.getByTestId('video-slot')).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
      await expect(page.getByTestId('video-icon-slot')).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
      // The first photo is the cover, and says so.
      await expect(page.getByTestId('photo-slot').first().getByText(ar('items:itemEntry.photos.cover'))).toBeVisible();
      // The list became sortable (dnd-kit loads once there are two photos): focus stayed on the add button.
      await expect(
        page.getByRole('button', { name: ar('items:itemEntry.photos.drag', { number: 1 }) }),
      ).toHaveAttribute('aria-describedby', /^DndDescribedBy-/);
      await expect(page.getByTestId('photo-input')).toBeFocused();
    });

    const [red, green, blue] = await photoIds(page);
    await test.step('the last photo becomes the cover with the move buttons', async () => {
      await page.getByRole('button', { name: ar('items:itemEntry.photos.moveEarlier', { number: 3 }) }).click();
      await page.getByRole('button', { name: ar('items:itemEntry.photos.moveEarlier', { number: 2 }) }).click();
      await expect.poll(() => photoIds(page)).toEqual([blue, red, green]);
    });

    await test.step('the fields, each list waiting for the one it depends on', async () => {
      await page.locator('#entry-title').fill('دراجة جبلية بحالة ممتازة');
      await chooseFirst(page, 'cat_id');
      await chooseFirst(page, 'sub_cat_id');
      await chooseFirst(page, 'item_type_id');
      await chooseFirst(page, 'condition_of_item_id');
      await page.locator('#entry-brand').fill('Trek');
      await page.locator('input[name="business_mode"][value="false"]').check();
      await page.locator('#entry-price').fill('1500.5');
      await chooseFirst(page, 'item_price_type_id');
      await chooseFirst(page, 'deal_option_id');
      await expect(page.locator('#entry-item_location_township_id')).toBeDisabled();
      await chooseFirst(page, 'item_location_id');
      await chooseFirst(page, 'item_location_township_id');
      await page.locator('#entry-description').fill('دراجة بحالة ممتازة، استعمال خفيف، مع خوذة.');
    });

    await test.step('a reload loses nothing: the draft comes back from the device', async () => {
      await expect(page.getByText(ar('items:itemEntry.draft.saved'))).toBeVisible();
      const subcategory = await page.locator('#entry-sub_cat_id').inputValue();
      await page.reload();
      await expect(page.getByTestId('item-entry-form')).toHaveAttribute('data-draft-loaded', 'true');
      await expect(page.getByText(ar('items:itemEntry.draft.restored'))).toBeVisible();
      await expect(page.locator('#entry-title')).toHaveValue('دراجة جبلية بحالة ممتازة');
      await expect(page.locator('#entry-sub_cat_id')).toHaveValue(subcategory);
      await expect(page.locator('#entry-price')).toHaveValue('1500.5');
      expect(await photoIds(page)).toEqual([blue, red, green]);
      await expect(page.getByTestId('video-slot')).toHaveAttribute('data-status', 'done');
      await expect(page.getByTestId('video-icon-slot')).toHaveAttribute('data-status', 'done');
    });

    await test.step('posting goes to the item page, which says it waits for approval', async () => {
      await page.getByRole('button', { name: ar('items:itemEntry.submit.create') }).click();
      await page.waitForURL(/\/item\//);
      await expect(page.getByTestId('flash-notice')).toContainText(ar('items:itemEntry.postedPending'));
      await expect(page.getByRole('heading', { level: 1, name: 'دراجة جبلية بحالة ممتازة' })).toBeVisible();
      const drafts = await page.evaluate(() =>
        Object.keys(localStorage).filter((key) => key.startsWith('souk.itemDraft')),
      );
      expect(drafts).toEqual([]);
    });

    await test.step('the owner opens it for editing: the form holds the item, cover first', async () => {
      const itemId = /([0-9a-f-]{36})$/.exec(decodeURIComponent(new URL(page.url()).pathname))?.[1];
      await page.goto(`/item-entry?item_id=${itemId}&lang=ar`);
      await expect(page.getByRole('heading', { level: 1, name: ar('items:itemEntry.editHeading') })).toBeVisible();
      await expect(page.locator('#entry-title')).toHaveValue('دراجة جبلية بحالة ممتازة');
      await expect(page.locator('#entry-price')).toHaveValue(/^1500\.50?$/);
      expect(await photoIds(page)).toEqual([blue, red, green]);
    });
  });

  test('a video of a minute or more is refused in the browser, before any upload', async ({ page, newAccount }) => {
    await (await newAccount()).signIn(page);
    await page.goto('/item-entry?lang=ar');
    await expect(page.getByTestId('item-entry-form')).toHaveAttribute('data-draft-loaded', 'true');
    let videoUploads = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v1/item-uploads/video')) videoUploads += 1;
    });
    await page.getByTestId('video-input').setInputFiles('e2e/fixtures/video-61s.mp4');
    await expect(page.getByTestId('video-refusal')).toHaveText(ar('items:itemEntry.video.tooLong', { seconds: 61 }));
    expect(videoUploads).toBe(0);
  });

  test("someone else's item cannot be opened for editing", async ({ page, newAccount }) => {
    const item = await (await newAccount()).postListing({ status: 'active' });
    await (await newAccount()).signIn(page);
    const response = await page.goto(`/item-entry?item_id=${item.id}&lang=ar`);
    expect(response?.status()).toBe(404);
  });
});

test('a visitor is sent to login and comes back to the form after signing in', async ({ page, newAccount }) => {
  const account = await newAccount();
  await page.goto('/item-entry?lang=ar');
  await expect(page).toHaveURL(/\/login\?redirect=item-entry$/);
  await page.locator('input[name="user_email"]').fill(account.email);
  await page.locator('input[name="user_password"]').fill(account.password);
  await page.locator('input[name="privacy"]').check();
  await page.getByRole('button', { name: ar('auth:auth.loginButton') }).click();
  await expect(page).toHaveURL(/\/item-entry$/);
  await expect(page.getByRole('heading', { level: 1, name: ar('items:itemEntry.newHeading') })).toBeVisible();
});
