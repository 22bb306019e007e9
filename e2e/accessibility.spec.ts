import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures.ts';

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
];

for (const theme of ['light', 'dark'] as const) {
  for (const language of ['ar', 'en']) {
    test.describe(`${language}, ${theme} theme`, () => {
      test.beforeEach(async ({ page }) => {
        await page.addInitScript((dark) => localStorage.setItem('darkMode', String(dark)), theme === 'dark');
      });

      for (const path of PAGES) {
        test(`${path} passes WCAG 2.1 A and AA checks`, async ({ page }) => {
          await page.goto(`${path}?lang=${language}`);
          await expect(page.locator('main')).toBeVisible();
          const results = await new AxeBuilder({ page })
            .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
            .analyze();
          const problems = results.violations.map(
            (violation) => `${violation.id} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
          );
          expect(problems).toEqual([]);
        });
      }
    });
  }
}
