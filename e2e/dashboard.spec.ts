import type { Locator, Page } from '@playwright/test';
import { categoryNames, expect, test } from './fixtures.ts';

interface ListedItem {
  id: string;
  touch_count: number;
}

/** The first page of GET /api/v1/items with `query`, as a visitor in English. */
async function listedItems(page: Page, query: string) {
  const response = await page.request.get(`/api/v1/items?${query}&limit=10&lang=en`);
  expect(response.ok()).toBe(true);
  return ((await response.json()).data.items as ListedItem[]).map(({ id, touch_count }) => ({ id, touch_count }));
}

const railIds = (rail: Locator) =>
  rail.getByTestId('item-card').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-item-id')));

test.describe('dashboard rails', () => {
  test('recent and popular items show as the item list API orders them, each linking to its full list', async ({
    page,
  }) => {
    await page.goto('/?lang=en');
    const recent = page.getByRole('region', { name: 'Recent items' });
    const popular = page.getByRole('region', { name: 'Popular items' });
    await expect(recent.getByTestId('item-card')).toHaveCount(10);
    await expect(popular.getByTestId('item-card')).toHaveCount(10);

    await expect(recent.getByRole('link', { name: 'See all Recent items' })).toHaveAttribute(
      'href',
      '/item-list?sorting_id=1&sorting_name=LATEST&order_by=added_date&orderType=desc',
    );
    await expect(popular.getByRole('link', { name: 'See all Popular items' })).toHaveAttribute(
      'href',
      '/item-list?sorting_id=2&sorting_name=POPULAR&order_by=touch_count&orderType=desc',
    );

    // Other journeys open items at the same time (a view counts as a touch): compare page and API again
    // until both were read between the same views.
    await expect(async () => {
      await page.reload();
      const latest = await listedItems(page, 'isPaid=paid_item_first&order_by=added_date&orderType=desc');
      const mostViewed = await listedItems(page, 'order_by=touch_count&orderType=desc');
      expect(await railIds(recent)).toEqual(latest.map((item) => item.id));
      expect(await railIds(popular)).toEqual(mostViewed.map((item) => item.id));
      const counts = mostViewed.map((item) => item.touch_count);
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
    }).toPass();
  });

  test('a card of a rail opens its item', async ({ page }) => {
    await page.goto('/?lang=en');
    const card = page.getByRole('region', { name: 'Recent items' }).getByTestId('item-card').first();
    const title = (await card.getByRole('heading').textContent()) ?? '';
    await card.getByRole('heading').getByRole('link').click();
    await expect(page).toHaveURL(/\/item\//);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  });

  test('on a phone a rail scrolls sideways and a focused card comes into view', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/?lang=ar');
    const rail = page.getByRole('region', { name: 'أحدث الإعلانات' }).getByTestId('item-rail');
    const sizes = await rail.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
    expect(sizes.scroll).toBeGreaterThan(sizes.client);
    await rail.scrollIntoViewIfNeeded();
    const lastLink = rail.getByTestId('item-card').last().getByRole('heading').getByRole('link');
    await expect(rail.getByTestId('item-card').first()).toBeInViewport();
    await expect(lastLink).not.toBeInViewport();
    await lastLink.focus();
    await expect(lastLink).toBeInViewport();
  });

  test('the rail of followed sellers is left out for visitors and for members who follow nobody', async ({
    page,
    newAccount,
  }) => {
    await page.goto('/?lang=en');
    await expect(page.getByRole('region', { name: 'Recent items' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'From sellers you follow' })).toHaveCount(0);

    await (await newAccount()).signIn(page);
    const following = await page.request.get('/api/v1/items/following?lang=en');
    expect((await following.json()).data.items).toEqual([]);
    await page.goto('/?lang=en');
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Recent items' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'From sellers you follow' })).toHaveCount(0);
  });
});

/** Presses Down until a title or brand suggestion is highlighted; returns its text. */
async function highlightSearchableSuggestion(page: Page, box: Locator) {
  const count = await page.getByRole('option').count();
  for (let presses = 0; presses < count; presses += 1) {
    await box.press('ArrowDown');
    const activeId = await box.getAttribute('aria-activedescendant');
    expect(activeId).toBeTruthy();
    const option = page.locator(`[id="${activeId}"]`);
    await expect(option).toHaveAttribute('aria-selected', 'true');
    const kind = await option.getAttribute('data-kind');
    if (kind === 'title' || kind === 'brand') return (await option.innerText()).split('\n')[0]?.trim() ?? '';
  }
  throw new Error('no title or brand among the suggestions');
}

/** Pages hydrate after they show: the box suggests once React owns it. */
async function hydrated(box: Locator) {
  await expect
    .poll(() => box.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactProps'))))
    .toBe(true);
}

test.describe('header search box', () => {
  for (const { language, typed, label } of [
    { language: 'en', typed: 'to', label: 'Search items' },
    { language: 'ar', typed: 'سي', label: 'ابحث في الإعلانات' },
  ]) {
    test(`suggests as one types in ${language}; Down and Enter search the highlighted suggestion`, async ({ page }) => {
      await page.goto(`/?lang=${language}`);
      const box = page.getByRole('combobox', { name: label });
      await hydrated(box);
      await expect(box).toHaveAttribute('aria-expanded', 'false');
      await box.fill(typed.slice(0, 1));
      // One character suggests nothing.
      await expect(page.getByRole('listbox')).toBeHidden();
      await box.fill(typed);
      await expect(box).toHaveAttribute('aria-expanded', 'true');
      const listbox = page.getByRole('listbox');
      await expect(listbox).toBeVisible();
      await expect(box).toHaveAttribute('aria-controls', (await listbox.getAttribute('id')) ?? '');
      expect(await page.getByRole('option').count()).toBeGreaterThan(0);
      const text = await highlightSearchableSuggestion(page, box);
      await box.press('Enter');
      await expect(page).toHaveURL(
        (url) => url.pathname === '/item-list' && url.searchParams.get('search_term') === text,
      );
      await expect(box).toHaveValue(text);
      await expect(box).toHaveAttribute('aria-expanded', 'false');
    });
  }

  test('Escape closes the suggestions, then clears the field; Up wraps to the last suggestion', async ({ page }) => {
    await page.goto('/?lang=en');
    const box = page.getByRole('combobox', { name: 'Search items' });
    await hydrated(box);
    await box.fill('to');
    await expect(page.getByRole('listbox')).toBeVisible();
    const options = page.getByRole('option');
    await box.press('ArrowUp');
    await expect(options.last()).toHaveAttribute('aria-selected', 'true');
    await box.press('ArrowDown');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await box.press('Escape');
    await expect(page.getByRole('listbox')).toBeHidden();
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await expect(box).not.toHaveAttribute('aria-activedescendant');
    await expect(box).toHaveValue('to');
    expect(new URL(page.url()).pathname).toBe('/');
    await box.press('ArrowDown');
    await expect(page.getByRole('listbox')).toBeVisible();
    await box.press('Escape');
    await box.press('Escape');
    await expect(box).toHaveValue('');
  });

  test('Enter without a highlighted suggestion searches what was typed', async ({ page }) => {
    await page.goto('/?lang=en');
    const box = page.getByRole('combobox', { name: 'Search items' });
    await hydrated(box);
    await box.fill('toyota camry');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/item-list\?search_term=toyota\+camry$/);
  });

  test('a category suggestion opens the list of that category', async ({ page }) => {
    const [vehicles = ''] = await categoryNames(page, 'en');
    await page.goto('/?lang=en');
    const box = page.getByRole('combobox', { name: 'Search items' });
    await hydrated(box);
    await box.fill(vehicles.slice(0, 4));
    const option = page.locator('[role="option"][data-kind="category"]', { hasText: vehicles });
    await option.click();
    await expect(page).toHaveURL(
      (url) =>
        url.pathname === '/item-list' &&
        /^\d+$/.test(url.searchParams.get('cat_id') ?? '') &&
        url.searchParams.get('cat_name') === vehicles &&
        !url.searchParams.has('search_term'),
    );
  });

  test('on a phone the search button opens a full-width field that searches', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/?lang=ar');
    const toggle = page.getByRole('button', { name: 'بحث', exact: true });
    await hydrated(toggle);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    // The header's field (the dashboard's own, under the bar, is the other one on a phone).
    const header = page.getByRole('navigation', { name: 'التنقل الرئيسي' });
    const box = header.getByRole('combobox', { name: 'ابحث في الإعلانات' });
    await expect(box).toBeFocused();
    const width = await box.evaluate((element) => element.closest('form')?.getBoundingClientRect().width ?? 0);
    expect(width).toBeGreaterThan(300);
    // Nothing in the bar sticks out of a 360 px screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await box.fill('سي');
    await expect(page.getByRole('listbox')).toBeVisible();
    const text = await highlightSearchableSuggestion(page, box);
    await box.press('Enter');
    await expect(page).toHaveURL(
      (url) => url.pathname === '/item-list' && url.searchParams.get('search_term') === text,
    );
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // Escape in an empty field closes the row and gives focus back to the button.
    await toggle.click();
    // The field shows the list's search once the list page has replaced the home page (not before).
    await expect(box).toHaveValue(text);
    await box.fill('');
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the header search box is a plain form that opens the item list', async ({ page }) => {
    await page.goto('/?lang=en');
    await page.getByRole('combobox', { name: 'Search items' }).fill('bike');
    await page.getByRole('button', { name: 'Show results' }).click();
    await expect(page).toHaveURL(/\/item-list\?search_term=bike$/);
  });
});
