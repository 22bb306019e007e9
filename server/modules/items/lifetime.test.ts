import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ITEM_STATUS } from '../../../contract/items.ts';
import { ManualClock } from '../../kernel/clock.ts';
import type { ApiAnswer } from '../../testing/api-calls.ts';
import { draftUpload, type EntryReferences, entryReferences, validEntry } from '../../testing/item-entries.ts';
import { appSettings, images, items, notifications } from '../../testing/tables.ts';
import { useTestApp } from '../../testing/use-test-app.ts';

const DAY_MS = 86_400_000;
const SELLER = 'demo-user-03';
const clock = new ManualClock();
const test = useTestApp({ users: [3, 4], admin: true, clock });
const { db, call, jobs, jobsDone } = test;
let refs: EntryReferences;

beforeAll(async () => {
  refs = await entryReferences(db);
  await db.update(appSettings).set({
    isItemApprovalEnabled: false,
    listingsPerDay: 0,
    listingLifetimeDays: 60,
    expiryNoticeDays: 3,
  });
});

// A listing's lifetime starts when it is posted, by the real time: each test starts the app's clock there.
beforeEach(() => clock.set(new Date()));

async function post(entry: Record<string, unknown> = {}) {
  const answer = await call('POST', '/items', test.token(3), validEntry(refs, [await draftUpload(db, SELLER)], entry));
  expect(answer.status, answer.body.message).toBe(201);
  return answer.body.data.id as string;
}

/** Sets the app's clock `days` after now and runs the lifetime job there. */
async function runLifetimeAfter(days: number) {
  clock.set(new Date(Date.now() + days * DAY_MS));
  await jobs.enqueue('items.lifetime', {});
  await jobsDone();
}

const itemRow = async (id: string) => (await db.select().from(items).where(eq(items.id, id)))[0];
const statusOf = async (id: string) => (await itemRow(id))?.status;
const idsIn = (answer: ApiAnswer) => (answer.body.data.items as Array<{ id: string }>).map((item) => item.id);
const inSearch = async (id: string) => idsIn(await call('GET', `/items?addedUserId=${SELLER}&limit=100`)).includes(id);
const ownList = async (list: string) => idsIn(await call('GET', `/items/mine?list=${list}&limit=100`, test.token(3)));
const renew = (id: string, token?: string) => call('POST', `/items/${id}/renew`, token);
const upkeep = async (id: string) => (await call('GET', `/items/${id}/upkeep`, test.token(3))).body.data;

const noticesOf = (itemId: string, kind: string) =>
  db
    .select()
    .from(notifications)
    .where(and(eq(notifications.itemId, itemId), eq(notifications.kind, kind)));

/** Every item address of the sitemaps the sitemap index names. */
async function sitemapText() {
  const index = (await test.app.inject('/sitemap.xml')).body;
  const files = [...index.matchAll(/<loc>([^<]*\/sitemaps\/items-\d+\.xml)<\/loc>/g)].map((match) => match[1] ?? '');
  const chunks = await Promise.all(files.map((file) => test.app.inject(new URL(file).pathname)));
  return chunks.map((chunk) => chunk.body).join('');
}

describe('expiry', () => {
  it('takes a listing out of search, the sitemap and its public page when its lifetime ends', async () => {
    const id = await post();
    expect(await inSearch(id)).toBe(true);
    expect(await sitemapText()).toContain(id);
    await runLifetimeAfter(59.9);
    expect(await statusOf(id)).toBe(ITEM_STATUS.active);

    await runLifetimeAfter(60.1);
    expect(await statusOf(id)).toBe(ITEM_STATUS.expired);
    expect(await inSearch(id)).toBe(false);
    expect((await call('GET', `/items/${id}`)).status).toBe(404);
    expect((await call('GET', `/items/${id}`, test.token(4))).status).toBe(404);
    const own = await call('GET', `/items/${id}`, test.token(3));
    expect(own.body.data).toMatchObject({ status: ITEM_STATUS.expired, is_owner: true });
    expect(await noticesOf(id, 'item.expired')).toMatchObject([{ userId: SELLER }]);
    expect(await upkeep(id)).toMatchObject({ status: ITEM_STATUS.expired, expires_at: null, renewable: true });
    expect((await call('POST', `/items/${id}/bump`, test.token(3), {})).status).toBe(409);

    const fresh = await post();
    const sitemap = await sitemapText();
    expect(sitemap).toContain(fresh);
    expect(sitemap).not.toContain(id);
  });

  it('lists expired listings apart from the active ones among the owner’s own', async () => {
    const expired = await post();
    await runLifetimeAfter(61);
    const active = await post();
    expect(await ownList('expired')).toContain(expired);
    expect(await ownList('expired')).not.toContain(active);
    expect(await ownList('active')).toContain(active);
    expect(await ownList('active')).not.toContain(expired);
  });

  it('tells the owner once, in the notice days before the listing expires', async () => {
    const id = await post();
    await runLifetimeAfter(56.9);
    expect(await noticesOf(id, 'item.expiring')).toHaveLength(0);
    expect((await upkeep(id)).renewable).toBe(false);

    await runLifetimeAfter(57.1);
    await runLifetimeAfter(57.2);
    const notices = await noticesOf(id, 'item.expiring');
    expect(notices).toMatchObject([{ userId: SELLER }]);
    const shown = await call('GET', `/notifications/${notices[0]?.id}`, test.token(3));
    expect(shown.body.data).toMatchObject({ kind: 'item.expiring', title: 'Your listing expires soon', item_id: id });
    expect(await statusOf(id)).toBe(ITEM_STATUS.active);
    const row = await itemRow(id);
    expect(await upkeep(id)).toMatchObject({
      status: ITEM_STATUS.active,
      renewable: true,
      expires_at: new Date((row?.renewedAt.getTime() ?? 0) + 60 * DAY_MS).toISOString(),
    });
  });

  it('leaves sold and promoted listings up', async () => {
    const sold = await post();
    expect((await call('POST', `/items/${sold}/sold`, test.token(3), { is_sold_out: true })).status).toBe(200);
    const promoted = await post();
    await db.update(items).set({ isPaid: true }).where(eq(items.id, promoted));
    const plain = await post();
    await runLifetimeAfter(61);
    expect(await statusOf(sold)).toBe(ITEM_STATUS.active);
    expect(await statusOf(promoted)).toBe(ITEM_STATUS.active);
    expect(await statusOf(plain)).toBe(ITEM_STATUS.expired);
  });

  it('gives a sold listing offered again a new lifetime', async () => {
    const id = await post();
    expect((await call('POST', `/items/${id}/sold`, test.token(3), { is_sold_out: true })).status).toBe(200);
    clock.set(new Date(Date.now() + 100 * DAY_MS));
    expect((await call('POST', `/items/${id}/sold`, test.token(3), { is_sold_out: false })).status).toBe(200);
    expect((await itemRow(id))?.renewedAt).toEqual(clock.now());
    await runLifetimeAfter(101);
    expect(await statusOf(id)).toBe(ITEM_STATUS.active);
  });

  it('expires nothing when the lifetime setting is 0', async () => {
    await db.update(appSettings).set({ listingLifetimeDays: 0 });
    try {
      const id = await post();
      await runLifetimeAfter(400);
      expect(await statusOf(id)).toBe(ITEM_STATUS.active);
      expect(await noticesOf(id, 'item.expiring')).toHaveLength(0);
      expect(await upkeep(id)).toMatchObject({ expires_at: null, renewable: false });
    } finally {
      await db.update(appSettings).set({ listingLifetimeDays: 60 });
    }
  });

  it('keeps an expired listing expired when its owner edits it', async () => {
    const id = await post();
    await runLifetimeAfter(61);
    const photos = await db.select({ id: images.imgId }).from(images).where(eq(images.imgParentId, id));
    const entry = validEntry(
      refs,
      photos.map((photo) => photo.id),
      { title: 'Edited' },
    );
    const edited = await call('POST', `/items/${id}`, test.token(3), entry);
    expect(edited.status, edited.body.message).toBe(200);
    expect(await statusOf(id)).toBe(ITEM_STATUS.expired);
    expect(await inSearch(id)).toBe(false);
  });
});

describe('renewal', () => {
  it('shows an expired listing again for a new lifetime from the renewal', async () => {
    const id = await post();
    await runLifetimeAfter(61);
    expect(await statusOf(id)).toBe(ITEM_STATUS.expired);

    const renewed = await renew(id, test.token(3));
    expect(renewed.status).toBe(200);
    expect(renewed.body.message).toBe('Your listing is renewed and shown again.');
    expect(await itemRow(id)).toMatchObject({
      status: ITEM_STATUS.active,
      renewedAt: clock.now(),
      expiryNoticeSent: false,
    });
    expect(await inSearch(id)).toBe(true);
    expect((await call('GET', `/items/${id}`)).status).toBe(200);
    expect(await upkeep(id)).toMatchObject({
      expires_at: new Date(clock.now().getTime() + 60 * DAY_MS).toISOString(),
      renewable: false,
    });

    await runLifetimeAfter(61 + 59.9);
    expect(await statusOf(id)).toBe(ITEM_STATUS.active);
    await runLifetimeAfter(61 + 60.1);
    expect(await statusOf(id)).toBe(ITEM_STATUS.expired);
  });

  it('renews an active listing in its notice days', async () => {
    const id = await post();
    clock.set(new Date(Date.now() + 58 * DAY_MS));
    expect((await renew(id, test.token(3))).status).toBe(200);
    expect((await itemRow(id))?.renewedAt).toEqual(clock.now());
    expect((await upkeep(id)).renewable).toBe(false);
  });

  it('refuses another member, a visitor, an unknown listing, and a renewal too early', async () => {
    const id = await post();
    const before = await itemRow(id);
    expect((await renew(id, test.token(4))).status).toBe(403);
    expect((await renew(id)).status).toBe(401);
    expect((await renew('00000000-0000-4000-8000-000000000000', test.token(3))).status).toBe(404);
    const early = await renew(id, test.token(3));
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('This listing can be renewed in its last days before it expires.');
    expect(await itemRow(id)).toEqual(before);
  });

  it('refuses a pending listing', async () => {
    await db.update(appSettings).set({ isItemApprovalEnabled: true });
    const id = await post();
    await db.update(appSettings).set({ isItemApprovalEnabled: false });
    const refused = await renew(id, test.token(3));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Only an expired listing, or one that expires soon, can be renewed.');
    expect(await statusOf(id)).toBe(ITEM_STATUS.pending);
  });

  it('starts a new lifetime when an admin approves a listing', async () => {
    await db.update(appSettings).set({ isItemApprovalEnabled: true });
    const id = await post();
    await db.update(appSettings).set({ isItemApprovalEnabled: false });
    // It waited for review far longer than a lifetime.
    await db
      .update(items)
      .set({ renewedAt: new Date(Date.now() - 100 * DAY_MS) })
      .where(eq(items.id, id));
    const approved = await call('POST', `/admin/items/${id}/decision`, test.adminToken, { decision: 'approve' });
    expect(approved.status, approved.body.message).toBe(200);
    await runLifetimeAfter(1);
    expect(await statusOf(id)).toBe(ITEM_STATUS.active);
    expect(await noticesOf(id, 'item.expiring')).toHaveLength(0);
    await runLifetimeAfter(60.1);
    expect(await statusOf(id)).toBe(ITEM_STATUS.expired);
  });
});
