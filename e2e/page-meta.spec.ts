import { expect, test } from './fixtures.ts';

const titleOf = (html: string) => html.match(/<title>([^<]*)<\/title>/)?.[1];
const descriptionOf = (html: string) => html.match(/<meta name="description" content="([^"]*)"/)?.[1];

test('pages whose loader answers 404 carry the not-found title and description, translated', async ({ request }) => {
  for (const path of ['/blog/999', '/category/999/x', '/other-profile/nope', '/no/such/page']) {
    const english = await request.get(`${path}?lang=en`);
    expect(english.status(), path).toBe(404);
    const html = await english.text();
    expect(titleOf(html), path).toBe('Page not found | Souk');
    expect(descriptionOf(html), path).toBe('The page you are looking for does not exist on Souk.');

    const arabic = await (await request.get(`${path}?lang=ar`)).text();
    expect(titleOf(arabic), path).toMatch(/^[^a-zA-Z]+ \| سوق$/);
    expect(descriptionOf(arabic), path).toMatch(/[\u0600-\u06FF]/);
  }
});

test('the about, privacy and safety pages are written in the chosen language', async ({ page }) => {
  for (const [language, script] of [
    ['fr', /\b(le|la|les|des|et|vous)\b/],
    ['ja', /[\u3040-\u30FF\u4E00-\u9FFF]/],
  ] as const) {
    for (const path of ['/about', '/privacy', '/safety']) {
      await page.goto(`${path}?lang=${language}`);
      const article = page.locator('article');
      await expect(article.getByRole('heading', { level: 1 })).not.toHaveText(
        /^(About Souk|Privacy Policy|Safety Tips)$/,
      );
      const text = (await article.innerText()).replace(/Souk/g, '');
      expect(text, `${path} in ${language}`).toMatch(script);
      expect(text, `${path} in ${language}`).not.toContain('the ');
    }
  }
});
