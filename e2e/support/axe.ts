import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

const WCAG_21_A_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** WCAG 2.1 A and AA violations of the page as it is now, in the light theme and (contrast) in the dark one. */
export async function violationsInBothThemes(page: Page) {
  const found: string[] = [];
  for (const dark of [false, true]) {
    await page.evaluate((isDark) => document.documentElement.classList.toggle('dark', isDark), dark);
    const scan = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
    const results = await (dark ? scan.withRules(['color-contrast']) : scan.withTags(WCAG_21_A_AA)).analyze();
    for (const violation of results.violations) {
      found.push(
        `${dark ? 'dark' : 'light'}: ${violation.id} (${violation.nodes.map((node) => node.target).join(', ')})`,
      );
    }
  }
  return found;
}
