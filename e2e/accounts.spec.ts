import { randomBytes, randomInt } from 'node:crypto';
import sharp from 'sharp';
import { expect, test } from './fixtures.ts';
import { codeSentTo } from './support/outbox.ts';

const unique = () => randomBytes(4).toString('hex');

test('register, verify the e-mailed code, log out, log in back to an item list, edit the profile with a photo, log out', async ({
  page,
}) => {
  test.slow(); // the longest journey: about 40 s on a loaded 2-core machine
  const email = `journey-${unique()}@example.com`;
  await test.step('register, with the form refusing mismatched passwords and no privacy consent', async () => {
    await page.goto('/register?lang=en');
    await page.getByLabel('Name', { exact: true }).fill('Rana Khalil');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('journey-pass-1');
    await page.getByLabel('Confirm password').fill('journey-pass-2');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('Passwords do not match.')).toBeVisible();
    await expect(page.getByText('Please select privacy policy!')).toBeVisible();
    await page.getByLabel('Confirm password').fill('journey-pass-1');
    await page.getByLabel(/I agree to the/).check();
    await expect(page.getByLabel('Country')).toHaveValue('SA');
    await page.getByLabel('Phone number (optional)').fill('0501');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('Enter a valid phone number: choose its country, or start it with +')).toBeVisible();
    // A local number in the default country (stored in E.164; server/modules/auth/auth.test.ts checks that).
    await page.getByLabel('Phone number (optional)').fill(`050 1${String(randomInt(1_000_000)).padStart(6, '0')}`);
    await page.getByRole('button', { name: 'Register' }).click();
  });

  await test.step('verify the e-mailed code after a wrong one', async () => {
    await expect(page).toHaveURL(/\/verify-email/);
    await expect(page.getByText(email)).toBeVisible();
    await page.getByLabel('Verification code').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert')).toHaveText('Your verification code is not correct.');
    await page.getByLabel('Verification code').fill(await codeSentTo('mail', email));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByTestId('flash-notice')).toHaveText('Login Success');
    await expect(page).toHaveURL(/\/$|\/\?/);
  });

  await test.step('log out from the account menu', async () => {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  });

  await test.step('log in again and land on the item list the login was asked from', async () => {
    await page.goto(`/login?lang=en&redirect=item-list&query=${encodeURIComponent('cat_id=3&search_term=bike')}`);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('journey-pass-1');
    await page.getByLabel(/I agree to the/).check();
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL('/item-list?cat_id=3&search_term=bike');
    // The list shows the words searched for: the query arrived with the path.
    await expect(page.getByRole('heading', { level: 1 })).toContainText('bike');
  });

  await test.step('upload a profile photo: stored as a 512 px WebP without EXIF', async () => {
    await page.goto('/edit-profile');
    await page.getByLabel('About me').fill('I sell bikes and books.');
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#c0392b' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Artist: 'secret camera owner' } } })
      .toBuffer();
    await page
      .getByTestId('profile-photo-input')
      .setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(page.getByRole('status').filter({ hasText: 'Photo saved.' })).toBeVisible();
    const avatar = page.locator('section img').last();
    await expect(avatar).toHaveAttribute('src', /\/uploads\/users\/.+\.webp$/);
    const stored = await page.request.get((await avatar.getAttribute('src')) as string);
    const metadata = await sharp(await stored.body()).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(metadata.exif).toBeUndefined();
  });

  await test.step('save the profile and see it', async () => {
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByTestId('flash-notice')).toHaveText('Profile has been updated.');
    await expect(page.getByText('I sell bikes and books.')).toBeVisible();
  });

  await test.step('log out: the profile then asks to log in', async () => {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login\?redirect=profile/);
  });
});

test('signs in with a new phone number: the name is asked, then the texted code creates the account', async ({
  page,
}) => {
  const phone = `+96650${String(Date.now()).slice(-7)}`;
  await page.goto('/login/phone?lang=en');
  await expect(page.getByLabel('Name', { exact: true })).toHaveCount(0);
  await page.getByLabel('Phone number').fill(phone);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome! What is your name?' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill('Sami');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Please enter your first and last name separated by a space.')).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill('Sami Nasser');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/verify-code/);
  await page.getByLabel('Verification code').fill('123456');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText('Your verification code is not correct.');
  await page.getByLabel('Verification code').fill(await codeSentTo('sms', phone));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByTestId('flash-notice')).toHaveText('Login Success');
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Sami Nasser' })).toBeVisible();
});

test('signs in with a known number typed locally in the default country, without being asked for a name', async ({
  page,
  newAccount,
}) => {
  const { phone = '', name } = await newAccount({ name: 'Layla Karim', withPhone: true });
  // +966 50 123 4567 typed as a Saudi would: 050 123 4567.
  const local = `0${phone.slice(4, 6)} ${phone.slice(6, 9)} ${phone.slice(9)}`;
  await page.goto('/login/phone?lang=en');
  await expect(page.getByLabel('Country')).toHaveValue('SA');
  await page.getByLabel('Phone number').fill(local);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page).toHaveURL(/\/verify-code/);
  await expect(page.getByLabel('Name', { exact: true })).toHaveCount(0);
  await page.getByLabel('Verification code').fill(await codeSentTo('sms', phone));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByTestId('flash-notice')).toHaveText('Login Success');
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name })).toBeVisible();
});

test('signs in through the OpenID Connect provider (Google), and again when Apple withholds the e-mail', async ({
  page,
}) => {
  test.slow(); // three sign-ins through the provider's screens
  const signInAtProvider = async (subject: string) => {
    await page.locator('input[name=login]').fill(subject);
    await page.locator('input[name=password]').fill('any');
    await page.locator('button[type=submit]').click();
    await page.locator('button[type=submit]').click();
    await expect(page).toHaveURL(/\/profile$/);
  };

  const subject = `g-${unique()}`;
  await test.step('sign in with Google: a new account named after the provider profile', async () => {
    await page.goto('/login?lang=en&redirect=profile');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await signInAtProvider(subject);
    await expect(page.getByTestId('flash-notice')).toHaveText('Login Success');
    await expect(page.getByRole('heading', { name: `g ${subject.slice(2)} Tester` })).toBeVisible();
  });

  const appleSubject = `apple-${unique()}`;
  const signInWithApple = async () => {
    // Leave the app first: a request still in flight could set the session cookie again after the clearing.
    await page.goto('about:blank');
    await page.context().clearCookies();
    await page.goto('/login?lang=en&redirect=profile');
    await page.getByRole('button', { name: 'Continue with Apple' }).click();
    await signInAtProvider(appleSubject);
  };
  await test.step('sign in with Apple', signInWithApple);
  await test.step('sign in with Apple again, now without an e-mail: the linked one is kept', async () => {
    await page.request.post(`http://127.0.0.1:${process.env.E2E_OIDC_PORT}/test/withhold-email/${appleSubject}`);
    await signInWithApple();
    await expect(page.getByText(`${appleSubject}@oidc.test`)).toBeVisible();
  });
});

test('signs in with Facebook (plain OAuth 2.0 and a Graph-style profile)', async ({ page }) => {
  const subject = `fb-${unique()}`;
  await page.goto('/login?lang=en&redirect=profile');
  await page.getByRole('button', { name: 'Continue with Facebook' }).click();
  await page.locator('input[name=login]').fill(subject);
  await page.locator('input[name=password]').fill('any');
  await page.locator('button[type=submit]').click();
  await page.locator('button[type=submit]').click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: `fb ${subject.slice(3)} Tester` })).toBeVisible();
  await expect(page.getByText(`${subject}@oidc.test`)).toBeVisible();
});

test('a Google account joins an existing account only when Google verified its e-mail', async ({ page }) => {
  test.slow(); // a registration and two sign-ins through the provider's screens
  const email = `linked-${unique()}@example.com`;
  await test.step('the owner registers and confirms the address', async () => {
    const registered = await page.request.post('/api/v1/auth/register?lang=en', {
      data: {
        user_name: 'Huda Salem',
        user_email: email,
        user_password: 'owner-pass-1',
        confirm_password: 'owner-pass-1',
        privacy: 'on',
      },
    });
    const { registration_token } = (await registered.json()).data;
    const verified = await page.request.post('/api/v1/auth/verify-email?lang=en', {
      data: { user_email: email, code: await codeSentTo('mail', email), registration_token },
    });
    expect(verified.status()).toBe(200);
    await page.context().clearCookies();
  });

  const signInWithGoogleAs = async (subject: string, verified: boolean, address = email) => {
    const oidc = `http://127.0.0.1:${process.env.E2E_OIDC_PORT}`;
    await page.request.post(`${oidc}/test/email/${subject}?email=${encodeURIComponent(address)}&verified=${verified}`);
    await page.goto('about:blank');
    await page.context().clearCookies();
    await page.goto('/login?lang=en&redirect=profile');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.locator('input[name=login]').fill(subject);
    await page.locator('input[name=password]').fill('any');
    await page.locator('button[type=submit]').click();
    await page.locator('button[type=submit]').click();
  };
  await test.step('an unverified copy of the address at Google does not sign into the account', async () => {
    await signInWithGoogleAs(`copy-${unique()}`, false);
    await expect(page).toHaveURL(/\/login\?.*error=google/);
    await expect(page.getByRole('alert')).toHaveText('Google login failed.');
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login/);
  });
  await test.step('an unverified address of nobody yet makes no account either', async () => {
    const stranger = `stranger-${unique()}`;
    await signInWithGoogleAs(stranger, false, `${stranger}@mail.test`);
    await expect(page.getByRole('alert')).toHaveText('Google login failed.');
    const registered = await page.request.post('/api/v1/auth/register?lang=en', {
      data: {
        user_name: 'Real Owner',
        user_email: `${stranger}@mail.test`,
        user_password: 'owner-pass-2',
        confirm_password: 'owner-pass-2',
        privacy: 'on',
      },
    });
    expect(registered.status(), 'the address is still free for its owner').toBe(200);
  });
  await test.step('a verified one links and signs in', async () => {
    await signInWithGoogleAs(`owner-${unique()}`, true);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { name: 'Huda Salem' })).toBeVisible();
  });
});

test('a cancelled Google sign-in says so on the login page', async ({ page }) => {
  await page.goto('/login?lang=en');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await page.getByRole('link', { name: '[ Cancel ]' }).click();
  await expect(page).toHaveURL(/\/login\?.*error=google/);
  await expect(page.getByRole('alert')).toHaveText('Google login failed.');
});

test('the login page answers in Arabic', async ({ page, newAccount }) => {
  const { email } = await newAccount();
  await page.goto('/login?lang=ar');
  await page.getByLabel('البريد الإلكتروني').fill(email);
  await page.getByLabel('كلمة المرور', { exact: true }).fill('not-the-password');
  await page.getByLabel(/أوافق على/).check();
  await page.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('البريد الإلكتروني أو كلمة المرور غير صحيحة.');
  await page.getByLabel('البريد الإلكتروني').fill('not-an-email');
  await page.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();
  await expect(page.locator('#login-user_email-error')).not.toHaveText('Your email format is wrong.');
  await expect(page.locator('#login-user_email-error')).toBeVisible();
});

test('the settings modal updates the password and deactivates the account for good', async ({ page }) => {
  test.slow(); // signs up by phone, then two settings changes
  const phone = `+96650${String(Date.now() + 7).slice(-7)}`;
  await page.goto('/login/phone?lang=en');
  await page.getByLabel('Phone number').fill(phone);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Mona Said');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Verification code').fill(await codeSentTo('sms', phone));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByTestId('flash-notice')).toHaveText('Login Success');

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByLabel('New password').fill('mona-pass-123');
  await settings.getByLabel('Confirm password').fill('mona-pass-124');
  await settings.getByRole('button', { name: 'Update password' }).click();
  await expect(settings.getByText('Your password and confirm password are not same.')).toBeVisible();
  await settings.getByLabel('Confirm password').fill('mona-pass-123');
  await settings.getByRole('button', { name: 'Update password' }).click();
  await expect(settings.getByText('Your password has been updated.')).toBeVisible();

  await settings.getByRole('button', { name: 'Deactivate account' }).click();
  const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog', { name: 'Deactivate your account?' }));
  await confirm.getByRole('button', { name: 'Deactivate account' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('flash-notice')).toHaveText('Your account has been deactivated.');
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();

  await page.goto('/login/phone?lang=en');
  await page.getByLabel('Phone number').fill(phone);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('alert')).toHaveText('This account was deactivated and can no longer sign in.');
});

test('the profile editor changes the phone number after the texted code', async ({ page, newAccount }) => {
  await (await newAccount()).signIn(page);
  const phone = `+96650${String(Date.now() + 13).slice(-7)}`;
  await page.goto('/edit-profile?lang=en');
  await page.getByRole('button', { name: /Add a number|Change number/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm your phone number' });
  await dialog.getByLabel('Phone number').fill(phone);
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await dialog.getByLabel('Verification code').fill('000000');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Your verification code is not correct.');
  await dialog.getByLabel('Verification code').fill(await codeSentTo('sms', phone));
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Your phone number has been changed.');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText(phone)).toBeVisible();
});
