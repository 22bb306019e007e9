import { brotliDecompressSync } from 'node:zlib';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { itemPath } from '../../contract/items.ts';
import { signInDemoUser } from '../testing/app.ts';
import { buildWebAppIfNeeded } from '../testing/process.ts';
import { recordQueries } from '../testing/query-recorder.ts';
import { items, itemViews } from '../testing/tables.ts';
import { useTestApp } from '../testing/use-test-app.ts';

/** The visitor cache (http/page-cache.ts) on the built web app, kept long enough that no entry expires here. */
buildWebAppIfNeeded();
const ctx = useTestApp({ web: true, users: [5], env: { PAGE_CACHE_SECONDS: '60' } });
const SELLER = 'demo-user-05';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
/** What only a visitor's header has. */
const SIGN_IN_LINK = 'href="/login?redirect=';

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

/** The page once kept: it is compressed and stored just after it is sent. */
async function keptPage(url: string, headers: Record<string, string> = {}) {
  await expect
    .poll(async () => (await get(url, headers)).headers['x-page-cache'], { timeout: 60_000, interval: 100 })
    .toBe('hit');
  return get(url, headers);
}

async function sellerItem() {
  const [row] = await ctx.db
    .select({ id: items.id, title: items.title })
    .from(items)
    .where(and(eq(items.addedUserId, SELLER), eq(items.status, 1), eq(items.isSoldOut, false)))
    .limit(1);
  if (!row) throw new Error(`${SELLER} has no active item`);
  return row;
}

describe('visitor pages from the shared cache', () => {
  it('answers the second visit from the cache, the same page, marked for shared caches', async () => {
    const first = await get('/category');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-page-cache']).toBeUndefined();
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=60');
    const second = await keptPage('/category');
    expect((await get('/category')).body === second.body).toBe(true);
    // The page keeps the nonce it was rendered with, and its policy names that nonce.
    const nonce = /nonce="([^"]+)"/.exec(second.body)?.[1];
    expect(second.headers['content-security-policy']).toContain(`'nonce-${nonce}'`);
    expect(second.headers['cache-control']).toBe('public, max-age=0, s-maxage=60');
    expect(second.headers.vary).toBe('Cookie, Accept-Encoding');
    const compressed = await get('/category', { 'accept-encoding': 'gzip, br' });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).toString() === second.body).toBe(true);
  });

  it('keeps one page per language, chosen location and time zone', async () => {
    const chosen = (await get('/about?lang=en')).cookies.find((cookie) => cookie.name === 'lang');
    const english = `lang=${chosen?.value}`;
    const arabic = await get('/about');
    const first = await get('/about', { cookie: english });
    expect(first.headers['x-page-cache']).toBeUndefined();
    expect(first.body.includes('<html lang="en"')).toBe(true);
    expect(arabic.body.includes('<html lang="ar"')).toBe(true);
    const again = await keptPage('/about', { cookie: english });
    expect(again.body.includes('<html lang="en"')).toBe(true);
    expect((await keptPage('/about')).body.includes('<html lang="ar"')).toBe(true);
    const inTokyo = await get('/about', { cookie: `${english}; souk_tz=Asia/Tokyo` });
    expect(inTokyo.headers['x-page-cache']).toBeUndefined();
  });

  it('never gives a visitor a signed-in page, nor a signed-in person the visitor page', async () => {
    const { cookie } = await signInDemoUser(ctx.app, 'user05@souk.test');
    const signedIn = await get('/blog', { cookie });
    expect(signedIn.headers['x-page-cache']).toBeUndefined();
    expect(signedIn.headers['cache-control']).toContain('no-store');
    expect(signedIn.body.includes(SIGN_IN_LINK)).toBe(false);
    const visitor = await get('/blog');
    expect(visitor.body.includes(SIGN_IN_LINK)).toBe(true);
    expect((await keptPage('/blog')).body.includes(SIGN_IN_LINK)).toBe(true);
    const signedInAgain = await get('/blog', { cookie });
    expect(signedInAgain.headers['x-page-cache']).toBeUndefined();
    expect(signedInAgain.body.includes(SIGN_IN_LINK)).toBe(false);
    const withToken = await get('/blog', { authorization: 'Bearer not-a-token' });
    expect(withToken.headers['x-page-cache']).toBeUndefined();
  });

  it('keeps apart what was asked for at another host: a forged Host header poisons nothing', async () => {
    const forged = await get('/safety', { host: 'evil.example' });
    expect(forged.body.includes('http://evil.example/safety')).toBe(true);
    await keptPage('/safety', { host: 'evil.example' });
    const honest = await get('/safety');
    expect(honest.headers['x-page-cache']).toBeUndefined();
    expect(honest.body.includes('evil.example')).toBe(false);
  });

  it('renders afresh for a request carrying any other cookie (a notice, a sign-up step)', async () => {
    await get('/privacy');
    const withOther = await get('/privacy', { cookie: 'souk_flash=anything' });
    expect(withOther.headers['x-page-cache']).toBeUndefined();
    expect(withOther.headers['cache-control']).toBe('private, no-store');
  });

  it('keeps no error page, redirect or answer that sets a cookie', async () => {
    await get('/no-such-page');
    expect((await get('/no-such-page')).headers['x-page-cache']).toBeUndefined();
    await get('/about?lang=en');
    expect((await get('/about?lang=en')).headers['x-page-cache']).toBeUndefined();
  });

  it('retires every page and first search page when a listing changes', async () => {
    const item = await sellerItem();
    const listUrl = `/api/v1/items?addedUserId=${SELLER}&limit=100&lang=en`;
    await keptPage('/item-list');
    const before = await get(listUrl);
    // A change no event announces is not seen by visitors until the entry ages out...
    await ctx.db.update(items).set({ title: 'Renamed quietly' }).where(eq(items.id, item.id));
    expect((await get(listUrl)).body === before.body).toBe(true);
    // ...a listing change through the app is seen at once.
    const { token } = await signInDemoUser(ctx.app, 'user05@souk.test');
    const sold = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/items/${item.id}/sold`,
      headers: { authorization: `Bearer ${token}` },
      payload: { is_sold_out: true },
    });
    expect(sold.statusCode, sold.body).toBe(200);
    expect((await get('/item-list')).headers['x-page-cache']).toBeUndefined();
    const after = (await get(listUrl)).json().data.items as Array<{ id: string; title: string; is_sold_out: boolean }>;
    expect(after.find((row) => row.id === item.id)).toMatchObject({ title: 'Renamed quietly', is_sold_out: true });
  });

  it('counts the view of an item page answered from the cache', async () => {
    const [row] = await ctx.db
      .select({ id: items.id, slug: items.slug })
      .from(items)
      .where(and(eq(items.status, 1), eq(items.isSoldOut, false)))
      .limit(1);
    if (!row) throw new Error('no active item');
    const page = itemPath({ item_name: row.slug ? `${row.slug}-${row.id}` : row.id });
    const views = async () =>
      (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(itemViews).where(eq(itemViews.itemId, row.id)))[0]
        ?.n ?? 0;
    const first = await get(page, { 'user-agent': BROWSER });
    expect(first.statusCode).toBe(200);
    const mine = first.cookies.find((cookie) => cookie.name === 'souk_visitor');
    expect(mine?.value).toBeTruthy();
    // An answer carrying someone's cookie is for them alone, though the page itself is kept for everyone.
    expect(first.headers['cache-control']).toBe('private, no-store');
    await expect.poll(views, { timeout: 60_000 }).toBe(1);
    // Their visitor cookie keeps them on the shared page; their own visits count once.
    const cookie = `souk_visitor=${mine?.value}`;
    await keptPage(page, { 'user-agent': BROWSER, cookie });
    const hit = await get(page, { 'user-agent': `${BROWSER} (another visitor)` });
    expect(hit.headers['x-page-cache']).toBe('hit');
    // The kept page carries no one's cookie: the second visitor is given an id of their own.
    const theirs = hit.cookies.filter((each) => each.name === 'souk_visitor');
    expect(theirs).toHaveLength(1);
    expect(theirs[0]?.value).not.toBe(mine?.value);
    expect(hit.headers['cache-control']).toBe('private, no-store');
    await expect.poll(views, { timeout: 60_000 }).toBe(2);
  });
});

describe('a signed-in dashboard', () => {
  it('reads again only what is personal: the categories, blog and public rails come from what everyone shares', async () => {
    const { cookie } = await signInDemoUser(ctx.app, 'user05@souk.test');
    expect((await get('/', { cookie })).statusCode).toBe(200);
    const recorded = recordQueries();
    const page = await get('/', { cookie });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toContain('no-store');
    expect(page.body).not.toContain(SIGN_IN_LINK);
    const texts = recorded.map(({ text }) => text);
    expect(texts.filter((text) => /from "(categories|blogs)"/.test(text))).toEqual([]);
    // One list of its own (the followed sellers'); the newest and most viewed start from the shared ids.
    expect(texts.filter((text) => text.includes('select "listings"."id" as id'))).toHaveLength(1);
  });
});
