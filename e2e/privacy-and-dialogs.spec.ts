import { expect, test } from './fixtures.ts';
import { ADMIN, signIn } from './support/accounts.ts';

test.describe('first visit', () => {
  test.use({ answeredPrivacy: false });

  test('asks about privacy once and remembers the answer', async ({ page }) => {
    await page.goto('/?lang=en');
    const consent = page.getByTestId('privacy-consent');
    await expect(consent).toBeVisible();
    await expect(consent.getByRole('heading')).toHaveText('Your privacy');
    await consent.getByRole('button', { name: 'Reject' }).click();
    await expect(consent).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('privacyConsent'))).toBe('rejected');
    await page.reload();
    await expect(page.getByTestId('category-grid')).toBeVisible();
    await expect(consent).toBeHidden();
  });
});

test('dialogs trap focus, close with Escape and report the answer', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/ui-collection?lang=en');
  await page.getByRole('button', { name: 'Are you sure?' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Do you want to continue?');
  for (let press = 0; press < 4; press++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('confirm-answer')).toHaveText('Your answer: No');

  await page.getByRole('button', { name: 'Are you sure?' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByTestId('confirm-answer')).toHaveText('Your answer: Yes');

  await page.getByRole('button', { name: 'Error' }).click();
  await expect(page.getByTestId('dialog-error')).toContainText('Something went wrong. Please try again.');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('dialog-error')).toBeHidden();
});

test('dialogs mirror in Arabic', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/ui-collection?lang=ar');
  await page.getByRole('button', { name: 'هل أنت متأكد؟' }).click();
  await expect(page.getByRole('alertdialog')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('alertdialog').getByRole('button', { name: 'نعم' })).toBeVisible();
});

test('the design showcase is the operators’ own: visitors sign in first, members find nothing', async ({
  page,
  newAccount,
}) => {
  await page.goto('/ui-collection?lang=en');
  await expect(page).toHaveURL(/\/login\?redirect=ui-collection/);
  await (await newAccount()).signIn(page);
  const refused = await page.goto('/ui-collection?lang=en');
  expect(refused?.status()).toBe(404);
  await expect(page.getByRole('button', { name: 'Are you sure?' })).toHaveCount(0);
});
