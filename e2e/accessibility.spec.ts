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
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((dark) => localStorage.setItem('darkMode', String(dark)), theme === 'dark');
    });

    for (const language of ['ar', 'en']) {
      test(`pages pass WCAG 2 A and AA checks in ${language}`, async ({ page }) => {
        for (const path of PAGES) {
          await page.goto(`${path}?lang=${language}`);
          await expect(page.locator('main')).toBeVisible();
          const results = await new AxeBuilder({ page })
            .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
            .analyze();
          const problems = results.violations.map(
            (violation) =>
              `${path}: ${violation.id} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
          );
          expect(problems).toEqual([]);
        }
      });
    }
  });
}
