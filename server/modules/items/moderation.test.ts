import { desc, eq } from 'drizzle-orm';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { ITEM_STATUS } from '../../../contract/items.ts';
import { createServices } from '../../services.ts';
import { draftUpload, type EntryReferences, entryReferences, validEntry } from '../../testing/item-entries.ts';
import { appSettings, itemDecisions, items } from '../../testing/tables.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import type { ItemEvent } from './events.ts';

const test = useTestApp({ users: [7, 8], admin: true });
const { db, call } = test;
let refs: EntryReferences;
let owner: string;
let member: string;
let admin: string;
let adminId: string;
const events: Array<{ name: string; payload: ItemEvent }> = [];
let services: ReturnType<typeof createServices>;

const OWNER_ID = 'demo-user-07';

beforeAll(async () => {
  refs = await entryReferences(db);
  owner = test.token(7);
  member = test.token(8);
  admin = test.adminToken;
  adminId = (await call('GET', '/users/me', admin)).body.data.user_id as string;
  services = createServices(db, test.config, pino({ level: 'silent' }), test.jobs);
  for (const name of ['approved', 'rejected', 'disabled', 'enabled'] as const) {
    services.events.on(`item.${name}`, (payload) => void events.push({ name: `item.${name}`, payload }));
  }
  await db.update(appSettings).set({ isItemApprovalEnabled: true });
});

async function pendingItem() {
  const photo = await draftUpload(db, OWNER_ID);
  const answer = await call('POST', '/items', owner, validEntry(refs, [photo]));
  expect(answer.status, answer.body.message).toBe(201);
  expect(answer.body.data.status).toBe(ITEM_STATUS.pending);
  return answer.body.data.id as string;
}

const itemRow = async (id: string) => (await db.select().from(items).where(eq(items.id, id)))[0];
const decisions = (id: string) =>
  db.select().from(itemDecisions).where(eq(itemDecisions.itemId, id)).orderBy(desc(itemDecisions.id));

describe('moderation', () => {
  it('is for admins only (403 for members, 401 for visitors)', async () => {
    const id = await pendingItem();
    expect((await call('GET', '/admin/items', member)).status).toBe(403);
    expect((await call('GET', '/admin/items')).status).toBe(401);
    const refused = await call('POST', `/admin/items/${id}/decision`, member, { decision: 'approve' });
    expect(refused.status).toBe(403);
    expect((await call('POST', `/admin/items/${id}/decision`, owner, { decision: 'approve' })).status).toBe(403);
    expect((await itemRow(id))?.status).toBe(ITEM_STATUS.pending);
    const viewer = { userId: 'demo-user-08', userName: 'x', photo: null, isAdmin: false, status: 1 };
    await expect(services.items.queue(viewer, { status: null }, { limit: 10, offset: 0 }, 'en')).rejects.toMatchObject({
      status: 403,
    });
    await expect(services.items.decide(viewer, id, 'approve', null)).rejects.toMatchObject({ status: 403 });
  });

  it('lists pending items first, and narrows to one status', async () => {
    const id = await pendingItem();
    const queue = await call('GET', '/admin/items?limit=50', admin);
    expect(queue.status).toBe(200);
    const listed = queue.body.data.items as Array<{ id: string; status: number }>;
    expect(listed.map((item) => item.id)).toContain(id);
    const firstOther = listed.findIndex((item) => item.status !== ITEM_STATUS.pending);
    const lastPending = listed.map((item) => item.status).lastIndexOf(ITEM_STATUS.pending);
    if (firstOther !== -1) expect(lastPending).toBeLessThan(firstOther);
    const active = await call('GET', '/admin/items?status=1', admin);
    expect((active.body.data.items as Array<{ status: number }>).every((item) => item.status === 1)).toBe(true);
    expect((await call('GET', '/admin/items?status=9', admin)).status).toBe(400);
  });

  it('approves: active, with who and when stored', async () => {
    const id = await pendingItem();
    const answer = await call('POST', `/admin/items/${id}/decision`, admin, { decision: 'approve' });
    expect(answer.status, answer.body.message).toBe(200);
    const row = await itemRow(id);
    expect(row).toMatchObject({ status: ITEM_STATUS.active, decidedById: adminId, rejectReason: null });
    expect(row?.decidedAt).toBeInstanceOf(Date);
    expect(await decisions(id)).toEqual([
      expect.objectContaining({ decision: 'approve', adminId, reason: null, decidedAt: row?.decidedAt }),
    ]);
    expect((await call('GET', `/items/${id}`)).status).toBe(200);
  });

  it('rejects only with a reason, which the owner and admins read and others never', async () => {
    const id = await pendingItem();
    for (const reason of [undefined, '', '   ']) {
      const refused = await call('POST', `/admin/items/${id}/decision`, admin, { decision: 'reject', reason });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('Reason is required.');
    }
    expect((await itemRow(id))?.status).toBe(ITEM_STATUS.pending);
    const done = await call('POST', `/admin/items/${id}/decision`, admin, {
      decision: 'reject',
      reason: 'The photos show another item.',
    });
    expect(done.status).toBe(200);
    expect(await itemRow(id)).toMatchObject({
      status: ITEM_STATUS.rejected,
      rejectReason: 'The photos show another item.',
      decidedById: adminId,
    });
    expect((await call('GET', `/items/${id}`, owner)).body.data.reject_reason).toBe('The photos show another item.');
    expect((await call('GET', `/items/${id}`, admin)).body.data.reject_reason).toBe('The photos show another item.');
    expect((await call('GET', `/items/${id}`, member)).status).toBe(404);
  });

  it('disables (reason required) and enables again, keeping every decision', async () => {
    const id = await pendingItem();
    await call('POST', `/admin/items/${id}/decision`, admin, { decision: 'approve' });
    const noReason = await call('POST', `/admin/items/${id}/decision`, admin, { decision: 'disable' });
    expect(noReason.status).toBe(400);
    await call('POST', `/admin/items/${id}/decision`, admin, { decision: 'disable', reason: 'Reported as a scam.' });
    expect(await itemRow(id)).toMatchObject({ status: ITEM_STATUS.disabled, rejectReason: 'Reported as a scam.' });
    expect((await call('GET', `/items/${id}`)).status).toBe(404);
    await call('POST', `/admin/items/${id}/decision`, admin, { decision: 'enable' });
    expect(await itemRow(id)).toMatchObject({ status: ITEM_STATUS.active, rejectReason: null });
    expect((await decisions(id)).map((row) => [row.decision, row.reason, row.adminId])).toEqual([
      ['enable', null, adminId],
      ['disable', 'Reported as a scam.', adminId],
      ['approve', null, adminId],
    ]);
  });

  it('publishes a decision event through the service with who decided', async () => {
    const id = await pendingItem();
    const adminViewer = { userId: adminId, userName: 'Admin', photo: null, isAdmin: true, status: 1 };
    await expect(services.items.decide(adminViewer, id, 'reject', ' ')).rejects.toMatchObject({ status: 400 });
    await services.items.decide(adminViewer, id, 'reject', 'Wrong category');
    await services.items.decide(adminViewer, id, 'approve', null);
    await services.items.decide(adminViewer, id, 'disable', 'Duplicate listing');
    await services.items.decide(adminViewer, id, 'enable', null);
    const at = expect.stringMatching(/^\d{4}-\d\d-\d\dT/);
    expect(events.filter((event) => event.payload.itemId === id)).toEqual([
      { name: 'item.rejected', payload: { itemId: id, ownerId: OWNER_ID, adminId, at, reason: 'Wrong category' } },
      { name: 'item.approved', payload: { itemId: id, ownerId: OWNER_ID, adminId, at } },
      { name: 'item.disabled', payload: { itemId: id, ownerId: OWNER_ID, adminId, at, reason: 'Duplicate listing' } },
      { name: 'item.enabled', payload: { itemId: id, ownerId: OWNER_ID, adminId, at } },
    ]);
  });

  it('refuses malformed decisions and unknown items', async () => {
    const id = await pendingItem();
    expect((await call('POST', `/admin/items/${id}/decision`, admin, { decision: 'delete' })).status).toBe(400);
    expect((await call('POST', '/admin/items/not-an-id/decision', admin, { decision: 'approve' })).status).toBe(400);
    const unknown = await call('POST', '/admin/items/00000000-0000-4000-8000-000000000000/decision', admin, {
      decision: 'approve',
    });
    expect(unknown.status).toBe(404);
  });
});

describe('decisions in bulk', () => {
  it('decides each listing of a selection, skips one deleted meanwhile, and needs a reason to reject', async () => {
    const [first, second, third] = [await pendingItem(), await pendingItem(), await pendingItem()];
    await call('DELETE', `/items/${third}`, owner);
    const ids = [first, second, third] as string[];

    expect((await call('POST', '/admin/items/decisions', member, { item_ids: ids, decision: 'approve' })).status).toBe(
      403,
    );
    const noReason = await call('POST', '/admin/items/decisions', admin, { item_ids: ids, decision: 'reject' });
    expect(noReason.status).toBe(400);
    expect((await itemRow(first as string))?.status).toBe(ITEM_STATUS.pending);

    const rejected = await call('POST', '/admin/items/decisions', admin, {
      item_ids: ids,
      decision: 'reject',
      reason: 'Photos of another item.',
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data).toEqual({ decided: [first, second], skipped: [third] });
    for (const id of [first, second] as string[]) {
      expect(await itemRow(id)).toMatchObject({
        status: ITEM_STATUS.rejected,
        rejectReason: 'Photos of another item.',
      });
    }
    const tooMany = Array.from({ length: 51 }, () => first);
    expect(
      (await call('POST', '/admin/items/decisions', admin, { item_ids: tooMany, decision: 'approve' })).status,
    ).toBe(400);
    expect((await call('POST', '/admin/items/decisions', admin, { item_ids: [], decision: 'approve' })).status).toBe(
      400,
    );
  });
});
