/**
 * Screenshots of pages in Arabic and English, light and dark, phone and desktop, for looking at the UI.
 *   node scripts/screenshots.ts http://127.0.0.1:3000 /tmp/shots / /category /ui-collection
 * SCREENSHOT_LOGIN=email:password signs in first, for the member's pages.
 */
import { chromium } from '@playwright/test';

const [base = 'http://127.0.0.1:3000', outDir = '/tmp/shots', ...paths] = process.argv.slice(2);
const pages = paths.length > 0 ? paths : ['/'];
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const sizes = { phone: { width: 390, height: 844 }, desktop: { width: 1366, height: 900 } };
for (const [sizeName, viewport] of Object.entries(sizes)) {
  for (const dark of [false, true]) {
    for (const lang of ['ar', 'en']) {
      const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
      await context.addInitScript(
        ([isDark]) => {
          localStorage.setItem('darkMode', String(isDark));
          if (!localStorage.getItem('privacyConsent')) localStorage.setItem('privacyConsent', 'accepted');
        },
        [dark],
      );
      const page = await context.newPage();
      const login = process.env.SCREENSHOT_LOGIN?.split(':');
      if (login) {
        await page.request.post(`${base}/api/v1/auth/login`, {
          data: { user_email: login[0], user_password: login[1], privacy: 'on' },
        });
      }
      for (const path of pages) {
        await page.goto(`${base}${path}${path.includes('?') ? '&' : '?'}lang=${lang}`);
        await page.waitForLoadState('networkidle');
        const name = `${path.replace(/[^a-z0-9]+/gi, '_') || 'root'}-${lang}-${dark ? 'dark' : 'light'}-${sizeName}.png`;
        await page.screenshot({ path: `${outDir}/${name}`, fullPage: sizeName === 'phone' });
      }
      await context.close();
    }
  }
}
await browser.close();
