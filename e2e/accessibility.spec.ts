import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page, WorkerInfo } from '@playwright/test';
import { stableUuid } from '../server/db/seed/random.ts';
import { test as base, expect } from './fixtures.ts';

/**
 * Each page is checked in light and dark (76 axe scans). To keep that cheap, every worker keeps one
 * visitor page and one signed-in page for all its checks (their cache holds the scripts, styles and fonts
 * after the first page), each page is loaded once, and the dark theme is scanned after switching the
 * class on <html> in place: the theme is nothing but that class (app/features/shell/theme.tsx).
 */
const test = base.extend<object, { visitorPage: Page; memberPage: Page }>({
  visitorPage: [
    async ({ browser }, use, workerInfo) => {
      const page = await openPage(browser, workerInfo);
      await use(page);
      await page.context().close();
    },
    { scope: 'worker' },
  ],
  memberPage: [
    async ({ browser }, use, workerInfo) => {
      const page = await openPage(browser, workerInfo);
      const signIn = await page.request.post('/api/v1/auth/login', {
        data: { user_email: 'user03@souk.test', user_password: 'souk-demo-2026', privacy: 'on' },
      });
      expect(signIn.ok()).toBe(true);
      await use(page);
      await page.context().close();
    },
    { scope: 'worker' },
  ],
});

async function openPage(browser: Browser, workerInfo: WorkerInfo) {
  const { baseURL, viewport } = workerInfo.project.use;
  const context = await browser.newContext({ baseURL, viewport });
  await context.addInitScript(() => localStorage.setItem('privacyConsent', 'accepted'));
  return context.newPage();
}

const WCAG_21_A_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function violationsIn(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), theme === 'dark');
  // Only violations are read, so axe skips collecting the nodes of passed and inapplicable rules.
  // options() replaces every option, so it comes before withTags(), which adds the WCAG filter to them.
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(WCAG_21_A_AA)
    .analyze();
  return results.violations.map(
    (violation) => `${violation.id} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
}

async function expectAccessibleInBothThemes(page: Page) {
  await expect(page.locator('main')).toBeVisible();
  for (const theme of ['light', 'dark'] as const) {
    await test.step(`${theme} theme`, async () => {
      expect.soft(await violationsIn(page, theme), `WCAG violations in the ${theme} theme`).toEqual([]);
    });
  }
}

const PAGES = [
  '/',
  '/category',
  '/category/1/x',
  '/blog',
  '/contact',
  '/safety',
  '/deal',
  '/item-list',
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

/** Pages of a signed-in member. */
const MEMBER_PAGES = [
  '/profile',
  '/edit-profile',
  '/profile#settings',
  '/item-entry',
  '/active-items',
  '/pending-items',
  '/reject-items',
];

/**
 * Seeded items (server/db/seed/demo-items.ts, stable ids): item 0 is a car with a video, seen by a visitor;
 * item 2 belongs to user03, the signed-in member, who sees the owner's buttons.
 */
const ITEM_PAGES = [
  { name: 'item page (a car with a video)', index: 0, member: false },
  { name: 'item page (its owner)', index: 2, member: true },
];

async function itemPage(page: Page, index: number, language: string) {
  const response = await page.request.get(`/api/v1/items/${stableUuid(`item-${index}`)}?lang=${language}`);
  expect(response.ok()).toBe(true);
  const { item_name: name } = (await response.json()).data as { item_name: string };
  return `/item/${encodeURIComponent(name)}?lang=${language}`;
}

for (const language of ['ar', 'en']) {
  test.describe(`${language}, light and dark themes`, () => {
    for (const path of PAGES) {
      test(`${path} passes WCAG 2.1 A and AA checks`, async ({ visitorPage: page }) => {
        await page.goto(`${path}?lang=${language}`);
        await expectAccessibleInBothThemes(page);
      });
    }

    for (const { name, index, member } of ITEM_PAGES) {
      test(`${name} passes WCAG 2.1 A and AA checks`, async ({ visitorPage, memberPage }) => {
        const page = member ? memberPage : visitorPage;
        await page.goto(await itemPage(page, index, language));
        await expect(page.getByTestId('item-gallery')).toBeVisible();
        await expectAccessibleInBothThemes(page);
      });
    }

    test('the search suggestions (header) pass WCAG 2.1 A and AA checks', async ({ visitorPage: page }) => {
      await page.goto(`/?lang=${language}`);
      const box = page.getByRole('combobox', { name: language === 'en' ? 'Search items' : 'ابحث في الإعلانات' });
      // Before hydration the field is a plain form field that suggests nothing.
      await expect
        .poll(() => box.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactProps'))))
        .toBe(true);
      await box.fill(language === 'en' ? 'to' : 'سي');
      await expect(page.getByRole('listbox')).toBeVisible();
      await box.press('ArrowDown');
      await expect(page.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
      await expectAccessibleInBothThemes(page);
    });

    for (const path of MEMBER_PAGES) {
      test(`${path} (signed in) passes WCAG 2.1 A and AA checks`, async ({ memberPage: page }) => {
        const [pathname, dialog] = path.split('#');
        await page.goto(`${pathname}?lang=${language}`);
        if (dialog === 'settings') {
          await page.getByRole('button', { name: language === 'en' ? 'Settings' : 'الإعدادات' }).click();
          await expect(page.getByRole('dialog')).toBeVisible();
        }
        await expectAccessibleInBothThemes(page);
      });
    }

    test('the location dialog (header) passes WCAG 2.1 A and AA checks', async ({ visitorPage: page }) => {
      await page.goto(`/?lang=${language}`);
      const button = page.getByTestId('location-menu');
      // Before hydration the button is plain HTML that opens nothing: press it once React owns it.
      await expect
        .poll(() => button.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactProps'))))
        .toBe(true);
      await button.click();
      await expect(page.getByRole('dialog').locator('[data-place]').first()).toBeVisible();
      await expectAccessibleInBothThemes(page);
    });
  });
}
