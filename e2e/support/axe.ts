import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type * as Axe from 'axe-core';

const WCAG_21_A_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

// axe-core as @axe-core/playwright installs it, so both stay on one version.
const axeSource = readFileSync(
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve('axe-core/axe.min.js'),
  'utf8',
);

/**
 * Puts axe-core in every frame of the page that does not have it yet (one injection per document).
 * AxeBuilder injects it again on every analyze() and finishes each scan in a new blank page: five to eight
 * times the cost of a scan itself, which on a loaded CI machine made the WCAG checks a third of the journeys.
 * Frames of other origins (the payment provider's fields) answer the scan too, as AxeBuilder lets them.
 */
async function injectAxe(page: Page) {
  for (const frame of page.frames()) {
    const present = await frame.evaluate(() => 'axe' in window).catch(() => true);
    if (!present) {
      await frame.evaluate(`${axeSource};axe.configure({ allowedOrigins: ['<unsafe_all_origins>'] });`);
    }
  }
}

export interface Scan {
  /** Every WCAG 2.1 A and AA rule (the default), or only colour contrast. */
  only?: 'wcag' | 'contrast';
}

/** The violations of the page as it is now, each as `rule (the elements' selectors)`. */
export async function violationsOf(page: Page, { only = 'wcag' }: Scan = {}) {
  await injectAxe(page);
  const runOnly: Axe.RunOnly =
    only === 'contrast' ? { type: 'rule', values: ['color-contrast'] } : { type: 'tag', values: WCAG_21_A_AA };
  const results = await page.evaluate((runOnly) => {
    const { axe } = window as unknown as { axe: typeof Axe };
    return axe.run(document, { runOnly, resultTypes: ['violations'] });
  }, runOnly);
  return results.violations.map(
    (violation) => `${violation.id} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
}

/** Switches the theme in place: it is nothing but a class on <html> (app/features/shell/theme.tsx). */
export async function showTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), theme === 'dark');
  // Cards fade their colours (Tailwind's `transition`): axe must read the theme's colours, not ones half-way.
  // Only transitions: a spinner spins for ever, and a cancelled one rejects.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * WCAG 2.1 A and AA violations of the page as it is now in the light theme, and colour contrast in the dark one
 * (the dark theme changes colours only). The page is left in the light theme.
 */
export async function violationsInBothThemes(page: Page) {
  const found: string[] = [];
  await showTheme(page, 'dark');
  for (const violation of await violationsOf(page, { only: 'contrast' })) found.push(`dark: ${violation}`);
  await showTheme(page, 'light');
  for (const violation of await violationsOf(page)) found.push(`light: ${violation}`);
  return found;
}
