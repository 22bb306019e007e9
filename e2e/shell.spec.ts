import { categoryLinks, categoryNames, expect, test } from './fixtures.ts';

test('the dashboard renders in Arabic, right to left, with the seeded categories', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page).toHaveTitle(/سوق/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{20,}/);
  const arabicNames = await categoryNames(page, 'ar');
  await expect(categoryLinks(page)).toHaveCount(Math.min(arabicNames.length, 12));
  await expect(categoryLinks(page).first()).toContainText(arabicNames[0] ?? '');
  await expect(
    page
      .getByRole('link', { name: 'تسجيل الدخول' })
      .or(page.getByRole('button', { name: 'فتح القائمة' }))
      .first(),
  ).toBeVisible();
  await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', /\?lang=en$/);
});

test('switching to English changes text and direction, and survives a reload', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('language-menu').click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Everything you need, from people near you');
  const englishNames = await categoryNames(page, 'en');
  await expect(categoryLinks(page).first()).toContainText(englishNames[0] ?? '');

  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Everything you need, from people near you');
});

test('dark mode is stored as "true" and survives a reload without a light flash', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await page.getByTestId('dark-mode-toggle').click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('darkMode'))).toBe('true');
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.getByTestId('dark-mode-toggle').click();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('darkMode'))).toBe('false');
});

test('an unknown path shows the not-found page with HTTP 404 and a way back', async ({ page }) => {
  const response = await page.goto('/no/such/page?lang=en');
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId('not-found-message')).toHaveText(
    "Oops, it looks like the page you're looking for doesn't exist.",
  );
  await page.getByRole('link', { name: 'Back to the dashboard' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(categoryLinks(page).first()).toBeVisible();

  const arabic = await page.goto('/missing?lang=ar');
  expect(arabic?.status()).toBe(404);
  await expect(page.getByTestId('not-found-message')).toHaveText('عذرًا، يبدو أن الصفحة التي تبحث عنها غير موجودة.');
});

test('a category opens its subcategories', async ({ page }) => {
  await page.goto('/?lang=en');
  const [firstName] = await categoryNames(page, 'en');
  await categoryLinks(page).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(firstName ?? '');
  await expect(page.getByRole('link', { name: `All ads in ${firstName}` })).toBeVisible();
  // With how many ads it holds ("61 ads"), and each subcategory with its own.
  await expect(page.getByTestId('all-ads-link').getByTestId('item-count')).toHaveText(/^[\d,]+ ads?$/);
  await expect(page.getByTestId('subcategory-card').first().getByTestId('item-count')).toHaveText(/^[\d,]+ ads?$/);
});

test('the top bar hides after scrolling more than 30px', async ({ page }) => {
  await page.goto('/');
  const topBar = page.getByTestId('top-bar');
  await expect(topBar).toHaveAttribute('data-hidden', 'false');
  await page.evaluate(() => window.scrollTo(0, 400));
  await expect(topBar).toHaveAttribute('data-hidden', 'true');
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(topBar).toHaveAttribute('data-hidden', 'false');
});

test('the menu offers New Post, Login and Register to visitors, also on phones', async ({ page }) => {
  await page.goto('/?lang=en');
  const openMenu = page.getByRole('button', { name: 'Open menu' });
  if (await openMenu.isVisible()) {
    await openMenu.click();
    const sheet = page.getByRole('dialog', { name: 'Menu' });
    await expect(sheet.getByRole('link', { name: 'New Post' })).toBeVisible();
    await expect(sheet.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    await expect(sheet.getByRole('link', { name: 'Register' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
  } else {
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'New Post' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    await expect(nav.getByRole('link', { name: 'Register' })).toBeVisible();
  }
});

test('login links carry the page to return to, with the query only for item lists', async ({ page }) => {
  await page.goto('/category?lang=en');
  const login = page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Login' });
  const openMenu = page.getByRole('button', { name: 'Open menu' });
  const href = (await openMenu.isVisible())
    ? await (async () => {
        await openMenu.click();
        return page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Login' }).getAttribute('href');
      })()
    : await login.getAttribute('href');
  expect(href).toBe('/login?redirect=category');
});

test('the layout mirrors: the logo starts on the right in Arabic and on the left in English', async ({ page }) => {
  const width = page.viewportSize()?.width ?? 0;
  await page.goto('/?lang=ar');
  const arabicLogo = await page.getByRole('link', { name: 'الصفحة الرئيسية لسوق' }).first().boundingBox();
  expect(arabicLogo && arabicLogo.x + arabicLogo.width / 2).toBeGreaterThan(width / 2);
  await page.goto('/?lang=en');
  const englishLogo = await page.getByRole('link', { name: 'Souk home' }).first().boundingBox();
  expect(englishLogo && englishLogo.x + englishLogo.width / 2).toBeLessThan(width / 2);
});
