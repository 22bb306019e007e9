import { and, eq, gt, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ITEM_STATUS } from '../../../contract/items.ts';
import { draftUpload, type EntryReferences, entryReferences, validEntry } from '../../testing/item-entries.ts';
import { appSettings, items, users } from '../../testing/tables.ts';
import { useTestApp } from '../../testing/use-test-app.ts';

/**
 * Issue 24: one account posted 100 listings in 60 s, all live at once. Now each account may post `listings_per_day`
 * in 24 hours, fewer in its first week, and its first listing waits for an admin.
 */

const test = useTestApp({ users: [7, 8], admin: true });
const { db, call } = test;
let refs: EntryReferences;

beforeAll(async () => {
  refs = await entryReferences(db);
  await db.update(appSettings).set({ isItemApprovalEnabled: false });
});

const setLimit = (listingsPerDay: number) => db.update(appSettings).set({ listingsPerDay });

/**
 * What the account posted in the last 24 hours already (the demo data holds recent listings), and when the oldest
 * of those went up (ms).
 */
async function postedToday(userId: string) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${items.addedDate})` })
    .from(items)
    .where(and(eq(items.addedUserId, userId), gt(items.addedDate, new Date(Date.now() - 24 * 3600 * 1000))));
  return { count: row?.count ?? 0, oldest: new Date(row?.oldest ?? Date.now()).getTime() };
}

/** POST /api/v1/items as `token` (the account `userId`) with a fresh draft photo: the whole answer. */
async function post(token: string, userId: string, language = 'en') {
  const photo = await draftUpload(db, userId);
  return test.app.inject({
    method: 'POST',
    url: `/api/v1/items?lang=${language}`,
    headers: { authorization: `Bearer ${token}` },
    payload: validEntry(refs, [photo]),
  });
}

describe('listings per day', () => {
  it('refuses the listing past the limit, counting deleted ones, and says when the next may go up', async () => {
    const limit = (await postedToday('demo-user-07')).count + 2;
    await setLimit(limit);
    const seller = test.token(7);
    const first = await post(seller, 'demo-user-07');
    expect(first.statusCode).toBe(201);
    expect((await post(seller, 'demo-user-07')).statusCode).toBe(201);
    expect((await call('DELETE', `/items/${first.json().data.id}`, seller)).status).toBe(200);

    const refused = await post(seller, 'demo-user-07');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      new RegExp(
        `^You can post ${limit} listings a day\\. You can post again in (\\d+ hours?)?(, )?(\\d+ minutes?)?\\.$`,
      ),
    );
    // The next one may go up once the oldest listing of the 24 hours is a day old.
    const { oldest } = await postedToday('demo-user-07');
    const expectedWait = (oldest + 24 * 3600 * 1000 - Date.now()) / 1000;
    expect(Math.abs(Number(refused.headers['retry-after']) - expectedWait)).toBeLessThan(120);
    const arabic = await post(seller, 'demo-user-07', 'ar');
    expect(arabic.json().message).toContain(`بلغت الحد اليومي لنشر الإعلانات (${limit})`);

    // The operator's setting is read at each post: raising it makes room at once.
    await setLimit(limit + 1);
    expect((await post(seller, 'demo-user-07')).statusCode).toBe(201);
    await setLimit(20);
  });

  it('lets only the allowed number through when an account sends many at once', async () => {
    await setLimit((await postedToday('demo-user-08')).count + 3);
    const seller = test.token(8);
    const answers = await Promise.all(Array.from({ length: 8 }, () => post(seller, 'demo-user-08')));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429, 429, 429]);
    await setLimit(20);
  });

  it('does not limit an admin, who may post on the operator’s behalf, nor anyone when the setting is 0', async () => {
    await setLimit(0);
    expect((await post(test.token(7), 'demo-user-07')).statusCode).toBe(201);
    await setLimit(1);
    const adminId = (await call('GET', '/users/me', test.adminToken)).body.data.user_id as string;
    expect((await post(test.adminToken, adminId)).statusCode).toBe(201);
    expect((await post(test.adminToken, adminId)).statusCode).toBe(201);
    await setLimit(20);
  });
});

/** A member who registered a moment ago (e-mail verification off), signed in: their id and token. */
async function newMember(email: string) {
  await db.update(appSettings).set({ isEmailVerificationEnabled: false });
  const registered = await test.app.inject({
    method: 'POST',
    url: '/api/v1/auth/register?lang=en',
    payload: {
      user_name: 'New Member',
      user_email: email,
      user_password: 'correct-horse-9',
      confirm_password: 'correct-horse-9',
      privacy: 'on',
    },
  });
  await db.update(appSettings).set({ isEmailVerificationEnabled: true });
  const data = registered.json().data as { token: string; user_id: string };
  return { id: data.user_id, token: data.token };
}

describe('new accounts', () => {
  it('their first listing waits for an admin, and later ones go live at once', async () => {
    await db.update(appSettings).set({ firstListingsReviewed: 1, listingsPerDay: 20 });
    const member = await newMember('first-listing@example.com');
    const first = await post(member.token, member.id);
    expect(first.statusCode).toBe(201);
    expect(first.json().data.status).toBe(ITEM_STATUS.pending);
    const second = await post(member.token, member.id);
    expect(second.json().data.status).toBe(ITEM_STATUS.active);
    // A member with a history is not asked again: demo user 7 posted long before the setting.
    expect((await post(test.token(7), 'demo-user-07')).json().data.status).toBe(ITEM_STATUS.active);
    await db.update(appSettings).set({ firstListingsReviewed: 0 });
  });

  it('post under the lower daily limit during their first week, told why', async () => {
    await db.update(appSettings).set({ newAccountListingsPerDay: 2, listingsPerDay: 20 });
    const member = await newMember('new-limit@example.com');
    expect((await post(member.token, member.id)).statusCode).toBe(201);
    expect((await post(member.token, member.id)).statusCode).toBe(201);
    const refused = await post(member.token, member.id);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      /^New accounts can post 2 listings a day during their first week\. You can post again in (24 hours|23 hours, 59 minutes)\.$/,
    );
    // A week later the general limit applies.
    await db
      .update(users)
      .set({ addedDate: new Date(Date.now() - 8 * 24 * 3600 * 1000) })
      .where(eq(users.id, member.id));
    expect((await post(member.token, member.id)).statusCode).toBe(201);
    await db.update(appSettings).set({ newAccountListingsPerDay: 0 });
  });
});
