import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { violationsInBothThemes } from './support/axe.ts';
import { withDatabase } from './support/database.ts';

/**
 * Issue 10 point 2: /category and /category/{catId}/{catName} show how many ads each category and subcategory
 * holds, page 30 at a time with load more, and lead to the item list filtered by what was chosen.
 */

interface Counts {
  categories: Record<string, number>;
  subcategories: Record<string, number>;
}
interface Named {
  id: number;
  name: string;
}

const adsText = (count: number) => `${count.toLocaleString('en')} ${count === 1 ? 'ad' : 'ads'}`;

async function apiData<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`/api/v1${path}${path.includes('?') ? '&' : '?'}lang=en`);
  expect(response.ok(), path).toBe(true);
  return (await response.json()).data as T;
}

const itemCounts = (page: Page) => apiData<Counts>(page, '/categories/item-counts');

/**
 * Loads `path` until the counts it shows are the API's, read just before it: other journeys post listings
 * meanwhile, so a page loaded a moment after the API answered may count a few more. Returns those counts.
 */
async function loadAgreeingWithApi(
  page: Page,
  path: string,
  shown: () => Promise<string[]>,
  expected: (counts: Counts) => string[],
) {
  let counts: Counts = { categories: {}, subcategories: {} };
  await expect(async () => {
    counts = await itemCounts(page);
    await page.goto(path);
    expect(await shown()).toEqual(expected(counts));
  }).toPass();
  return counts;
}

async function categories(page: Page): Promise<Named[]> {
  const data = await apiData<{ items: Array<{ cat_id: number; cat_name: string }> }>(
    page,
    '/categories?order_by=ordering',
  );
  return data.items.map((category) => ({ id: category.cat_id, name: category.cat_name }));
}

async function subcategories(page: Page, catId: number): Promise<Named[]> {
  const data = await apiData<{ items: Named[] }>(page, `/categories/${catId}/subcategories?limit=100`);
  return data.items;
}

test('every category shows its count of ads and opens its subcategories', async ({ page }) => {
  const list = await categories(page);
  const cards = page.getByTestId('category-card');
  const counts = await loadAgreeingWithApi(
    page,
    '/category?lang=en',
    () => cards.getByTestId('item-count').allTextContents(),
    (now) => list.map((category) => adsText(now.categories[category.id] ?? 0)),
  );
  await expect(cards).toHaveCount(list.length);
  for (const [index, category] of list.entries()) await expect(cards.nth(index)).toContainText(category.name);
  // The demo data has ads in every category.
  expect(list.every((category) => (counts.categories[category.id] ?? 0) > 0)).toBe(true);

  const [first] = list;
  if (!first) throw new Error('no category');
  await cards.first().click();
  await expect(page).toHaveURL(`/category/${first.id}/${encodeURIComponent(first.name)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.name);
});

test('a category leads to its item list and its subcategories to theirs, with counts', async ({ page }) => {
  const [vehicles] = await categories(page);
  if (!vehicles) throw new Error('no category');
  const subs = await subcategories(page, vehicles.id);
  const allAds = page.getByRole('link', { name: `All ads in ${vehicles.name}` });
  const cards = page.getByTestId('subcategory-card');
  await loadAgreeingWithApi(
    page,
    `/category/${vehicles.id}/${encodeURIComponent(vehicles.name)}?lang=en`,
    async () => [
      (await allAds.getByTestId('item-count').textContent()) ?? '',
      ...(await cards.getByTestId('item-count').allTextContents()),
    ],
    (now) => [
      adsText(now.categories[vehicles.id] ?? 0),
      ...subs.map((subcategory) => adsText(now.subcategories[subcategory.id] ?? 0)),
    ],
  );
  await expect(allAds).toHaveAttribute(
    'href',
    `/item-list?${new URLSearchParams({ cat_id: String(vehicles.id), cat_name: vehicles.name })}`,
  );

  await expect(cards).toHaveCount(subs.length);
  for (const [index, subcategory] of subs.entries()) await expect(cards.nth(index)).toContainText(subcategory.name);

  const [second] = subs.slice(1);
  if (!second) throw new Error(`${vehicles.name} has fewer than two subcategories`);
  await cards.nth(1).click();
  await expect(page).toHaveURL(
    `/item-list?${new URLSearchParams({
      cat_id: String(vehicles.id),
      cat_name: vehicles.name,
      sub_cat_id: String(second.id),
      sub_cat_name: second.name,
    })}`,
  );
});

test.describe('a category with more subcategories than a page holds', () => {
  const EXTRA = 30;
  const slugPrefix = `e2e-more-${process.env.E2E_PORT}-`;
  let category: { id: number; name: string };

  test.beforeAll(async () => {
    category = await withDatabase(async (db) => {
      // The last category: the one other journeys do not post in.
      const found = await db.query<{ cat_id: number; cat_name: string }>(
        'select cat_id, cat_name from categories where status = 1 order by cat_ordering desc limit 1',
      );
      const row = found.rows[0];
      if (!row) throw new Error('no category');
      await db.query(
        `insert into subcategories (cat_id, name, slug, ordering)
         select $1, 'Shelf ' || lpad(n::text, 2, '0'), $2 || n, 1000 + n from generate_series(1, $3::int) as n`,
        [row.cat_id, slugPrefix, EXTRA],
      );
      return { id: row.cat_id, name: row.cat_name };
    });
  });

  test.afterAll(async () => {
    await withDatabase((db) => db.query('delete from subcategories where slug like $1', [`${slugPrefix}%`]));
  });

  test('loads 30 at a time, shows empty ones with 0 ads, and keeps keyboard focus in the list', async ({ page }) => {
    const subs = await subcategories(page, category.id);
    expect(subs.length).toBeGreaterThan(30);
    await page.goto(`/category/${category.id}/${encodeURIComponent(category.name)}?lang=en`);
    const cards = page.getByTestId('subcategory-card');
    await expect(cards).toHaveCount(30);

    const loadMore = page.getByRole('button', { name: 'Load more' });
    await loadMore.focus();
    await page.keyboard.press('Enter');
    await expect(cards).toHaveCount(subs.length);
    await expect(loadMore).toHaveCount(0);
    // Focus goes on to the first subcategory that came, not back to the top of the page.
    await expect(cards.nth(30)).toBeFocused();
    await expect(cards.nth(30)).toContainText(subs[30]?.name ?? '');

    // A new subcategory has no ads yet: it still shows, with its count of 0.
    const empty = cards.filter({ hasText: 'Shelf 30' });
    await expect(empty.getByTestId('item-count')).toHaveText('0 ads');
    await expect(empty.getByTestId('item-count')).toHaveAttribute('data-count', '0');
    // Greyed, but still readable: the muted count keeps the contrast WCAG asks for, in both themes.
    expect(await violationsInBothThemes(page)).toEqual([]);
  });
});

test('counts read in the page language, with its plural forms', async ({ page }) => {
  const [counts, [first]] = await Promise.all([itemCounts(page), categories(page)]);
  if (!first) throw new Error('no category');
  const count = counts.categories[first.id] ?? 0;
  await page.goto('/category?lang=ru');
  const forms: Record<string, string> = {
    one: 'объявление',
    few: 'объявления',
    many: 'объявлений',
    other: 'объявления',
  };
  await expect(page.getByTestId('category-card').first().getByTestId('item-count')).toHaveText(
    `${new Intl.NumberFormat('ru-u-nu-latn').format(count)} ${forms[new Intl.PluralRules('ru').select(count)]}`,
  );
});
