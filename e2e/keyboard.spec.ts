import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/** Presses Tab until `target` has focus; returns how many presses it took (or `limit + 1` when it never did). */
async function tabsUntilFocused(page: Page, target: Locator, limit: number) {
  for (let presses = 1; presses <= limit; presses += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return presses;
  }
  return limit + 1;
}

test('after signing in, the skip link comes first and the account menu a few Tabs later', async ({
  page,
  newAccount,
}) => {
  const account = await newAccount();
  await page.goto('/login?lang=en');
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel(/I agree to the/).check();
  await page.getByRole('button', { name: 'Login', exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/$|\/\?/);
  const accountMenu = page.getByRole('button', { name: 'Account menu' });
  await expect(accountMenu).toBeVisible();

  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  // The top bar (location, language, dark mode), the logo, the search field and its button, the bell, the chat.
  expect(await tabsUntilFocused(page, accountMenu, 12)).toBeLessThanOrEqual(9);
});

test('the skip link moves focus into the main content, so the next Tab is on the page itself', async ({ page }) => {
  await page.goto('/?lang=en');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
  await page.keyboard.press('Tab');
  const focusedInMain = await page.evaluate(() => document.querySelector('main')?.contains(document.activeElement));
  expect(focusedInMain).toBe(true);
});

test('the collapsed top bar takes no focus until it shows again', async ({ page }) => {
  await page.goto('/?lang=en');
  const topBar = page.getByTestId('top-bar');
  const language = topBar.getByRole('button').first();
  // Scrolling before the page has hydrated is not seen: scroll until the bar reacts.
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect(topBar).toHaveAttribute('data-hidden', 'true', { timeout: 1_000 });
  }).toPass();
  await page.getByRole('link', { name: 'Skip to main content' }).focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Souk home' })).toBeFocused();

  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(topBar).toHaveAttribute('data-hidden', 'false');
  await page.getByRole('link', { name: 'Skip to main content' }).focus();
  await page.keyboard.press('Tab');
  await expect(language).toBeFocused();
});
