import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, type FreshAccount, test } from './fixtures.ts';
import { dataOf } from './support/accounts.ts';
import { violationsOf } from './support/axe.ts';

/**
 * Issue 10 point 3: the item list (/item-list). On a phone: from the dashboard to the list, a search typed in
 * Arabic, narrowed by category, price and a circle on the map, "load more", an item opened, and Back showing
 * the same cards at the same place. On a desktop: only non-empty filters in the address, the footer's popular
 * link sorted as POPULAR, the empty result and "Clear filters", an invalid price range, corrected words.
 *
 * The journey needs more than one page of results inside a small circle: a new seller posts its items
 * (approved by the admin) 2 to 3 km around the map's default centre, all with a word no other item has, and
 * deletes them at the end.
 */

/** Where the map filter opens with no place chosen (app/features/items/search/filter-panel.ts). */
const MAP_CENTER = { lat: 24.7136, lng: 46.6753 };
const JOURNEY_ITEMS = 13;
/** Arabic letters that the Arabic stemmer never strips as a prefix or suffix. */
const PLAIN_LETTERS = 'ثجحخذزشصضطظعغقرد';
/**
 * Six of them: a word of this journey alone (another run of it at the same time has its own), far from any
 * other word, so the search neither finds nor corrects it to someone else's items.
 */
const markerWord = () => Array.from({ length: 6 }, () => PLAIN_LETTERS[randomInt(PLAIN_LETTERS.length)]).join('');

type Tree = { [key: string]: string | Tree };
type VehicleNames = Record<'transmission' | 'fuel_type', { id: number; name: string } | null>;
const locales = Object.fromEntries(
  ['ar', 'en'].flatMap((language) =>
    ['search', 'common', 'forms'].map((namespace) => [
      `${language}/${namespace}`,
      JSON.parse(readFileSync(new URL(`../app/i18n/locales/${language}/${namespace}.json`, import.meta.url), 'utf8')),
    ]),
  ),
) as Record<string, Tree>;
/** The text of `namespace:dotted.key` in `language`, with its {{placeholders}} filled. */
function text(language: 'ar' | 'en', key: string, values: Record<string, string | number> = {}): string {
  const [namespace = '', path = ''] = key.split(':');
  let node: string | Tree | undefined = locales[`${language}/${namespace}`];
  for (const part of path.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`no ${language} text for ${key}`);
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/** The journey's items: books, prices 1,000 to 2,200, all a short way from the map's centre, approved. */
async function postJourneyItems(seller: FreshAccount, marker: string) {
  const options = await dataOf(await seller.request.get('/api/v1/item-entry/options?lang=ar'));
  const category = options.categories.find((entry: { slug: string }) => entry.slug === 'books-hobbies');
  const subcategories = await dataOf(await seller.request.get(`/api/v1/categories/${category.cat_id}/subcategories`));
  const ids: string[] = [];
  for (let index = 0; index < JOURNEY_ITEMS; index++) {
    const fields = {
      cat_id: category.cat_id,
      sub_cat_id: subcategories.items[0].id,
      price: String(1000 + index * 100),
      lat: String((MAP_CENTER.lat + 0.02 * Math.cos(index)).toFixed(6)),
      lng: String((MAP_CENTER.lng + 0.02 * Math.sin(index)).toFixed(6)),
      description: `طوابع ${marker} قديمة للهواة، القطعة رقم ${index + 1}.`,
    };
    const title = `مجموعة طوابع ${marker} رقم ${index + 1}`;
    ids.push((await seller.postListing({ title, status: 'active', fields })).id);
  }
  return { ids, category: { id: category.cat_id as number, name: category.cat_name as string } };
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

  test('search in Arabic, narrow by category, price and map circle, load more, open an item, come back', async ({
    page,
    newAccount,
  }) => {
    test.slow();
    const marker = markerWord();
    // Past its first week: a new account may post only 5 listings a day (issue 24).
    const seller = await newAccount({ joinedDaysAgo: 30 });
    const posted = await test.step(`a new seller posts ${JOURNEY_ITEMS} items with the word ${marker}`, () =>
      postJourneyItems(seller, marker));
    await page.goto('/');
    await test.step('the dashboard leads to the list (footer: latest posts)', async () => {
      await page
        .getByRole('contentinfo')
        .getByRole('link', { name: text('ar', 'common:footer.latestPosts') })
        .click();
      await expect(page).toHaveURL(/\/item-list\?sorting_id=1&sorting_name=LATEST&order_by=added_date&orderType=desc$/);
    });

    await test.step('the filter sheet: words, category, price', async () => {
      // The "Filters" button is a dialog trigger once the page runs (before, a link to the panel).
      await page.getByTestId('open-filters').click();
      const sheet = page.getByRole('dialog', { name: text('ar', 'search:itemList.filters.heading') });
      await expect(sheet).toBeVisible();
      await sheet.getByLabel(text('ar', 'search:itemList.filters.searchTerm')).fill(marker);
      await sheet
        .getByLabel(text('ar', 'search:itemList.filters.category'), { exact: true })
        .selectOption(String(posted.category.id));
      await sheet.getByLabel(text('ar', 'search:itemList.filters.minPrice')).fill('900');
      await sheet.getByLabel(text('ar', 'search:itemList.filters.maxPrice')).fill('5000');
    });

    await test.step('a circle on the map (8 miles around the pin) applies every filter', async () => {
      const sheet = page.getByTestId('filter-sheet');
      await sheet.getByTestId('sheet-map-open').click();
      const dialog = page.getByRole('dialog', { name: text('ar', 'search:itemList.radius.title') });
      await expect(dialog.getByTestId('map-radius-map')).toHaveAttribute('data-map-ready', 'true');
      await expect(dialog.getByTestId('map-radius-miles')).toHaveValue('8');
      await dialog.getByRole('button', { name: text('ar', 'search:itemList.radius.pinCenter') }).click();
      // The pin lands where the map is centred (its default centre, give or take a pixel of the box's size).
      await expect(dialog.getByTestId('map-radius-pin')).toHaveText(/^24\.71\d+, 46\.67\d+$/);
      await dialog.getByRole('button', { name: text('ar', 'search:itemList.radius.apply') }).click();
      await expect(page.getByTestId('filter-sheet')).toHaveCount(0);
      await expect(page).toHaveURL(
        new RegExp(
          `/item-list\\?search_term=${encodeURIComponent(marker)}&cat_id=${posted.category.id}&cat_name=[^&]+&min_price=900&max_price=5000&lat=24\\.71\\d*&lng=46\\.67\\d*&mile=8&sorting_id=1`,
        ),
      );
      await expect(page.getByTestId('result-count')).toHaveText(text('ar', 'search:itemList.count', { total: '13' }));
      await expect(page.getByTestId('open-filters')).toContainText('4');
    });

    const cards = page.getByTestId('item-list-results').getByTestId('item-card');
    await test.step('load more appends the last three', async () => {
      await expect(cards).toHaveCount(10);
      await page.getByTestId('load-more').click();
      await expect(cards).toHaveCount(JOURNEY_ITEMS);
      await expect(page.getByTestId('load-more')).toHaveCount(0);
      // Keyboard focus moved to the first new card.
      await expect(cards.nth(10).getByRole('heading').getByRole('link')).toBeFocused();
    });

    const chosen = cards.nth(11);
    const title = (await chosen.getByRole('heading').getByRole('link').textContent()) ?? '';
    await chosen.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    /** Where the chosen card sits in the window: what "the same place" means to the person. */
    const cardTop = async () => (await cards.nth(11).boundingBox())?.y ?? Number.NaN;
    const shownAt = await cardTop();
    const samePlace = async () => {
      await expect.poll(async () => Math.abs((await cardTop()) - shownAt)).toBeLessThan(40);
    };
    await test.step('an item opens', async () => {
      await chosen.getByRole('heading').getByRole('link').click();
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    });

    await test.step('Back shows the same list at the same place', async () => {
      await page.goBack();
      await expect(cards).toHaveCount(JOURNEY_ITEMS);
      await expect(cards.nth(11).getByRole('heading').getByRole('link')).toHaveText(title);
      await samePlace();
      await expect(page.getByTestId('load-more')).toHaveCount(0);
    });

    await test.step('and after a reload of that entry, the same cards with that one in view', async () => {
      // (The header's top bar shows again until the page scrolls, so the place may differ by its height.)
      await page.reload();
      await expect(cards).toHaveCount(JOURNEY_ITEMS);
      await expect(cards.nth(11)).toBeInViewport();
    });

    await test.step('the results on a map: a pin for each loaded item', async () => {
      await page.getByTestId('view-map').click();
      await expect(page.getByTestId('results-map')).toHaveAttribute('data-map-ready', 'true');
      await expect(page.getByTestId('results-map')).toHaveAttribute('data-pins', String(JOURNEY_ITEMS));
      await expect(page.locator('.leaflet-marker-icon')).toHaveCount(JOURNEY_ITEMS);
    });

    await test.step('the seller deletes the items again', async () => {
      for (const id of posted.ids) await dataOf(await seller.request.delete(`/api/v1/items/${id}`));
    });
  });
});

test.describe('on a desktop', () => {
  /** Once the page runs (the form submits through the app, not as a plain GET). */
  async function openList(page: Page, path: string) {
    await page.goto(path);
    await expect(
      page.getByTestId('view-list').or(page.getByTestId('filter-problems')).or(page.getByTestId('empty-state')).first(),
    ).toBeVisible();
    await expect
      .poll(() =>
        page
          .getByTestId('side-filters')
          .evaluate((form) => Object.keys(form).some((key) => key.startsWith('__reactProps'))),
      )
      .toBe(true);
  }

  test('the address holds only the filters that are set, in the order of the spec', async ({ page, request }) => {
    await openList(page, '/item-list?lang=en');
    const panel = page.getByTestId('side-filters');
    await panel.getByLabel(text('en', 'search:itemList.filters.brand')).fill('Toyota');
    await panel.getByTestId('side-apply').click();
    await expect(page).toHaveURL(/\/item-list\?brand=Toyota$/);
    await expect(page.getByTestId('filter-chip')).toHaveText([
      text('en', 'search:itemList.chips.brand', { brand: 'Toyota' }),
    ]);

    await page
      .getByTestId('side-filters')
      .getByLabel(text('en', 'search:itemList.filters.category'), { exact: true })
      .selectOption({ label: 'Vehicles' });
    await page.getByTestId('side-apply').click();
    await expect(page).toHaveURL(/\/item-list\?cat_id=1&cat_name=Vehicles&brand=Toyota$/);
    await expect(page.getByTestId('item-card').first()).toBeVisible();

    await test.step('a chip removes its filter', async () => {
      await page.getByRole('link', { name: text('en', 'search:itemList.chips.remove', { label: 'Vehicles' }) }).click();
      await expect(page).toHaveURL(/\/item-list\?brand=Toyota$/);
    });

    await test.step('without JavaScript the form sends every field; the page keeps the non-empty ones', async () => {
      const response = await request.get(
        '/item-list?search_term=&cat_id=1&sub_cat_id=&min_price=&brand=Kia&is_sold_out=&lang=en',
        {
          maxRedirects: 0,
        },
      );
      expect(response.status()).toBe(302);
      expect(response.headers().location).toBe('/item-list?cat_id=1&brand=Kia&lang=en');
    });
  });

  test('vehicles filtered by transmission and fuel: the chosen ones in the address, the chips and the results', async ({
    page,
    request,
  }) => {
    // A seeded car's own transmission and fuel (a list item carries no vehicle details; its page does).
    const listed = await dataOf(await request.get('/api/v1/items?cat_id=1&limit=5&lang=en'));
    const pages = await Promise.all(
      (listed.items as Array<{ id: string }>).map(async (item) =>
        dataOf(await request.get(`/api/v1/items/${item.id}?lang=en`)),
      ),
    );
    const car = (pages as Array<{ title: string; vehicle: VehicleNames | null }>).find(
      (item) => item.vehicle?.transmission && item.vehicle.fuel_type,
    );
    const transmission = car?.vehicle?.transmission;
    const fuel = car?.vehicle?.fuel_type;
    if (!car || !transmission || !fuel) throw new Error('the seed has no vehicle with a transmission and a fuel');
    await openList(page, '/item-list?cat_id=1&cat_name=Vehicles&lang=en');
    const panel = page.getByTestId('side-filters');
    await panel
      .getByLabel(text('en', 'search:itemList.filters.transmission'))
      .selectOption({ label: transmission.name });
    await panel.getByLabel(text('en', 'search:itemList.filters.fuelType')).selectOption({ label: fuel.name });
    await panel.getByTestId('side-apply').click();
    await expect(page).toHaveURL(
      new RegExp(`transmission_id=${transmission.id}&transmission_name=[^&]+&fuel_type_id=${fuel.id}&fuel_type_name=`),
    );
    await expect(page.getByTestId('filter-chip')).toContainText([transmission.name, fuel.name]);
    await expect(page.getByRole('link', { name: car.title }).first()).toBeVisible();
  });

  test('the footer popular link lists by views, shown as sort 2 POPULAR', async ({ page }) => {
    await openList(page, '/item-list?lang=en');
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: text('en', 'common:footer.popularPosts') })
      .click();
    await expect(page).toHaveURL(/\/item-list\?sorting_id=2&sorting_name=POPULAR&order_by=touch_count&orderType=desc$/);
    const sort = page.getByLabel(text('en', 'search:itemList.sort.label'));
    await expect(sort).toHaveAttribute('data-sort', 'popular');
    await expect(sort.locator('option:checked')).toHaveText(text('en', 'search:itemList.sort.popular'));

    await test.step('order_by=touch_count alone is Popular too', async () => {
      await openList(page, '/item-list?order_by=touch_count&lang=en');
      await expect(sort).toHaveAttribute('data-sort', 'popular');
    });

    await test.step('choosing Latest writes the spec parameters of sort 1', async () => {
      await sort.selectOption({ label: text('en', 'search:itemList.sort.latest') });
      await expect(page).toHaveURL(/\/item-list\?sorting_id=1&sorting_name=LATEST&order_by=added_date&orderType=desc$/);
    });
  });

  test('an empty result says so, and "Clear filters" brings the items back', async ({ page }) => {
    await openList(page, '/item-list?search_term=qqxxzzkk&cat_id=2&lang=en');
    await expect(page.getByTestId('empty-state')).toContainText(text('en', 'common:messages.noResult'));
    await expect(page.getByTestId('empty-state')).toContainText(text('en', 'common:messages.noResultHint'));
    await expect(page.getByTestId('result-count')).toHaveText(text('en', 'search:itemList.count', { total: '0' }));
    await page.getByTestId('empty-clear-filters').click();
    await expect(page).toHaveURL(/\/item-list$/);
    await expect(page.getByTestId('item-card')).toHaveCount(10);
    await expect(page.getByTestId('filter-chip')).toHaveCount(0);
  });

  test('a misspelled word is corrected and said so', async ({ page }) => {
    await openList(page, '/item-list?search_term=Toyta&lang=en');
    await expect(page.getByTestId('search-corrections')).toHaveText(
      text('en', 'search:itemList.showingResultsFor', { replacement: 'toyota' }),
    );
    await expect(page.getByTestId('item-card').first()).toBeVisible();
  });

  test('an Arabic typo finds its listings and says what was searched', async ({ page }) => {
    await openList(page, `/item-list?search_term=${encodeURIComponent('مرسدس')}&lang=ar`);
    await expect(page.getByTestId('search-corrections')).toHaveText(
      text('ar', 'search:itemList.showingResultsFor', { replacement: 'مرسيدس' }),
    );
    await expect(page.getByTestId('item-card').filter({ hasText: 'مرسيدس' }).first()).toBeVisible();
  });

  test('a brand or model in Latin letters finds the listings written in Arabic', async ({ page }) => {
    await openList(page, '/item-list?search_term=camry&lang=en');
    await expect(page.getByTestId('item-card').filter({ hasText: 'كامري' }).first()).toBeVisible();
    await expect(page.getByTestId('search-corrections')).toHaveCount(0);
  });

  test("an invalid price range says 'Your min and max price are not valid.' and searches nothing", async ({ page }) => {
    const message = text('en', 'forms:validation.priceRange');
    const response = await page.goto('/item-list?min_price=500&max_price=100&lang=en');
    expect(response?.status()).toBe(400);
    await expect(page.getByTestId('filter-problems')).toContainText(message);
    await expect(page.getByTestId('side-filters')).toContainText(message);
    await expect(page.getByTestId('result-count')).toHaveCount(0);
    await expect(page.getByTestId('item-card')).toHaveCount(0);

    await test.step('the panel checks it before leaving the page', async () => {
      await openList(page, '/item-list?lang=en');
      const panel = page.getByTestId('side-filters');
      await panel.getByLabel(text('en', 'search:itemList.filters.minPrice')).fill('900');
      await panel.getByLabel(text('en', 'search:itemList.filters.maxPrice')).fill('20');
      await panel.getByTestId('side-apply').click();
      await expect(panel).toContainText(message);
      await expect(page).toHaveURL(/\/item-list\?lang=en$/);
      await expect(panel.getByLabel(text('en', 'search:itemList.filters.maxPrice'))).toHaveAttribute(
        'aria-invalid',
        'true',
      );
    });
  });

  test('the location chosen in the header filters the list until its chip is removed', async ({ page, context }) => {
    const cities = await dataOf(await page.request.get('/api/v1/locations?lang=en&limit=100'));
    const city = cities.items[1] as { id: number; name: string };
    await context.addCookies([
      {
        name: 'souk_location',
        value: encodeURIComponent(
          JSON.stringify({ city: { id: city.id, name: city.name }, township: null, lang: 'en' }),
        ),
        url: String(test.info().project.use.baseURL),
      },
    ]);
    const inCity = await dataOf(await page.request.get(`/api/v1/items?item_location_id=${city.id}&lang=en`));
    await openList(page, '/item-list?lang=en');
    const chip = page.locator('[data-chosen-location="true"]');
    await expect(chip).toHaveText(text('en', 'search:itemList.chips.chosen', { place: city.name }));
    await expect(page.getByTestId('result-count')).toHaveText(
      text('en', 'search:itemList.count', { total: String(inCity.total.count) }),
    );

    await test.step("one seller's ads are all of them, wherever they are", async () => {
      const sellers = await dataOf(await page.request.get('/api/v1/items?addedUserId=demo-user-01&lang=en'));
      await openList(page, '/item-list?addedUserId=demo-user-01&lang=en');
      await expect(chip).toHaveCount(0);
      await expect(page.getByTestId('result-count')).toHaveText(
        text('en', 'search:itemList.count', { total: String(sellers.total.count) }),
      );
      await openList(page, '/item-list?lang=en');
    });
    await chip.click();
    await expect(chip).toHaveCount(0);
    await expect(page).toHaveURL(/\/item-list\?lang=en$/);
    await expect(page.getByTestId('result-count')).not.toHaveText(
      text('en', 'search:itemList.count', { total: String(inCity.total.count) }),
    );
    expect((await context.cookies()).find((cookie) => cookie.name === 'souk_location')).toBeUndefined();
  });

  test('the map dialog works from the keyboard and passes WCAG 2.1 A and AA checks', async ({ page }) => {
    await openList(page, '/item-list?lang=ar');
    const open = page.getByTestId('side-map-open');
    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: text('ar', 'search:itemList.radius.title') });
    await expect(dialog.getByTestId('map-radius-map')).toHaveAttribute('data-map-ready', 'true');
    expect(await violationsOf(page)).toEqual([]);
    await dialog.getByTestId('map-radius-miles').fill('25');
    await expect(dialog.getByTestId('map-radius-slider')).toHaveValue('25');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(open).toBeFocused();
  });
});
