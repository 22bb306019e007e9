import { test as base, expect, type Page } from '@playwright/test';

/** Pages open as a returning visitor who already answered the privacy question, unless a test says otherwise. */
export const test = base.extend<{ answeredPrivacy: boolean }>({
  answeredPrivacy: [true, { option: true }],
  page: async ({ page, answeredPrivacy }, use) => {
    if (answeredPrivacy) {
      await page.addInitScript(() => {
        if (!localStorage.getItem('privacyConsent')) localStorage.setItem('privacyConsent', 'accepted');
      });
    }
    await use(page);
  },
});

export { expect };

export async function categoryNames(page: Page, language: string) {
  const response = await page.request.get(`/api/v1/categories?order_by=cat_ordering&lang=${language}`);
  const body = await response.json();
  return body.data.items.map((category: { cat_name: string }) => category.cat_name) as string[];
}
