import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildWebAppIfNeeded } from '../testing/process.ts';
import { useTestApp } from '../testing/use-test-app.ts';

/** Which locale texts a server-rendered page carries (app/i18n: each route declares its namespaces). */
buildWebAppIfNeeded();

const ctx = useTestApp({ web: true });

const SERVER_ONLY = ['api', 'admin', 'mail', 'sms'];
const localesFolder = new URL('../../app/i18n/locales/', import.meta.url);

type Tree = { [key: string]: string | Tree };
const textsOf = (tree: Tree): string[] =>
  Object.values(tree).flatMap((value) => (typeof value === 'string' ? [value] : textsOf(value)));

/** The pieces of every server-only text of a language, cut at placeholders; short pieces could match anything. */
function serverOnlyPieces(language: string) {
  return SERVER_ONLY.flatMap((namespace) =>
    textsOf(JSON.parse(readFileSync(new URL(`${language}/${namespace}.json`, localesFolder), 'utf8'))),
  )
    .flatMap((text) => text.split(/\{\{\s*\w+\s*\}\}/))
    .map((piece) => piece.trim())
    .filter((piece) => piece.length >= 12);
}

/** The address of the file of a page's namespaces, which the page names (and preloads). */
const bundleSource = (html: string) =>
  html.match(/<script id="i18n-resources" type="application\/json" data-src="([^"]+)"/)?.[1];

async function bundleOf(html: string) {
  const src = bundleSource(html);
  expect(src, 'the page names its namespaces').toBeDefined();
  expect(html).toContain(`<link rel="preload" as="fetch" crossorigin="anonymous" href="${src}"/>`);
  const bundle = await ctx.app.inject({ url: src as string, headers: { host: 'localhost:3000' } });
  expect(bundle.statusCode).toBe(200);
  return { src: src as string, response: bundle };
}

async function page(url: string, status = 200) {
  const response = await ctx.app.inject({ url, headers: { host: 'localhost:3000' } });
  expect(response.statusCode).toBe(status);
  const bundle = await bundleOf(response.body);
  const { language, resources } = bundle.response.json() as { language: string; resources: Record<string, Tree> };
  // What reaches the browser for the page: its HTML and the file of its namespaces.
  return { html: response.body + bundle.response.body, language, namespaces: Object.keys(resources) };
}

describe('server-only texts never reach a page', () => {
  it.each([
    ['/', 'ar'],
    ['/?lang=en', 'en'],
    ['/login', 'ar'],
    ['/login?lang=en', 'en'],
    ['/login?lang=de', 'de'],
  ])('%s holds no API, admin, e-mail or SMS text', async (url, language) => {
    const { html, namespaces } = await page(url);
    expect(namespaces.filter((namespace) => SERVER_ONLY.includes(namespace))).toEqual([]);
    const pieces = serverOnlyPieces(language);
    expect(pieces.length).toBeGreaterThan(10);
    expect(pieces.filter((piece) => html.includes(piece))).toEqual([]);
  });

  it('the check would see one: the e-mail texts are in the files it reads', () => {
    expect(serverOnlyPieces('en')).toContain('Your Souk verification code');
    expect(readdirSync(new URL('en/', localesFolder))).toEqual(expect.arrayContaining(['mail.json', 'sms.json']));
  });
});

describe('a page carries common and the namespaces its routes declare, in its language', () => {
  it.each([
    ['/', ['common', 'content', 'catalog', 'items']],
    ['/login', ['common', 'forms', 'auth']],
    ['/category', ['common', 'catalog']],
    ['/blog', ['common', 'content']],
    ['/no-such-page', ['common']],
  ])('%s', async (url, expected) => {
    expect((await page(url, url === '/no-such-page' ? 404 : 200)).namespaces).toEqual(expected);
  });

  it('in the language asked for', async () => {
    const english = await page('/login?lang=en');
    expect(english.language).toBe('en');
    expect(english.html).toContain('<html lang="en" dir="ltr"');
    const arabic = await page('/login?lang=ar');
    expect(arabic.language).toBe('ar');
    expect(arabic.html).toContain('<html lang="ar" dir="rtl"');
  });
});

describe('the file of a page’s namespaces', () => {
  it('is the same for every page with the same namespaces, kept for good under its hash', async () => {
    const first = await ctx.app.inject({ url: '/category', headers: { host: 'localhost:3000' } });
    const again = await ctx.app.inject({ url: '/category/1/x', headers: { host: 'localhost:3000' } });
    const { src, response } = await bundleOf(first.body);
    expect(src).toMatch(/^\/i18n\/ar\.common\+catalog\.[0-9a-f]{12}\.json$/);
    expect(bundleSource(again.body)).toBe(src);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-type']).toContain('application/json');
  });

  it('answers an older hash with the current text, to be read again; anything else is not found', async () => {
    const stale = await ctx.app.inject({ url: '/i18n/en.common.000000000000.json' });
    expect(stale.statusCode).toBe(200);
    expect(stale.headers['cache-control']).toBe('no-cache');
    expect(stale.json().language).toBe('en');
    const refused = [
      '/i18n/xx.common.000000000000.json',
      '/i18n/en.api.000000000000.json',
      '/i18n/en.json',
      '/i18n/en.catalog+common.000000000000.json',
      '/i18n/en.common+common.000000000000.json',
    ];
    for (const url of refused) {
      expect((await ctx.app.inject({ url })).statusCode, url).toBe(404);
    }
  });
});
