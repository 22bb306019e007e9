import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../../services.ts';
import { draftUpload, entryReferences, validEntry } from '../../testing/item-entries.ts';
import { appSettings, items, itemViewCounts, itemViews } from '../../testing/tables.ts';
import { useTestApp } from '../../testing/use-test-app.ts';

const test = useTestApp({ users: [9] });
const { db, call } = test;
let owner: string;
let services: ReturnType<typeof createServices>;

beforeAll(async () => {
  owner = test.token(9);
  services = createServices(db, test.config, pino({ level: 'silent' }), test.jobs);
  await db.update(appSettings).set({ isItemApprovalEnabled: false });
});

async function newItem() {
  const refs = await entryReferences(db);
  const photo = await draftUpload(db, 'demo-user-09');
  const answer = await call('POST', '/items', owner, validEntry(refs, [photo]));
  expect(answer.status, answer.body.message).toBe(201);
  return answer.body.data.id as string;
}

const touchCount = async (id: string) => (await db.select().from(items).where(eq(items.id, id)))[0]?.touchCount;
const pending = async (id: string) =>
  (await db.select().from(itemViewCounts).where(eq(itemViewCounts.itemId, id)))[0]?.pending ?? 0;

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

const touch = (id: string, headers: Record<string, string> = {}) =>
  test.app.inject({ method: 'POST', url: `/api/v1/items/${id}/touch`, headers });

/** A view of the item page by a signed-in user (the page has shown the item already). */
const viewAs = (id: string, userId: string) => services.items.countView(id, { userId, isAdmin: false }, null);

describe('item views', () => {
  it('counts a viewer once a day, and writes the item row only when the views are folded', async () => {
    const id = await newItem();
    const before = (await db.select().from(items).where(eq(items.id, id)))[0];
    await viewAs(id, 'user-a');
    await viewAs(id, 'user-a');
    await viewAs(id, 'user-b');
    expect(await pending(id)).toBe(2);
    expect(await db.select().from(items).where(eq(items.id, id))).toEqual([before]);
    // The item page already shows the views not folded in yet.
    expect((await call('GET', `/items/${id}`)).body.data.touch_count).toBe(2);

    await services.items.foldViews();
    expect(await touchCount(id)).toBe(2);
    expect(await pending(id)).toBe(0);
    expect((await call('GET', `/items/${id}`)).body.data.touch_count).toBe(2);

    // The same viewers on the same day add nothing; a new one adds one.
    await viewAs(id, 'user-a');
    await viewAs(id, 'user-c');
    await services.items.foldViews();
    expect(await touchCount(id)).toBe(3);
  });

  it('counts yesterday’s viewer again today, and forgets viewers older than two days', async () => {
    const id = await newItem();
    await db.insert(itemViews).values([
      { itemId: id, viewerKey: 'user-a', day: sql`current_date - 1` as unknown as string },
      { itemId: id, viewerKey: 'user-old', day: sql`current_date - 5` as unknown as string },
    ]);
    await viewAs(id, 'user-a');
    expect(await pending(id)).toBe(1);
    await services.items.foldViews();
    const left = await db.select({ key: itemViews.viewerKey }).from(itemViews).where(eq(itemViews.itemId, id));
    expect(left.map((row) => row.key).sort()).toEqual(['user-a', 'user-a']);
  });

  it('counts a visitor once by their signed cookie whatever their browser says, and an account by its id', async () => {
    const id = await newItem();
    const first = await touch(id, { 'user-agent': PHONE });
    expect(first.statusCode).toBe(200);
    const cookie = first.cookies.find((each) => each.name === 'souk_visitor');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    // Issue 24: 20 user agents used to add 20 views.
    for (let n = 0; n < 20; n++) {
      const again = await touch(id, { 'user-agent': `${PHONE} variant ${n}`, cookie: `souk_visitor=${cookie?.value}` });
      expect(again.cookies.some((each) => each.name === 'souk_visitor')).toBe(false);
    }
    expect(await pending(id)).toBe(1);
    expect((await touch(id, { authorization: `Bearer ${owner}` })).statusCode).toBe(200);
    expect((await touch(id, { authorization: `Bearer ${owner}` })).statusCode).toBe(200);
    expect(await pending(id)).toBe(2);
    const keys = (await db.select().from(itemViews).where(eq(itemViews.itemId, id))).map((row) => row.viewerKey);
    expect(keys.sort()).toEqual(['demo-user-09', `v:${cookie?.value.split('.')[0]}`]);
    expect((await touch('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await touch('not-an-id')).statusCode).toBe(400);
  });

  it('counts no bot, no forged cookie, and at most a few cookie-less requests from one address', async () => {
    const id = await newItem();
    for (const bot of ['Googlebot/2.1 (+http://www.google.com/bot.html)', 'curl/8.4.0', 'python-requests/2.31.0']) {
      const answer = await touch(id, { 'user-agent': bot });
      expect(answer.statusCode).toBe(200);
      expect(answer.cookies).toEqual([]);
    }
    expect(await pending(id)).toBe(0);
    // A forged cookie is no one's: the request is a new visitor's.
    const forged = await touch(id, { 'user-agent': PHONE, cookie: 'souk_visitor=made-up-visitor-id-00001.AAAA' });
    expect(forged.cookies.map((each) => each.name)).toEqual(['souk_visitor']);
    // A script that drops its cookie gets a new id only so many times an hour from its address.
    const answers = [];
    for (let n = 0; n < 25; n++) answers.push(await touch(id, { 'user-agent': PHONE }));
    expect(answers.at(-1)?.cookies).toEqual([]);
    expect(await pending(id)).toBeLessThanOrEqual(20);
  });

  it('does not count views of a deleted item', async () => {
    const id = await newItem();
    await call('DELETE', `/items/${id}`, owner);
    await viewAs(id, 'user-a');
    expect(await pending(id)).toBe(0);
    expect((await touch(id)).statusCode).toBe(404);
  });

  it('folds in the job the app schedules every minute', async () => {
    const id = await newItem();
    await viewAs(id, 'user-z');
    await test.jobs.enqueue('items.fold-views', {});
    await test.jobsDone();
    expect(await pending(id)).toBe(0);
    expect(await touchCount(id)).toBe(1);
    const scheduled = await test.database.pool.query<{ cron: string }>(
      "select cron from pgboss.schedule where name = 'items.fold-views'",
    );
    expect(scheduled.rows.map((row) => row.cron)).toEqual(['* * * * *']);
  });
});
