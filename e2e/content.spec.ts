import { expect, test } from './fixtures.ts';

test.describe('first visit', () => {
  test.use({ answeredPrivacy: false });

  test('the privacy question links to the privacy policy', async ({ page }) => {
    await page.goto('/?lang=en');
    await page.getByTestId('privacy-consent').getByRole('link', { name: 'Read our privacy policy' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
    await expect(page.getByTestId('privacy-consent')).toBeHidden();
    await page.getByRole('contentinfo').getByRole('link', { name: 'About us' }).click();
    await expect(page.getByTestId('privacy-consent')).toBeVisible();
  });
});

test('footer links open the about, safety and privacy pages in the chosen language', async ({ page }) => {
  await page.goto('/?lang=en');
  const footer = page.getByRole('contentinfo');
  for (const [link, path] of [
    ['About us', '/about'],
    ['Safety tips', '/safety'],
    ['Privacy policy', '/privacy'],
  ] as const) {
    await footer.getByRole('link', { name: link }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(/Last updated \d{2}-\d{2}-\d{4}/)).toBeVisible();
  }
  const arabic = await page.goto('/safety?lang=ar');
  expect(arabic?.status()).toBe(200);
  await expect(page.locator('article')).toHaveAttribute('aria-labelledby', 'content-heading');
  await expect(page.getByText(/آخر تحديث/)).toBeVisible();
});

test('the blog lists posts, searches them and opens one', async ({ page }) => {
  await page.goto('/blog?lang=en');
  const posts = page.locator('main li');
  await expect(posts.first()).toBeVisible();
  const title = (await posts.first().getByRole('heading').textContent()) ?? '';
  await page.getByRole('searchbox', { name: 'Search the blog' }).fill(title.split(' ').slice(0, 3).join(' '));
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/searchterm=/);
  await expect(posts.first().getByRole('heading')).toHaveText(title);
  await posts.first().getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await page.getByRole('link', { name: 'Back to the blog' }).click();
  await expect(page).toHaveURL(/\/blog$/);

  await page.getByRole('searchbox', { name: 'Search the blog' }).fill('qqqzzzxx');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No Result Found !')).toBeVisible();
  await expect(page.getByText('Please adjust the filters or clear filters for results.')).toBeVisible();
  expect((await page.goto('/blog/999999'))?.status()).toBe(404);
});

test('the deal options page lists the ways to deal', async ({ page }) => {
  await page.goto('/deal?lang=en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Deal options');
  await expect(page.getByRole('link', { name: /See ads/ }).first()).toHaveAttribute(
    'href',
    /\/item-list\?deal_option_id=\d+&deal_option_name=/,
  );
});

test('the contact form checks each field, then sends the message', async ({ page }) => {
  await page.goto('/contact?lang=en');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Name is required.')).toBeVisible();
  await expect(page.getByText('Message is required.')).toBeVisible();
  await page.getByLabel('Name').fill('Omar Haddad');
  await page.getByLabel('Email').fill('omar@');
  await page.getByLabel('Phone number').fill('+962790000000');
  await page.getByLabel('Message').fill('Can I post ads for my car dealership?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Your email format is wrong.')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Email').fill('omar@example.com');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText(
    'Your message has been sent. We will get back to you soon.',
  );
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the contact form still validates on the server and sends', async ({ page }) => {
    await page.goto('/contact?lang=ar');
    await page.getByRole('button', { name: 'إرسال الرسالة' }).click();
    await expect(page.getByText('حقل الاسم مطلوب.')).toBeVisible();
    await page.getByLabel('الاسم').fill('ريم الدوسري');
    await page.getByLabel('البريد الإلكتروني').fill('reem@example.com');
    await page.getByLabel('رقم الجوال').fill('0550000000');
    await page.getByLabel('الرسالة').fill('شكرًا لكم');
    await page.getByRole('button', { name: 'إرسال الرسالة' }).click();
    await expect(page.getByText('تم إرسال رسالتك. سنتواصل معك قريبًا.')).toBeVisible();
  });
});

test('the dashboard shows the latest blog posts', async ({ page }) => {
  await page.goto('/?lang=en');
  const rail = page.getByRole('region', { name: 'From the blog' });
  await expect(rail.getByRole('listitem')).toHaveCount(3);
  const title = (await rail.getByRole('heading', { level: 3 }).first().textContent()) ?? '';
  await rail.getByRole('link').filter({ hasText: title }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
});
