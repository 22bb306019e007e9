import { randomBytes } from 'node:crypto';
import { expect, test } from './fixtures.ts';
import { codeSentTo } from './support/outbox.ts';

test('"Send a new code" counts down after each code, and an early resend is refused with the wait', async ({
  page,
}) => {
  // The page's clock is ours to move; the server keeps real time, so it still refuses a resend within the minute.
  await page.clock.install();
  const email = `countdown-${randomBytes(4).toString('hex')}@example.com`;
  await page.goto('/register?lang=en');
  await page.getByLabel('Name', { exact: true }).fill('Huda Saleh');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('countdown-pass-1');
  await page.getByLabel('Confirm password').fill('countdown-pass-1');
  await page.getByLabel(/I agree to the/).check();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/verify-email/);

  const resend = page.getByRole('button', { name: /^Send a new code/ });
  await expect(resend).toHaveText(/^Send a new code in 0:[0-5]\d$/);
  await expect(resend).toBeDisabled();

  await page.reload();
  await expect(resend).toHaveText(/^Send a new code in 0:[0-5]\d$/);
  await expect(resend).toBeDisabled();

  // Once the count moves, the page runs its own timer (hydrated); then jump past the minute.
  await expect(resend).not.toHaveText((await resend.textContent()) ?? '');
  await page.clock.fastForward('01:01');
  await expect(resend).toHaveText('Send a new code');
  await expect(resend).toBeEnabled();
  await expect(page.getByRole('status').filter({ hasText: 'You can ask for a new code now.' })).toBeAttached();

  await resend.click();
  await expect(page.getByRole('alert')).toHaveText(
    /^A code was just sent\. You can ask for a new one in \d{1,2} seconds\.$/,
  );
  await expect(resend).toHaveText(/^Send a new code in 0:[0-5]\d$/);
  await expect(resend).toBeDisabled();

  await page.getByLabel('Verification code').fill(await codeSentTo('mail', email));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByTestId('flash-notice')).toHaveText('Login Success');
});

test('a password reset keeps its code step on reload, then says so once and fills in the e-mail', async ({
  page,
  newAccount,
}) => {
  const { email } = await newAccount({ unmailed: true });
  await page.goto('/forgotpassword?lang=en');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(`Enter the code we sent to ${email}`)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Send a new code in 0:[0-5]\d$/ })).toBeDisabled();

  await page.reload();
  await expect(page.getByText(`Enter the code we sent to ${email}`)).toBeVisible();
  await page.getByLabel('Verification code').fill(await codeSentTo('mail', email));
  await page.getByLabel('New password').fill('reset-journey-9');
  await page.getByLabel('Confirm password').fill('reset-journey-9');
  await page.getByRole('button', { name: 'Set new password' }).click();

  await expect(page).toHaveURL(/\/login$/);
  const notice = page.getByText('Your password has been changed. Please sign in.');
  await expect(notice).toBeVisible();
  await expect(notice).toHaveCount(1);
  await expect(page.getByLabel('E-mail')).toHaveValue(email);
  await page.reload();
  await expect(notice).toHaveCount(0);
  await expect(page.getByLabel('E-mail')).toHaveValue('');
});
