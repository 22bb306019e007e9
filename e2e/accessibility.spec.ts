import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

async function expectAccessible(page: Page) {
  await expect(page.locator('main')).toBeVisible();
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const problems = results.violations.map(
    (violation) => `${violation.id} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
  expect(problems).toEqual([]);
}

const PAGES = [
  '/',
  '/category',
  '/category/1/x',
  '/blog',
  '/contact',
  '/safety',
  '/deal',
  '/ui-collection',
  '/no-such-page',
  '/login',
  '/register',
  '/login/phone',
  '/forgotpassword',
  '/verify-email',
  '/verify-code',
  '/other-profile/demo-user-02',
];

/** Pages of a signed-in member; each language and theme signs in as another demo user. */
const MEMBER_PAGES = ['/profile', '/edit-profile', '/profile#settings'];
let memberNumber = 0;

for (const theme of ['light', 'dark'] as const) {
  for (const language of ['ar', 'en']) {
    test.describe(`${language}, ${theme} theme`, () => {
      test.beforeEach(async ({ page }) => {
        await page.addInitScript((dark) => localStorage.setItem('darkMode', String(dark)), theme === 'dark');
      });

      for (const path of PAGES) {
        test(`${path} passes WCAG 2.1 A and AA checks`, async ({ page }) => {
          await page.goto(`${path}?lang=${language}`);
          await expectAccessible(page);
        });
      }

      const member = `user${String(++memberNumber).padStart(2, '0')}@souk.test`;
      for (const path of MEMBER_PAGES) {
        test(`${path} (signed in) passes WCAG 2.1 A and AA checks`, async ({ page }) => {
          const signIn = await page.request.post('/api/v1/auth/login', {
            data: { user_email: member, user_password: 'souk-demo-2026', privacy: 'on' },
          });
          expect(signIn.ok()).toBe(true);
          const [pathname, dialog] = path.split('#');
          await page.goto(`${pathname}?lang=${language}`);
          if (dialog === 'settings') {
            await page.getByRole('button', { name: language === 'en' ? 'Settings' : 'الإعدادات' }).click();
            await expect(page.getByRole('dialog')).toBeVisible();
          }
          await expectAccessible(page);
        });
      }
    });
  }
}
