import type { Browser, Page, WorkerInfo } from '@playwright/test';
import { stableUuid } from '../server/db/seed/random.ts';
import { type AccountMaker, test as base, closeAll, createAccount, expect, type FreshAccount } from './fixtures.ts';
import { ADMIN, type ListingOptions, signIn } from './support/accounts.ts';
import { showTheme, violationsOf } from './support/axe.ts';

/**
 * Each page is checked in Arabic and English with every WCAG 2.1 A and AA rule, and its dark theme for
 * colour contrast. To keep that cheap, every worker keeps one visitor page and one signed-in page for all its
 * checks (their cache holds the scripts, styles and fonts after the first page), each page is loaded once, and
 * the dark theme is scanned after switching the class on <html> in place: the theme is nothing but that class
 * (app/features/shell/theme.tsx), so it changes colours only, and the same in every language: the dark scan
 * runs the contrast rule alone, in Arabic only, which keeps the journeys within CI's time on a loaded machine.
 */
const test = base.extend<object, { visitorPage: Page; member: FreshAccount; memberPage: Page }>({
  visitorPage: [
    async ({ browser }, use, workerInfo) => {
      const page = await openPage(browser, workerInfo);
      await use(page);
      await page.context().close();
    },
    { scope: 'worker' },
  ],
  member: [
    async ({ browser, moderator }, use, workerInfo) => {
      const maker: AccountMaker = { baseURL: String(workerInfo.project.use.baseURL), browser, moderator, opened: [] };
      await use(await createAccount(maker, { joinedDaysAgo: 30, withListings: MEMBERS_LISTINGS }));
      await closeAll(maker.opened);
    },
    { scope: 'worker' },
  ],
  memberPage: [
    async ({ member }, use, workerInfo) => {
      await use(await member.newPage({ viewport: workerInfo.project.use.viewport }));
    },
    { scope: 'worker' },
  ],
});

/** The signed-in member's own lists have content: a page of active items and more, one pending, two refused. */
const MEMBERS_LISTINGS: ListingOptions[] = [
  ...Array.from({ length: 11 }, () => ({ status: 'active' as const })),
  { status: 'pending' },
  { status: 'rejected' },
  { status: 'disabled' },
];

async function openPage(browser: Browser, workerInfo: WorkerInfo) {
  const { baseURL, viewport } = workerInfo.project.use;
  const context = await browser.newContext({ baseURL, viewport });
  await context.addInitScript(() => localStorage.setItem('privacyConsent', 'accepted'));
  return context.newPage();
}

/** Every rule in the light theme; in Arabic, the dark theme's contrast too. */
async function expectAccessible(page: Page, language: string) {
  await expect(page.locator('main')).toBeVisible();
  for (const theme of language === 'ar' ? (['light', 'dark'] as const) : (['light'] as const)) {
    await test.step(`${theme} theme`, async () => {
      await showTheme(page, theme);
      const only = theme === 'dark' ? 'contrast' : 'wcag';
      expect.soft(await violationsOf(page, { only }), `WCAG violations in the ${theme} theme`).toEqual([]);
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
  '/no-such-page',
  '/login',
  '/register',
  '/login/phone',
  '/forgotpassword',
  '/verify-email',
  '/verify-code',
  '/other-profile/demo-user-02',
  '/recently-viewed',
  '/users',
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
  '/expired-items',
  '/chat-list',
  '/profile/badges',
  '/paid-items',
  '/payments',
  '/membership',
];

/** The operator's console (issue 24). */
const CONSOLE_PAGES = [
  '/admin',
  '/admin/items',
  '/admin/reports',
  '/admin/reports?by=reporters',
  '/admin/reviews',
  '/admin/users',
  '/admin/users/demo-user-02',
  '/admin/applications',
  '/admin/categories',
  '/admin/categories/1',
  '/admin/categories/new',
  '/admin/categories/lists/manufacturers',
  '/admin/categories/lists/townships?parent=1',
  '/admin/categories/lists/townships/new?parent=1',
  '/admin/categories/lists/currencies',
  '/admin/categories/lists/currencies/new',
  '/admin/categories/lists/shipping-methods/new',
  '/admin/payments',
  '/admin/payments?status=all',
  '/admin/payments/paid-ads?status=all',
  '/admin/payments/coupons',
  '/admin/payments/coupons/new',
  '/admin/payments/offline-methods',
  '/admin/payments/offline-methods/1',
  '/admin/settings',
  '/admin/search-words',
  '/admin/audit',
  '/admin/content',
  '/admin/content/blog/new',
  '/admin/content/blog/1',
  '/admin/content/pages/about',
  '/admin/content/banners/new',
  '/admin/content/collections/new',
];

/**
 * A visitor sees seeded item 0 (server/db/seed/demo-items.ts, stable id), a car with a video; the signed-in
 * member sees the owner's buttons on an active listing of its own.
 */
const ITEM_PAGES = [
  { name: 'item page (a car with a video)', asOwner: false },
  { name: 'item page (its owner)', asOwner: true },
];

async function itemPage(page: Page, itemId: string, language: string) {
  const response = await page.request.get(`/api/v1/items/${itemId}?lang=${language}`);
  expect(response.ok()).toBe(true);
  const { item_name: name } = (await response.json()).data as { item_name: string };
  return `/item/${encodeURIComponent(name)}?lang=${language}`;
}

for (const language of ['ar', 'en']) {
  test.describe(`${language}, light theme${language === 'ar' ? ' and dark contrast' : ''}`, () => {
    for (const path of PAGES) {
      test(`${path} passes WCAG 2.1 A and AA checks`, async ({ visitorPage: page }) => {
        await page.goto(`${path}?lang=${language}`);
        await expectAccessible(page, language);
      });
    }

    for (const { name, asOwner } of ITEM_PAGES) {
      test(`${name} passes WCAG 2.1 A and AA checks`, async ({ visitorPage, member, memberPage }) => {
        const page = asOwner ? memberPage : visitorPage;
        const itemId = asOwner ? String(member.listings[0]?.id) : stableUuid('item-0');
        await page.goto(await itemPage(page, itemId, language));
        await expect(page.getByTestId('item-gallery')).toBeVisible();
        await expectAccessible(page, language);
      });
    }

    test('the Promote form of the member’s listing passes WCAG 2.1 A and AA checks', async ({
      member,
      memberPage: page,
    }) => {
      await page.goto(`/paid-items?item_id=${member.listings[0]?.id}&lang=${language}`);
      await expect(page.getByTestId('promote-form')).toBeVisible();
      await expectAccessible(page, language);
    });

    test('the bump page of the member’s listing passes WCAG 2.1 A and AA checks', async ({
      member,
      memberPage: page,
    }) => {
      await page.goto(`/bump?item_id=${member.listings[0]?.id}&lang=${language}`);
      await expect(page.getByTestId('bump-form')).toBeVisible();
      await expectAccessible(page, language);
    });

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
      await expectAccessible(page, language);
    });

    test('/ui-collection (the admin) passes WCAG 2.1 A and AA checks', async ({ visitorPage: page }) => {
      await signIn(page, ADMIN);
      await page.goto(`/ui-collection?lang=${language}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page, language);
    });

    // A test walks several console pages: signing in once per page cost more than the checks themselves.
    for (const [part, paths] of [
      CONSOLE_PAGES.slice(0, 8),
      CONSOLE_PAGES.slice(8, 16),
      CONSOLE_PAGES.slice(16, 24),
      CONSOLE_PAGES.slice(24),
    ].entries()) {
      test(`the console pages, part ${part + 1} (the admin), pass WCAG 2.1 A and AA checks`, async ({
        visitorPage: page,
      }) => {
        test.slow();
        await signIn(page, ADMIN);
        for (const path of paths) {
          await test.step(path, async () => {
            await page.goto(`${path}${path.includes('?') ? '&' : '?'}lang=${language}`);
            await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
            await expectAccessible(page, language);
          });
        }
      });
    }

    for (const path of MEMBER_PAGES) {
      test(`${path} (signed in) passes WCAG 2.1 A and AA checks`, async ({ memberPage: page }) => {
        const [pathname, dialog] = path.split('#');
        await page.goto(`${pathname}?lang=${language}`);
        if (dialog === 'settings') {
          // A press before the page has hydrated opens nothing: press again until the dialog is there.
          await expect(async () => {
            await page.getByRole('button', { name: language === 'en' ? 'Settings' : 'الإعدادات' }).click();
            await expect(page.getByRole('dialog')).toBeVisible({ timeout: 2_000 });
          }).toPass();
        }
        await expectAccessible(page, language);
      });
    }

    test('/chat (signed in, with the member’s messages) passes WCAG 2.1 A and AA checks', async ({
      member,
      memberPage: page,
    }) => {
      const itemId = stableUuid('item-0');
      const item = (await (await member.request.get(`/api/v1/items/${itemId}`)).json()).data as {
        added_user_id: string;
      };
      const key = { item_id: itemId, buyer_user_id: member.id, seller_user_id: item.added_user_id };
      const opened = await member.request.post('/api/v1/chats', { data: key });
      expect(opened.ok()).toBe(true);
      const chatId = (await opened.json()).data.chat.id as number;
      for (const message of ['Is the car still for sale?', 'هل السيارة ما زالت معروضة؟']) {
        const sent = await member.request.post(`/api/v1/chats/${chatId}/messages`, {
          data: { client_id: `a11y-${language}-${message.length}-${Date.now()}`, message },
        });
        expect(sent.ok()).toBe(true);
      }
      await page.goto(`/chat?${new URLSearchParams({ ...key, lang: language })}`);
      await expect(page.getByTestId('chat-message').first()).toBeVisible();
      await expectAccessible(page, language);
    });

    test('/recently-viewed (signed in, with a listing) passes WCAG 2.1 A and AA checks', async ({
      memberPage: page,
    }) => {
      await page.goto(await itemPage(page, stableUuid('item-0'), language));
      await page.goto(`/recently-viewed?lang=${language}`);
      await expect(page.getByTestId('recently-viewed-items')).toBeVisible();
      await expectAccessible(page, language);
    });

    test('the location dialog (header) passes WCAG 2.1 A and AA checks', async ({ visitorPage: page }) => {
      await page.goto(`/?lang=${language}`);
      const button = page.getByTestId('location-menu');
      // Before hydration the button is plain HTML that opens nothing: press it once React owns it.
      await expect
        .poll(() => button.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactProps'))))
        .toBe(true);
      await button.click();
      await expect(page.getByRole('dialog').locator('[data-place]').first()).toBeVisible();
      await expectAccessible(page, language);
    });
  });
}
