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

async function page(url: string) {
  const response = await ctx.app.inject({ url, headers: { host: 'localhost:3000' } });
  expect(response.statusCode).toBe(200);
  const html = response.body;
  const boot = html.match(/<script id="i18n-resources" type="application\/json">(.*?)<\/script>/s)?.[1];
  expect(boot, 'the page carries its namespaces').toBeDefined();
  const { language, resources } = JSON.parse(boot as string) as { language: string; resources: Record<string, Tree> };
  return { html, language, namespaces: Object.keys(resources) };
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
    const response = await ctx.app.inject({ url, headers: { host: 'localhost:3000' } });
    const boot = response.body.match(/<script id="i18n-resources" type="application\/json">(.*?)<\/script>/s)?.[1];
    expect(Object.keys(JSON.parse(boot as string).resources)).toEqual(expected);
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
