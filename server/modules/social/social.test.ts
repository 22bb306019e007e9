import { and, eq, inArray, sql } from 'drizzle-orm';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { ITEM_STATUS } from '../../../contract/items.ts';
import { createServices, type Services } from '../../services.ts';
import { appSettings, favourites, follows, itemReports, items, users } from '../../testing/tables.ts';
import { useTestApp } from '../../testing/use-test-app.ts';

/** Demo accounts by number (demo-user-NN, userNN@souk.test), signed in once. */
const test = useTestApp({ users: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], admin: true });
const { db, call, token } = test;
let services: Services;

const id = (n: number) => `demo-user-${String(n).padStart(2, '0')}`;

beforeAll(() => {
  services = createServices(db, test.config, pino({ level: 'silent' }), test.jobs);
});

/** An active listing of `sellerId` others can see, newest first (`skip` picks a later one). */
async function itemOf(sellerId: string, skip = 0) {
  const rows = await db
    .select({ id: items.id })
    .from(items)
    .where(and(eq(items.addedUserId, sellerId), eq(items.status, ITEM_STATUS.active), sql`${items.deletedAt} is null`))
    .orderBy(items.addedDate, items.id)
    .limit(1)
    .offset(skip);
  const itemId = rows[0]?.id;
  if (!itemId) throw new Error(`${sellerId} has no active item`);
  return itemId;
}

/** A listing's favourite_count once the follow-ups of the writes so far have run. */
async function favouriteCount(itemId: string) {
  await test.jobsDone();
  return (await db.select({ count: items.favouriteCount }).from(items).where(eq(items.id, itemId)))[0]?.count;
}

/** Accounts' follower and following counts once the follow-ups of the writes so far have run. */
async function accountCounts(...ids: string[]) {
  await test.jobsDone();
  const rows = await db
    .select({ id: users.id, followers: users.followerCount, following: users.followingCount })
    .from(users)
    .where(inArray(users.id, ids));
  return Object.fromEntries(rows.map(({ id, followers, following }) => [id, { followers, following }]));
}

/** Ids of the items in a page answer. */
const idsIn = (answer: { body: { data: Record<string, unknown> } }) =>
  (answer.body.data.items as Array<{ id?: string; user_id?: string }>).map((entry) => entry.id ?? entry.user_id);

/** Fresh accounts straight in the database, for the toggles of many people at once. */
async function freshAccounts(prefix: string, count: number) {
  const rows = Array.from({ length: count }, (_, index) => ({
    id: `${prefix}-${index}`,
    userName: `${prefix} ${index}`,
    userEmail: `${prefix}-${index}@souk.test`,
    emailVerify: true,
    status: 1,
  }));
  await db.insert(users).values(rows);
  return rows.map((row) => row.id);
}

describe('favourites', () => {
  it('keeps and lets go of a favourite, answering the exact count, and lists it on /favourite', async () => {
    const itemId = await itemOf(id(2));
    const before = await favouriteCount(itemId);
    const added = await call('POST', `/items/${itemId}/favourite`, token(1), { favourite: true });
    expect(added.status, added.body.message).toBe(200);
    expect(added.body.data).toEqual({ is_favourited: true, favourite_count: (before ?? 0) + 1 });
    expect(added.body.message).toBe('The item has been added to your favourites.');
    const again = await call('POST', `/items/${itemId}/favourite`, token(1), { favourite: true });
    expect(again.body.data).toEqual({ is_favourited: true, favourite_count: (before ?? 0) + 1 });

    await test.jobsDone();
    const page = await call('GET', `/items/${itemId}`, token(1));
    expect(page.body.data).toMatchObject({ is_favourited: true, favourite_count: (before ?? 0) + 1 });
    const list = await call('GET', '/users/me/favourites', token(1));
    expect(idsIn(list)).toContain(itemId);

    const removed = await call('POST', `/items/${itemId}/favourite`, token(1), { favourite: false });
    expect(removed.body.data).toEqual({ is_favourited: false, favourite_count: before });
    const removedAgain = await call('POST', `/items/${itemId}/favourite`, token(1), { favourite: false });
    expect(removedAgain.body.data).toEqual({ is_favourited: false, favourite_count: before });
    expect(idsIn(await call('GET', '/users/me/favourites', token(1)))).not.toContain(itemId);
  });

  it('counts exactly when 20 people favourite at once, and keeps one row when one person sends it 20 times', async () => {
    const itemId = await itemOf(id(3));
    const before = (await favouriteCount(itemId)) ?? 0;
    const people = await freshAccounts('fan', 20);
    await Promise.all(people.map((userId) => services.social.setFavourite({ userId }, itemId, true)));
    expect(await favouriteCount(itemId)).toBe(before + 20);

    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call('POST', `/items/${itemId}/favourite`, token(4), { favourite: true })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    const rows = await db
      .select()
      .from(favourites)
      .where(and(eq(favourites.userId, id(4)), eq(favourites.itemId, itemId)));
    expect(rows).toHaveLength(1);
    expect(await favouriteCount(itemId)).toBe(before + 21);

    await Promise.all([...people, id(4)].map((userId) => services.social.setFavourite({ userId }, itemId, false)));
    expect(await favouriteCount(itemId)).toBe(before);
  });

  it('refuses a visitor, one’s own item, a missing item and a malformed body, and changes nothing', async () => {
    const own = await itemOf(id(1));
    const before = await favouriteCount(own);
    expect((await call('POST', `/items/${own}/favourite`, undefined, { favourite: true })).status).toBe(401);
    const self = await call('POST', `/items/${own}/favourite`, token(1), { favourite: true });
    expect(self.status).toBe(403);
    expect(self.body.message).toContain('your own');
    const missing = await call('POST', '/items/00000000-0000-4000-8000-000000000000/favourite', token(2), {
      favourite: true,
    });
    expect(missing.status).toBe(404);
    expect((await call('POST', '/items/not-an-id/favourite', token(2), { favourite: true })).status).toBe(400);
    expect((await call('POST', `/items/${own}/favourite`, token(2), { favourite: 'yes' })).status).toBe(400);
    expect((await call('POST', `/items/${own}/favourite`, token(2), {})).status).toBe(400);
    expect(await favouriteCount(own)).toBe(before);
  });
});

describe('following', () => {
  it('counts followers and followings exactly, once only, and lists both ways', async () => {
    const before = await accountCounts(id(5), id(6));
    const follow = await call('POST', `/users/${id(6)}/follow`, token(5), { follow: true });
    expect(follow.status, follow.body.message).toBe(200);
    expect(follow.body.data).toEqual({ is_followed: true, follower_count: (before[id(6)]?.followers ?? 0) + 1 });
    await call('POST', `/users/${id(6)}/follow`, token(5), { follow: true });
    expect(await accountCounts(id(5), id(6))).toEqual({
      [id(5)]: { followers: before[id(5)]?.followers, following: (before[id(5)]?.following ?? 0) + 1 },
      [id(6)]: { followers: (before[id(6)]?.followers ?? 0) + 1, following: before[id(6)]?.following },
    });
    const profile = await call('GET', `/users/${id(6)}`, token(5));
    expect(profile.body.data).toMatchObject({ is_followed: true });
    expect(idsIn(await call('GET', `/users/${id(6)}/followers`))).toContain(id(5));
    expect(idsIn(await call('GET', `/users/${id(5)}/following`))).toContain(id(6));
    const followers = await call('GET', `/users/${id(6)}/followers`, token(7));
    expect(followers.body.data.items).toEqual(
      expect.arrayContaining([expect.objectContaining({ user_id: id(5), is_followed: false })]),
    );

    const unfollow = await call('POST', `/users/${id(6)}/follow`, token(5), { follow: false });
    expect(unfollow.body.data).toEqual({ is_followed: false, follower_count: before[id(6)]?.followers });
    await call('POST', `/users/${id(6)}/follow`, token(5), { follow: false });
    expect(await accountCounts(id(5), id(6))).toEqual(before);
  });

  it('counts exactly when 20 people follow one account at once', async () => {
    const before = await accountCounts(id(7));
    const people = await freshAccounts('follower', 20);
    await Promise.all(people.map((userId) => services.social.setFollowing({ userId }, id(7), true)));
    await Promise.all(people.map((userId) => services.social.setFollowing({ userId }, id(7), true)));
    expect((await accountCounts(id(7)))[id(7)]?.followers).toBe((before[id(7)]?.followers ?? 0) + 20);
    const rows = await db.select().from(follows).where(inArray(follows.followerId, people));
    expect(rows).toHaveLength(20);
    await Promise.all(people.map((userId) => services.social.setFollowing({ userId }, id(7), false)));
    expect(await accountCounts(id(7))).toEqual(before);
  });

  it('refuses following oneself, a missing account, or from a visitor', async () => {
    const self = await call('POST', `/users/${id(5)}/follow`, token(5), { follow: true });
    expect(self.status).toBe(403);
    expect((await call('POST', '/users/nobody-here/follow', token(5), { follow: true })).status).toBe(404);
    expect((await call('POST', `/users/${id(6)}/follow`, undefined, { follow: true })).status).toBe(401);
    expect((await call('POST', '/users/a%20b/follow', token(5), { follow: true })).status).toBe(400);
  });
});

describe('blocking', () => {
  it('ends follows and favourites both ways, hides each from the other everywhere, and unblocking restores it', async () => {
    const [blocker, blocked] = [8, 9];
    const blockedItem = await itemOf(id(blocked));
    const blockerItem = await itemOf(id(blocker));
    await call('POST', `/users/${id(blocked)}/follow`, token(blocker), { follow: true });
    await call('POST', `/users/${id(blocker)}/follow`, token(blocked), { follow: true });
    await call('POST', `/items/${blockedItem}/favourite`, token(blocker), { favourite: true });
    await call('POST', `/items/${blockerItem}/favourite`, token(blocked), { favourite: true });
    const countsBefore = await accountCounts(id(blocker), id(blocked));
    const favouritesBefore = [await favouriteCount(blockedItem), await favouriteCount(blockerItem)];

    const block = await call('POST', `/users/${id(blocked)}/block`, token(blocker), { block: true });
    expect(block.status, block.body.message).toBe(200);
    expect(block.body.data).toEqual({ is_blocked: true });
    expect((await call('POST', `/users/${id(blocked)}/block`, token(blocker), { block: true })).status).toBe(200);

    // The ties are gone, and their counters with them.
    expect(await accountCounts(id(blocker), id(blocked))).toEqual({
      [id(blocker)]: {
        followers: (countsBefore[id(blocker)]?.followers ?? 0) - 1,
        following: (countsBefore[id(blocker)]?.following ?? 0) - 1,
      },
      [id(blocked)]: {
        followers: (countsBefore[id(blocked)]?.followers ?? 0) - 1,
        following: (countsBefore[id(blocked)]?.following ?? 0) - 1,
      },
    });
    expect([await favouriteCount(blockedItem), await favouriteCount(blockerItem)]).toEqual(
      favouritesBefore.map((count) => (count ?? 0) - 1),
    );

    for (const [viewer, other, item] of [
      [blocker, blocked, blockedItem],
      [blocked, blocker, blockerItem],
    ] as const) {
      // Search, the seller filter, and the list of followers.
      const search = await call('GET', `/items?addedUserId=${id(other)}&limit=50`, token(viewer));
      expect(search.body.data.items, 'search').toEqual([]);
      expect(idsIn(await call('GET', '/items?limit=100', token(viewer)))).not.toContain(item);
      // Item page, related items and profile.
      expect((await call('GET', `/items/${item}`, token(viewer))).status, 'item page').toBe(404);
      expect((await call('GET', `/users/${id(other)}`, token(viewer))).status, 'profile').toBe(404);
      expect((await call('GET', `/users/${id(other)}/followers`, token(viewer))).status, 'their followers').toBe(404);
      // No new ties either way.
      const follow = await call('POST', `/users/${id(other)}/follow`, token(viewer), { follow: true });
      expect(follow.status, 'follow').toBe(403);
      expect(follow.body.message).toContain('block');
      expect((await call('POST', `/items/${item}/favourite`, token(viewer), { favourite: true })).status).toBe(404);
      expect((await call('POST', `/items/${item}/report`, token(viewer), { reason: 'spam' })).status, 'report').toBe(
        404,
      );
      expect(await services.social.inBlock(id(viewer), id(other)), 'chat').toBe(true);
    }
    // Others still see both.
    expect((await call('GET', `/items/${blockedItem}`, token(10))).status).toBe(200);
    // A third person's list of followers hides the blocked one from the blocker only.
    await call('POST', `/users/${id(10)}/follow`, token(blocked), { follow: true });
    expect(idsIn(await call('GET', `/users/${id(10)}/followers`, token(blocker)))).not.toContain(id(blocked));
    expect(idsIn(await call('GET', `/users/${id(10)}/followers`, token(1)))).toContain(id(blocked));

    const list = await call('GET', '/users/me/blocked', token(blocker));
    expect(idsIn(list)).toEqual([id(blocked)]);

    const unblock = await call('POST', `/users/${id(blocked)}/block`, token(blocker), { block: false });
    expect(unblock.body.data).toEqual({ is_blocked: false });
    expect((await call('GET', `/items/${blockedItem}`, token(blocker))).status).toBe(200);
    expect((await call('GET', `/users/${id(blocked)}`, token(blocker))).status).toBe(200);
    expect(idsIn(await call('GET', '/users/me/blocked', token(blocker)))).toEqual([]);
    await call('POST', `/users/${id(10)}/follow`, token(blocked), { follow: false });
  });

  it('refuses blocking oneself, a missing account, or from a visitor', async () => {
    expect((await call('POST', `/users/${id(8)}/block`, token(8), { block: true })).status).toBe(403);
    expect((await call('POST', '/users/nobody-here/block', token(8), { block: true })).status).toBe(404);
    expect((await call('POST', `/users/${id(9)}/block`, undefined, { block: true })).status).toBe(401);
    expect((await call('POST', `/users/${id(9)}/block`, token(8), { block: 1 })).status).toBe(400);
  });
});

describe('reporting', () => {
  it('takes one report per person, hides the item from the reporter’s lists and lists it on /reported-items', async () => {
    const itemId = await itemOf(id(2), 1);
    const missingNote = await call('POST', `/items/${itemId}/report`, token(3), { reason: 'other', note: ' ' });
    expect(missingNote.status).toBe(400);
    expect((await call('POST', `/items/${itemId}/report`, token(3), { reason: 'nonsense' })).status).toBe(400);
    expect(
      (await call('POST', `/items/${itemId}/report`, token(3), { reason: 'other', note: 'x'.repeat(501) })).status,
    ).toBe(400);
    expect((await call('POST', `/items/${itemId}/report`, undefined, { reason: 'spam' })).status).toBe(401);
    expect((await call('POST', `/items/${itemId}/report`, token(2), { reason: 'spam' })).status).toBe(403);

    const report = await call('POST', `/items/${itemId}/report`, token(3), { reason: 'other', note: 'Fake photos' });
    expect(report.status, report.body.message).toBe(200);
    const twice = await call('POST', `/items/${itemId}/report`, token(3), { reason: 'spam' });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toContain('already reported');
    const rows = await db.select().from(itemReports).where(eq(itemReports.itemId, itemId));
    expect(rows).toEqual([expect.objectContaining({ reporterId: id(3), reason: 'other', note: 'Fake photos' })]);

    expect(idsIn(await call('GET', `/items?addedUserId=${id(2)}&limit=50`, token(3)))).not.toContain(itemId);
    expect(idsIn(await call('GET', `/items?addedUserId=${id(2)}&limit=50`, token(4)))).toContain(itemId);
    const page = await call('GET', `/items/${itemId}`, token(3));
    expect(page.body.data).toMatchObject({ is_reported: true });
    const mine = await call('GET', '/users/me/reported-items', token(3));
    expect(mine.body.data.items).toEqual([
      expect.objectContaining({ id: itemId, report_reason: 'other', report_note: 'Fake photos' }),
    ]);
  });

  it('holds an item for review once enough people reported it, and an approval closes the reports', async () => {
    await db.update(appSettings).set({ reportHideThreshold: 2 });
    // Reporters whose reports count in full: month-old accounts with proven phones (report-weights.test.ts).
    for (const n of [5, 6, 7]) {
      await db
        .update(users)
        .set({
          addedDate: new Date(Date.now() - 60 * 24 * 3600 * 1000),
          userPhone: `+96650000000${n}`,
          phoneVerify: true,
        })
        .where(eq(users.id, id(n)));
    }
    const itemId = await itemOf(id(4), 1);
    await call('POST', `/items/${itemId}/report`, token(5), { reason: 'fraud' });
    expect((await db.select().from(items).where(eq(items.id, itemId)))[0]?.status).toBe(ITEM_STATUS.active);
    await call('POST', `/items/${itemId}/report`, token(6), { reason: 'spam' });
    expect((await db.select().from(items).where(eq(items.id, itemId)))[0]?.status).toBe(ITEM_STATUS.pending);
    expect((await call('GET', `/items/${itemId}`, token(7))).status).toBe(404);

    const admin = { userId: 'demo-admin', isAdmin: true };
    const reports = await services.social.openReportsOf(admin, [itemId]);
    expect(reports[itemId]?.map((report) => report.reason).sort()).toEqual(['fraud', 'spam']);
    await expect(services.social.openReportsOf({ isAdmin: false }, [itemId])).rejects.toMatchObject({
      status: 403,
    });
    const queue = await call('GET', '/admin/items?status=0&limit=100', test.adminToken);
    expect(idsIn(queue)).toContain(itemId);

    expect(
      (await call('POST', `/admin/items/${itemId}/decision`, test.adminToken, { decision: 'approve' })).status,
    ).toBe(200);
    // The decision closes the open reports: a follow-up of it.
    await test.jobsDone();
    expect(await services.social.openReportsOf(admin, [itemId])).toEqual({});
    await call('POST', `/items/${itemId}/report`, token(7), { reason: 'spam' });
    expect((await db.select().from(items).where(eq(items.id, itemId)))[0]?.status).toBe(ITEM_STATUS.active);
    await db.update(appSettings).set({ reportHideThreshold: 3 });
  });
});
