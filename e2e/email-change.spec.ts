import { randomBytes } from 'node:crypto';
import { expect, test } from './fixtures.ts';

test('a new profile e-mail waits for its code, counts down to "Send a new code", and can be dropped', async ({
  page,
  freshUser,
}) => {
  // The page's clock is ours to move; the server keeps real time, so it still refuses a resend within the minute.
  await page.clock.install();
  const newEmail = `new-${randomBytes(4).toString('hex')}@example.com`;
  await page.goto('/edit-profile?lang=en');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(newEmail);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('flash-notice')).toHaveText(
    'We sent a code to your new e-mail address. Enter it to confirm the change.',
  );
  await expect(page.getByText(`Waiting for the code sent to ${newEmail}.`)).toBeVisible();

  const resend = page.getByRole('button', { name: /^Send a new code/ });
  await expect(resend).toHaveText(/^Send a new code in 0:[0-5]\d$/);
  await expect(resend).toBeDisabled();
  await page.reload();
  await expect(resend).toHaveText(/^Send a new code in 0:[0-5]\d$/);

  // Once the count moves, the page runs its own timer (hydrated); then jump past the minute.
  await expect(resend).not.toHaveText((await resend.textContent()) ?? '');
  await page.clock.fastForward('01:01');
  await expect(resend).toHaveText('Send a new code');
  await resend.click();
  await expect(page.getByRole('alert')).toHaveText(
    /^A code was just sent\. You can ask for a new one in \d{1,2} seconds\.$/,
  );
  await expect(resend).toHaveText(/^Send a new code in 0:[0-5]\d$/);

  await page.getByRole('button', { name: 'Keep my current address' }).click();
  await expect(page.getByTestId('flash-notice')).toHaveText('You keep your current e-mail address.');
  await expect(page.getByText('Waiting for the code sent to')).toBeHidden();
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(freshUser.email);
});
