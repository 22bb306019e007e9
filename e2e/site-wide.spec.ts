import { expect, test } from './fixtures.ts';
import { ADMIN, signIn } from './support/accounts.ts';

/**
 * Issue 24: an operator renames a category in Arabic and English and the public pages show the new names at
 * once. It changes what every page shows, so it runs after the other journeys (playwright.config.ts) and puts
 * the names back.
 */

test('an operator renames a category in Arabic and English; the category pages show it', async ({ page }) => {
  test.slow();
  await signIn(page, ADMIN);
  await page.goto('/admin/categories?lang=en');
  await page.getByRole('link', { name: /^Services/ }).click();
  const arabic = page.getByLabel('العربية');
  const english = page.getByLabel('English', { exact: true });
  const before = { ar: await arabic.inputValue(), en: await english.inputValue() };
  const renamed = { ar: 'خدمات وصيانة', en: 'Services & Repairs' };

  await arabic.fill('');
  await page.getByRole('button', { name: 'Save category' }).click();
  await expect(page.getByText('العربية is required.')).toBeVisible();

  await arabic.fill(renamed.ar);
  await english.fill(renamed.en);
  await page.getByRole('button', { name: 'Save category' }).click();
  await expect(page.getByText('The category is saved. The site shows it at once.')).toBeVisible();

  const visitor = await page.context().browser()?.newPage({ baseURL: test.info().project.use.baseURL });
  if (!visitor) throw new Error('no browser');
  await visitor.goto('/category?lang=en');
  await expect(visitor.getByTestId('category-card').filter({ hasText: renamed.en })).toHaveCount(1);
  await visitor.goto('/category?lang=ar');
  await expect(visitor.getByTestId('category-card').filter({ hasText: renamed.ar })).toHaveCount(1);
  await visitor.close();

  await page.goto('/admin/audit?subject_type=category&lang=en');
  await expect(async () => {
    await page.reload();
    await expect(page.getByText('Category changed').first()).toBeVisible({ timeout: 1000 });
  }).toPass();

  await page.goto('/admin/categories?lang=en');
  await page.getByRole('link', { name: new RegExp(`^${renamed.en}`) }).click();
  await page.getByLabel('العربية').fill(before.ar);
  await page.getByLabel('English', { exact: true }).fill(before.en);
  await page.getByRole('button', { name: 'Save category' }).click();
  await expect(page.getByText('The category is saved. The site shows it at once.')).toBeVisible();
});
