import { phoneJpeg } from '../server/modules/media/test-files.ts';
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

test('an operator gives a category an icon picture and a photo; the category pages show them', async ({ page }) => {
  test.slow();
  await signIn(page, ADMIN);
  await page.goto('/admin/categories?lang=en');
  await page.getByRole('link', { name: /^Jobs/ }).click();
  const jpeg = async (width: number, height: number) => ({
    name: 'picture.jpg',
    mimeType: 'image/jpeg',
    buffer: await phoneJpeg(width, height),
  });
  await page.getByLabel('Icon picture').setInputFiles(await jpeg(400, 400));
  await page.getByRole('button', { name: 'Upload' }).first().click();
  await expect(page.getByText('The picture is saved. The site shows it at once.')).toBeVisible();
  await page.getByLabel('Photo', { exact: true }).setInputFiles(await jpeg(1500, 500));
  await page.getByRole('button', { name: 'Upload' }).last().click();
  await expect(page.getByRole('img', { name: "The category's current photo" })).toBeVisible();

  const visitor = await page.context().browser()?.newPage({ baseURL: test.info().project.use.baseURL });
  if (!visitor) throw new Error('no browser');
  await visitor.goto('/category?lang=en');
  const card = visitor.getByTestId('category-card').filter({ hasText: 'Jobs' });
  await expect(card.locator('img')).toHaveAttribute('src', /\/uploads\/categories\//);
  await visitor.goto(`${await card.getAttribute('href')}?lang=en`);
  await expect(visitor.getByTestId('category-photo')).toBeVisible();
  await visitor.close();

  for (const label of ["The category's current icon picture", "The category's current photo"]) {
    await expect(page.getByRole('img', { name: label })).toBeVisible();
    await page.getByRole('button', { name: 'Remove' }).first().click();
    await expect(page.getByRole('img', { name: label })).toHaveCount(0);
  }
  await page.goto('/admin/audit?subject_type=category&lang=en');
  await expect(page.getByTestId('audit-log')).toContainText('Icon changed');
});

test('an operator adds a city with a district on the map and a make with a model; both are offered', async ({
  page,
}) => {
  test.slow();
  const stamp = Date.now();
  await signIn(page, ADMIN);
  await page.goto('/admin/categories?lang=en');
  await page.getByRole('link', { name: 'Cities' }).click();
  await expect(page.getByRole('heading', { name: 'Cities' })).toBeVisible();
  await page.getByRole('link', { name: 'Add' }).click();
  await page.getByLabel('العربية').fill(`مدينة ${stamp}`);
  await page.getByLabel('English', { exact: true }).fill(`Town ${stamp}`);
  await page.getByLabel('Order').fill('900');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Latitude is required.')).toBeVisible();
  await page.getByLabel('Latitude').fill('21.4858');
  await page.getByLabel('Longitude').fill('39.1925');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved. The site offers it at once if it is shown.')).toBeVisible();

  const city = page.getByRole('listitem').filter({ hasText: `Town ${stamp}` });
  await city.getByRole('link', { name: 'Districts' }).click();
  await expect(page.getByRole('heading', { name: `Districts of Town ${stamp}` })).toBeVisible();
  await page.getByRole('link', { name: 'Add' }).click();
  await page.getByLabel('العربية').fill(`حي ${stamp}`);
  await page.getByLabel('English', { exact: true }).fill(`Quarter ${stamp}`);
  await page.getByTestId('entry-map-open').click();
  await page.getByRole('button', { name: 'Pin the map centre' }).click();
  await page.getByTestId('map-pick-confirm').click();
  await expect(page.getByLabel('Latitude')).toHaveValue(/^21\.\d+/);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Quarter ${stamp}`)).toBeVisible();

  await page.goto('/admin/categories/lists/manufacturers?lang=en');
  await page.getByRole('link', { name: 'Add' }).click();
  await page.getByLabel('العربية').fill(`صانع ${stamp}`);
  await page.getByLabel('English', { exact: true }).fill(`Maker ${stamp}`);
  await page.getByLabel('Order').fill('900');
  await page.getByRole('button', { name: 'Save' }).click();
  await page
    .getByRole('listitem')
    .filter({ hasText: `Maker ${stamp}` })
    .getByRole('link', { name: 'Models' })
    .click();
  await expect(page.getByRole('heading', { name: `Models of Maker ${stamp}` })).toBeVisible();
  await page.getByRole('link', { name: 'Add' }).click();
  await page.getByLabel('العربية').fill(`طراز ${stamp}`);
  await page.getByLabel('English', { exact: true }).fill(`Model ${stamp}`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Model ${stamp}`)).toBeVisible();

  const visitor = await page.context().browser()?.newPage({ baseURL: test.info().project.use.baseURL });
  if (!visitor) throw new Error('no browser');
  const cities = await (await visitor.request.get('/api/v1/locations?limit=100&lang=ar')).json();
  const added = cities.data.items.find((item: { name: string }) => item.name === `مدينة ${stamp}`);
  expect(added).toMatchObject({ lat: 21.4858, lng: 39.1925 });
  const districts = await (await visitor.request.get(`/api/v1/locations/${added.id}/townships?lang=en`)).json();
  expect(districts.data.items.map((item: { township_name: string }) => item.township_name)).toEqual([
    `Quarter ${stamp}`,
  ]);
  await visitor.close();

  await page.goto('/admin/audit?subject_type=lookup&lang=en');
  const created = page.getByTestId('audit-log').getByRole('article').filter({ hasText: 'townships:' }).first();
  await expect(created).toContainText('Added');
});
