import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { items, recentViews, users } from '../../testing/tables.ts';
import { useTestApp } from '../../testing/use-test-app.ts';

const test = useTestApp({ users: [3, 4] });
const { db, call } = test;
let viewer: string;
let viewerId: string;
/** Public listings of others than user 3, newest first. */
let others: string[];

beforeAll(async () => {
  viewer = test.token(3);
  const [me] = await db.select({ id: users.id }).from(users).where(eq(users.userEmail, 'user03@souk.test'));
  viewerId = me?.id ?? '';
  const rows = await db
    .select({ id: items.id })
    .from(items)
    .where(
      and(eq(items.status, 1), isNull(items.deletedAt), ne(items.addedUserId, viewerId), eq(items.sellerPublic, true)),
    )
    .orderBy(sql`${items.addedDate} desc`)
    .limit(35);
  others = rows.map((row) => row.id);
});

const touch = (id: string, token = viewer) =>
  test.app.inject({ method: 'POST', url: `/api/v1/items/${id}/touch`, headers: { authorization: `Bearer ${token}` } });
const recent = async (token = viewer) => {
  const answer = await call('GET', '/users/me/recently-viewed?view=card', token);
  expect(answer.status, answer.body.message).toBe(200);
  return (answer.body.data as unknown as { id: string }[]).map((item) => item.id);
};

describe('recently viewed', () => {
  it('keeps the last 30 listings opened, the latest first; a new view moves one to the front', async () => {
    for (const id of others.slice(0, 32)) expect((await touch(id)).statusCode).toBe(200);
    const listed = await recent();
    expect(listed).toEqual(others.slice(2, 32).reverse());
    const stored = await db.select().from(recentViews).where(eq(recentViews.userId, viewerId));
    expect(stored).toHaveLength(30);

    await touch(others[10] as string);
    const after = await recent();
    expect(after[0]).toBe(others[10]);
    expect(after).toHaveLength(30);
  });

  it('never keeps the viewer’s own listing, and drops a deleted one from the list', async () => {
    const [own] = await db
      .select({ id: items.id })
      .from(items)
      .where(and(eq(items.addedUserId, viewerId), isNull(items.deletedAt)))
      .limit(1);
    if (own) {
      await touch(own.id);
      expect(await recent()).not.toContain(own.id);
    }
    const gone = others[31] as string;
    expect((await recent())[0]).not.toBe(undefined);
    await db.update(items).set({ deletedAt: new Date() }).where(eq(items.id, gone));
    expect(await recent()).not.toContain(gone);
  });

  it('is cleared by its owner only, and asks for a session', async () => {
    await touch(others[0] as string, test.token(4));
    expect((await call('GET', '/users/me/recently-viewed')).status).toBe(401);
    expect((await call('DELETE', '/users/me/recently-viewed')).status).toBe(401);
    const cleared = await call('DELETE', '/users/me/recently-viewed', viewer);
    expect(cleared.status).toBe(200);
    expect(cleared.body.message).toBe('Your recently viewed list is now empty.');
    expect(await recent()).toEqual([]);
    expect(await recent(test.token(4))).toEqual([others[0]]);
  });

  it('shows a visitor’s browser list: listable ones only, in the order given, at most 30 ids', async () => {
    const hidden = others[31] as string;
    const ids = [others[3], hidden, others[1]].join(',');
    const answer = await call('GET', `/items/listed?view=card&ids=${ids}`);
    expect(answer.status).toBe(200);
    expect((answer.body.data as unknown as { id: string }[]).map((item) => item.id)).toEqual([others[3], others[1]]);

    const tooMany = Array.from({ length: 31 }, () => others[0]).join(',');
    expect((await call('GET', `/items/listed?ids=${tooMany}`)).status).toBe(400);
    expect((await call('GET', '/items/listed?ids=not-an-id')).status).toBe(400);
    expect((await call('GET', '/items/listed')).status).toBe(400);
  });

  it('adds what the browser kept before sign-in to the front, in its order, still at most 30', async () => {
    await call('DELETE', '/users/me/recently-viewed', viewer);
    for (const id of others.slice(0, 30)) await touch(id);
    // Viewed a minute ago: the browser's list (a few milliseconds apart, from now) is newer whatever the clock.
    await db
      .update(recentViews)
      .set({ viewedAt: sql`${recentViews.viewedAt} - interval '1 minute'` })
      .where(eq(recentViews.userId, viewerId));
    const own = await db
      .select({ id: items.id })
      .from(items)
      .where(and(eq(items.addedUserId, viewerId), isNull(items.deletedAt)))
      .limit(1);
    const browser = [others[32], others[5], ...own.map((row) => row.id), others[33]] as string[];
    const merged = await call('POST', '/users/me/recently-viewed', viewer, { item_ids: browser });
    expect(merged.status, merged.body.message).toBe(200);
    expect(merged.body.data).toEqual({ remembered: 3 });
    const listed = await recent();
    expect(listed.slice(0, 3)).toEqual([others[32], others[5], others[33]]);
    expect(listed).toHaveLength(30);
    expect(listed).toContain(others[29]);
    expect(listed).not.toContain(others[0]);
  });

  it('refuses a malformed browser list, and a visitor', async () => {
    const id = others[0] as string;
    const bad = [
      {},
      { item_ids: [] },
      { item_ids: ['nope'] },
      { item_ids: Array(31).fill(id) },
      { item_ids: [id], x: 1 },
    ];
    for (const body of bad) expect((await call('POST', '/users/me/recently-viewed', viewer, body)).status).toBe(400);
    expect((await call('POST', '/users/me/recently-viewed', undefined, { item_ids: [id] })).status).toBe(401);
  });
});
