import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/**
 * The location chosen in the header (SPEC.md 3 "Local device settings"): a city and a township of it, near me
 * or all locations, remembered on the device and shown by the server-rendered page after a reload.
 */

type Place = { id: number; name?: string; township_name?: string };

async function places(page: Page, path: string) {
  const response = await page.request.get(path);
  expect(response.ok(), path).toBe(true);
  return ((await response.json()) as { data: { items: Place[] } }).data.items;
}

/** Before hydration the header's button is plain HTML that opens nothing: press it once React owns it. */
async function pressOnceHydrated(button: Locator) {
  await expect
    .poll(() => button.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactProps'))))
    .toBe(true);
  await button.click();
}

/** The header's location button as the server rendered it (no script): its accessible name. */
async function serverRenderedLabel(page: Page) {
  const html = await (await page.request.get('/')).text();
  return html.match(/aria-label="([^"]*)" data-testid="location-menu"/)?.[1];
}

test.describe('on a phone, in Arabic', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('a city and one of its districts, kept after a reload, then all locations again', async ({ page }) => {
    const [city] = await places(page, '/api/v1/locations?lang=ar');
    const [, township] = await places(page, `/api/v1/townships?city_id=${city?.id}&lang=ar`);
    const cityName = city?.name ?? '';
    const townshipName = township?.township_name ?? '';

    await page.goto('/');
    const button = page.getByTestId('location-menu');
    await expect(button).toHaveAccessibleName('اختيار الموقع: كل المواقع');
    await expect(button).toBeInViewport();

    await test.step('search the cities and open one', async () => {
      await pressOnceHydrated(button);
      const dialog = page.getByRole('dialog', { name: 'اختر موقعك' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('searchbox', { name: 'ابحث عن مدينة' }).fill(cityName.slice(0, 3));
      await dialog.getByRole('button', { name: cityName, exact: true }).click();
      await expect(dialog.getByRole('heading', { name: `أحياء ${cityName}` })).toBeFocused();
    });

    await test.step('choose a district: the dialog closes and the header shows the choice', async () => {
      await page.getByRole('dialog').getByRole('button', { name: townshipName, exact: true }).click();
      await expect(page.getByRole('dialog')).toBeHidden();
      await expect(button).toHaveAccessibleName(`اختيار الموقع: ${townshipName}، ${cityName}`);
      await expect(button).toContainText(cityName);
      await expect(button).toBeFocused();
    });

    await test.step('the server renders it after a reload', async () => {
      expect(await serverRenderedLabel(page)).toBe(`اختيار الموقع: ${townshipName}، ${cityName}`);
      await page.reload();
      await expect(page.getByTestId('location-menu')).toHaveAccessibleName(
        `اختيار الموقع: ${townshipName}، ${cityName}`,
      );
    });

    await test.step('the dialog shows the choice; Escape closes it and changes nothing', async () => {
      await pressOnceHydrated(page.getByTestId('location-menu'));
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('button', { name: cityName, exact: true })).toHaveAttribute('aria-current', 'true');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('location-menu')).toBeFocused();
    });

    await test.step('all locations', async () => {
      await page.getByTestId('location-menu').click();
      await page.getByRole('dialog').getByRole('button', { name: 'كل المواقع' }).click();
      await expect(page.getByRole('dialog')).toBeHidden();
      await expect(page.getByTestId('location-menu')).toHaveAccessibleName('اختيار الموقع: كل المواقع');
      expect(await serverRenderedLabel(page)).toBe('اختيار الموقع: كل المواقع');
      expect((await page.context().cookies()).some((cookie) => cookie.name === 'souk_location')).toBe(false);
    });
  });
});

test.describe('near me, when the browser shares the location', () => {
  test.use({ geolocation: { latitude: 24.7136491, longitude: 46.6753012 }, permissions: ['geolocation'] });

  test('remembers the rounded point and shows "Near me"', async ({ page }) => {
    await page.goto('/?lang=en');
    await pressOnceHydrated(page.getByTestId('location-menu'));
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Near me/ })
      .click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByTestId('location-menu')).toHaveAccessibleName('Choose location: Near me');
    const cookie = (await page.context().cookies()).find((entry) => entry.name === 'souk_location');
    expect(decodeURIComponent(cookie?.value ?? '')).toBe('{"lat":24.714,"lng":46.675}');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    await page.reload();
    await expect(page.getByTestId('location-menu')).toHaveAccessibleName('Choose location: Near me');
  });
});

test.describe('near me, when the browser refuses', () => {
  test.use({ permissions: [] });

  test('says so in the dialog and keeps the choice as it was', async ({ page, context }) => {
    await context.clearPermissions();
    await page.goto('/?lang=en');
    await pressOnceHydrated(page.getByTestId('location-menu'));
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /Near me/ }).click();
    await expect(dialog.getByTestId('location-problem')).toHaveText(
      'Your browser did not share your location. Allow location access for this site, or choose a city.',
    );
    await expect(dialog).toBeVisible();
    expect((await context.cookies()).some((cookie) => cookie.name === 'souk_location')).toBe(false);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('location-menu')).toHaveAccessibleName('Choose location: All locations');
  });
});
