import { and, eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { ITEM_STATUS } from '../../../contract/items.ts';
import { createServices, type Services } from '../../services.ts';
import { draftUpload, type EntryReferences, entryReferences, validEntry } from '../../testing/item-entries.ts';
import { appSettings, itemReports, items, users } from '../../testing/tables.ts';
import { useTestApp } from '../../testing/use-test-app.ts';

/**
 * Issue 24: three throw-away accounts hid 30 of 30 other sellers' listings. A report now weighs what its reporter
 * has earned (policy.ts reporterWeight), and an admin's approval stands until the owner edits the listing.
 */

const test = useTestApp({ users: [2, 3, 4], admin: true });
const { db, call, token } = test;
let services: Services;
let refs: EntryReferences;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  services = createServices(db, test.config, pino({ level: 'silent' }), test.jobs);
  refs = await entryReferences(db);
  await db.update(appSettings).set({ isItemApprovalEnabled: false, reportHideThreshold: 3, listingsPerDay: 0 });
});

/** Accounts straight in the database: `ageDays` old, with a proven phone or not. */
async function accounts(prefix: string, count: number, ageDays: number, provenPhone: boolean) {
  const rows = Array.from({ length: count }, (_, index) => ({
    id: `${prefix}-${index}`,
    userName: `${prefix} ${index}`,
    userEmail: `${prefix}-${index}@souk.test`,
    emailVerify: true,
    userPhone: provenPhone ? `+96650${prefix.length}${String(index).padStart(6, '0')}${prefix.charCodeAt(0)}` : null,
    phoneVerify: provenPhone,
    addedDate: new Date(Date.now() - ageDays * DAY),
  }));
  await db.insert(users).values(rows);
  return rows.map((row) => row.id);
}

/** Active listings of demo user 2 (the honest seller), posted through the API. */
async function listings(count: number) {
  const ids: string[] = [];
  for (let index = 0; index < count; index++) {
    const photo = await draftUpload(db, 'demo-user-02');
    const posted = await call(
      'POST',
      '/items',
      token(2),
      validEntry(refs, [photo], { title: `Honest listing ${index}` }),
    );
    ids.push(posted.body.data.id as string);
  }
  return ids;
}

const statusOf = async (itemId: string) =>
  (await db.select({ status: items.status }).from(items).where(eq(items.id, itemId)))[0]?.status;

const report = (reporterId: string, itemId: string, reason: 'spam' | 'fraud' = 'fraud') =>
  services.social.report({ userId: reporterId }, itemId, { reason, note: '' });

describe('weighted reports', () => {
  it('ten fresh accounts reporting every listing hide none of them', async () => {
    await db.update(appSettings).set({ reportsPerHour: 0, reportsPerDay: 0 });
    const griefers = await accounts('griefer', 10, 0, false);
    const targets = await listings(6);
    for (const itemId of targets) {
      for (const griefer of griefers) expect(await report(griefer, itemId)).toEqual({ held_for_review: false });
    }
    const statuses = await db.select({ status: items.status }).from(items).where(inArray(items.id, targets));
    expect(statuses.map((row) => row.status)).toEqual(targets.map(() => ITEM_STATUS.active));
    await db.update(appSettings).set({ reportsPerHour: 10, reportsPerDay: 30 });
  });

  it('three trusted reporters hold a real scam; the admin sees their weights', async () => {
    const [scam] = await listings(1);
    const trusted = await accounts('trusted', 3, 60, true);
    expect(await report(trusted[0] as string, scam as string)).toEqual({ held_for_review: false });
    expect(await report(trusted[1] as string, scam as string)).toEqual({ held_for_review: false });
    expect(await report(trusted[2] as string, scam as string)).toEqual({ held_for_review: true });
    expect(await statusOf(scam as string)).toBe(ITEM_STATUS.pending);
    const open = await services.social.openReportsOf({ isAdmin: true }, [scam as string]);
    expect(open[scam as string]?.map((each) => each.reporter_weight)).toEqual([1, 1, 1]);
  });

  it('an approved listing is not hidden again until its owner edits it', async () => {
    const [listing] = (await listings(1)) as [string];
    const first = await accounts('first-wave', 3, 90, true);
    for (const reporter of first) await report(reporter, listing);
    expect(await statusOf(listing)).toBe(ITEM_STATUS.pending);
    const approved = await call('POST', `/admin/items/${listing}/decision`, test.adminToken, { decision: 'approve' });
    expect(approved.status).toBe(200);
    await test.jobsDone();

    const second = await accounts('second-wave', 4, 90, true);
    for (const reporter of second.slice(0, 3))
      expect(await report(reporter, listing)).toEqual({ held_for_review: false });
    expect(await statusOf(listing)).toBe(ITEM_STATUS.active);
    // Their reports stay open for the admin to read.
    expect((await services.social.openReportsOf({ isAdmin: true }, [listing]))[listing]).toHaveLength(3);

    const photo = await draftUpload(db, 'demo-user-02');
    const edited = await call(
      'POST',
      `/items/${listing}`,
      token(2),
      validEntry(refs, [photo], { title: 'Now a scam' }),
    );
    expect(edited.status, edited.body.message).toBe(200);
    expect(await report(second[3] as string, listing)).toEqual({ held_for_review: true });
    expect(await statusOf(listing)).toBe(ITEM_STATUS.pending);
  });

  it('dismissed reports cost a reporter weight; an owner deleting the listing proves nothing', async () => {
    const [reporter] = (await accounts('often-wrong', 1, 60, true)) as [string];
    const [upheld, ...dismissed] = await listings(4);
    await report(reporter, upheld as string);
    await call('POST', `/admin/items/${upheld}/decision`, test.adminToken, { decision: 'disable', reason: 'Scam' });
    for (const itemId of dismissed) {
      await report(reporter, itemId);
      await call('POST', `/admin/items/${itemId}/decision`, test.adminToken, { decision: 'approve' });
    }
    const [withdrawn, next] = (await listings(2)) as [string, string];
    await report(reporter, withdrawn);
    expect((await call('DELETE', `/items/${withdrawn}`, token(2))).status).toBe(200);
    await test.jobsDone();
    const closed = await db
      .select({ status: itemReports.status })
      .from(itemReports)
      .where(eq(itemReports.reporterId, reporter))
      .orderBy(itemReports.id);
    expect(closed.map((row) => row.status)).toEqual([2, 1, 1, 1, 3]);
    // One upheld and three dismissed: (1 + 1) / (1 + 3 + 1) of a trusted reporter's weight.
    await report(reporter, next);
    const open = await services.social.openReportsOf({ isAdmin: true }, [next]);
    expect(open[next]?.[0]?.reporter_weight).toBe(0.4);
  });

  it('banning a seller upholds the open reports on their listings, which leave the queue', async () => {
    const owned = await db
      .select({ id: items.id })
      .from(items)
      .where(and(eq(items.addedUserId, 'demo-user-10'), eq(items.status, ITEM_STATUS.active)))
      .limit(2);
    expect(owned).toHaveLength(2);
    const [witness] = (await accounts('ban-witness', 1, 90, true)) as [string];
    for (const { id } of owned) await report(witness, id);
    const queued = async () =>
      (
        await services.social.reportQueue.byListing({ userId: 'demo-admin', isAdmin: true }, { limit: 50, offset: 0 })
      ).items.map((listing) => listing.item_id);
    expect(await queued()).toEqual(expect.arrayContaining(owned.map((row) => row.id)));

    expect((await call('POST', '/admin/users/demo-user-10/ban', test.adminToken)).status).toBe(200);
    await test.jobsDone();
    const closed = await db
      .select({ status: itemReports.status })
      .from(itemReports)
      .where(eq(itemReports.reporterId, witness));
    expect(closed.map((row) => row.status)).toEqual([2, 2]);
    const after = await queued();
    for (const { id } of owned) expect(after).not.toContain(id);
  });
});

describe('report limits', () => {
  it('refuses reports past the hourly limit with when to try again, in the asker’s language', async () => {
    await db.update(appSettings).set({ reportsPerHour: 2, reportsPerDay: 30 });
    const targets = await listings(3);
    for (const itemId of targets.slice(0, 2)) {
      expect((await call('POST', `/items/${itemId}/report`, token(3), { reason: 'spam' })).status).toBe(200);
    }
    const refused = await call('POST', `/items/${targets[2]}/report`, token(3), { reason: 'spam' });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(
      /^You can send 2 reports an hour\. You can report again in (1 hour|59 minutes)\.$/,
    );
    const arabic = await test.app.inject({
      method: 'POST',
      url: `/api/v1/items/${targets[2]}/report?lang=ar`,
      headers: { authorization: `Bearer ${token(3)}` },
      payload: { reason: 'spam' },
    });
    expect(arabic.json().message).toContain('يمكنك إرسال 2 بلاغات في الساعة');
    expect(
      await db
        .select()
        .from(itemReports)
        .where(eq(itemReports.itemId, targets[2] as string)),
    ).toEqual([]);

    await db.update(appSettings).set({ reportsPerHour: 10, reportsPerDay: 2 });
    const daily = await call('POST', `/items/${targets[2]}/report`, token(3), { reason: 'spam' });
    expect(daily.status).toBe(429);
    expect(daily.body.message).toMatch(
      /^You can send 2 reports a day\. You can report again in (24 hours|23 hours, 59 minutes)\.$/,
    );
    await db.update(appSettings).set({ reportsPerHour: 10, reportsPerDay: 30 });
  });

  it('lets only the allowed number through when an account reports many at once', async () => {
    await db.update(appSettings).set({ reportsPerHour: 3 });
    const targets = await listings(8);
    const answers = await Promise.all(
      targets.map((itemId) => call('POST', `/items/${itemId}/report`, token(4), { reason: 'spam' })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
    await db.update(appSettings).set({ reportsPerHour: 10 });
  });
});
