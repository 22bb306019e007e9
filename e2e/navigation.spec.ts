import { expect, test } from './fixtures.ts';

test('a slow page load shows the progress bar until the page arrives', async ({ page }) => {
  await page.goto('/?lang=en');
  // The next page's data is held back until the test has seen the bar: slow for as long as needed, no clock.
  let releaseData = () => {};
  const dataReleased = new Promise<void>((resolve) => {
    releaseData = resolve;
  });
  await page.route('**/category.data*', async (route) => {
    await dataReleased;
    await route.continue();
  });
  const categoriesHeading = page.getByRole('heading', { level: 1, name: 'Categories' });
  const seeAll = page.getByRole('link', { name: 'See all Categories' });
  // The categories hydrate after the page: pressed before React owns it, the link loads a whole page (no bar).
  await expect
    .poll(() => seeAll.evaluate((link) => Object.keys(link).some((key) => key.startsWith('__reactProps'))))
    .toBe(true);
  await seeAll.click();
  await expect(page.getByTestId('progress-bar')).toBeVisible();
  await expect(categoriesHeading).toBeHidden();

  releaseData();
  await expect(categoriesHeading).toBeVisible();
  await expect(page.getByTestId('progress-bar')).toBeHidden();
});

test.describe('a chunk that fails', () => {
  // The service worker fetches built files itself, where a page's routes do not reach: without it here.
  test.use({ serviceWorkers: 'block' });

  test('a page chunk that fails to load shows a translated message and a working retry', async ({ page }) => {
    // Refused from the start: the page may fetch the chunk ahead of the click (a link's prefetch).
    await page.route(/\/assets\/category-list-[^/]+\.js$/, (route) => route.abort());
    // Before hydration the link is a plain one: the browser would load the whole page, with no chunk to fail.
    // On a loaded machine the router may still take the first click as a page load (it then finds the
    // categories page itself): the visitor asks again, from the start.
    await expect(async () => {
      await page.goto('/?lang=en');
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
      await page.getByRole('link', { name: 'See all Categories' }).click();
      await expect(page.getByRole('alert')).toContainText(
        'This page could not be loaded. Check your connection and try again.',
        { timeout: 10_000 },
      );
    }).toPass({ timeout: 45_000 });
    await page.unroute(/\/assets\/category-list-[^/]+\.js$/);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible();
  });
});

test('pages load without console errors or blocked scripts', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  for (const path of ['/', '/?lang=en', '/category', '/item-list']) {
    await page.goto(path);
    await expect(page.locator('main')).toBeVisible();
  }
  await page
    .getByRole('link')
    .filter({ has: page.locator('svg') })
    .first()
    .focus();
  expect(problems).toEqual([]);
});

test('the skip link moves keyboard focus to the main content', async ({ page }) => {
  await page.goto('/?lang=en');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);
});

test('the API documentation is served', async ({ page }) => {
  const document = await page.request.get('/api/docs/json');
  expect(document.ok()).toBe(true);
  await page.goto('/api/docs');
  await expect(page.getByText('Souk API')).toBeVisible();
});
