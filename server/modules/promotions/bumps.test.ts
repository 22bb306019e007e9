import { and, asc, eq, gt, isNull, notExists, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ITEM_STATUS } from '../../../contract/items.ts';
import { ManualClock } from '../../kernel/clock.ts';
import type { ApiAnswer } from '../../testing/api-calls.ts';
import { draftUpload, entryReferences, validEntry } from '../../testing/item-entries.ts';
import { paymentRows } from '../../testing/payment-checks.ts';
import { appSettings, itemBumps, items, users } from '../../testing/tables.ts';
import { useTestApp } from '../../testing/use-test-app.ts';

const DAY_MS = 86_400_000;
const clock = new ManualClock();
const test = useTestApp({ users: [3, 4, 5, 6], admin: true, clock });
const { db, call, jobsDone } = test;

const userId = (n: number) => `demo-user-${String(n).padStart(2, '0')}`;
let offlineMethodId: number;

type Rules = Partial<typeof appSettings.$inferInsert>;
const FREE_ONLY: Rules = { bumpFreeDays: 7, bumpPrice: '0', memberFreeBumps: 0 };
const setRules = (rules: Rules) => db.update(appSettings).set(rules);

beforeAll(async () => {
  await setRules({ ...FREE_ONLY, isItemApprovalEnabled: false, listingsPerDay: 0 });
  const options = await call('GET', `/items/${await oldestItemOf(3)}/promotion-options`, test.token(3));
  offlineMethodId = (options.body.data.offline_methods as Array<{ id: number }>)[0]?.id ?? 0;
});

const idsIn = (answer: ApiAnswer) => (answer.body.data.items as Array<{ id: string }>).map((item) => item.id);
const newestOf = async (n: number) => idsIn(await call('GET', `/items?addedUserId=${userId(n)}&limit=100`));

/** The seller’s active, unsold listing last in "Latest" that was never bumped: a bump has the most to move it. */
async function oldestItemOf(n: number) {
  const [row] = await db
    .select({ id: items.id })
    .from(items)
    .where(
      and(
        eq(items.addedUserId, userId(n)),
        eq(items.status, ITEM_STATUS.active),
        eq(items.isSoldOut, false),
        isNull(items.deletedAt),
        notExists(db.select().from(itemBumps).where(eq(itemBumps.itemId, items.id))),
      ),
    )
    .orderBy(asc(items.addedDate))
    .limit(1);
  if (!row) throw new Error(`${userId(n)} has no listing left to bump`);
  return row.id;
}

const bump = (itemId: string, token = test.token(3), body: Record<string, unknown> = {}) =>
  call('POST', `/items/${itemId}/bump`, token, body);
const upkeep = async (itemId: string, token = test.token(3)) =>
  (await call('GET', `/items/${itemId}/upkeep`, token)).body.data;
const addedDateOf = async (itemId: string) =>
  (await db.select({ addedDate: items.addedDate }).from(items).where(eq(items.id, itemId)))[0]?.addedDate;
const bumpsOf = (itemId: string) =>
  db.select().from(itemBumps).where(eq(itemBumps.itemId, itemId)).orderBy(asc(itemBumps.id));

const payOffline = (itemId: string, extra: Record<string, unknown> = {}) =>
  bump(itemId, test.token(3), {
    payment_method: 'offline',
    offline_payment_id: offlineMethodId,
    offline_reference: 'TRX-2001',
    ...extra,
  });
const review = (paymentId: string, decision: 'approve' | 'reject') =>
  call('POST', `/admin/payments/${paymentId}/review`, test.adminToken, { decision, reason: 'No transfer arrived' });

async function usedFreeBump(itemId: string, token = test.token(3)) {
  const free = await bump(itemId, token);
  expect(free.status, free.body.message).toBe(200);
}

describe('free bumps', () => {
  it('move the listing first in newest-first lists, one per listing in each period', async () => {
    const itemId = await oldestItemOf(3);
    expect(await upkeep(itemId)).toMatchObject({ free_bump_days: 7, free_bumps_left: 1, bumped_at: null });
    const answer = await bump(itemId);
    expect(answer.status, answer.body.message).toBe(200);
    const bumpedAt = clock.now().toISOString();
    expect(answer.body.data).toMatchObject({
      bump: { item_id: itemId, kind: 'free', status: 'done', bumped_at: bumpedAt, payment_id: null },
      payment: null,
    });
    expect((await newestOf(3))[0]).toBe(itemId);
    expect(idsIn(await call('GET', '/items?limit=1'))).toEqual([itemId]);
    expect(await upkeep(itemId)).toMatchObject({
      bumped_at: bumpedAt,
      free_bumps_left: 0,
      next_free_bump_at: new Date(clock.now().getTime() + 7 * DAY_MS).toISOString(),
      methods: [],
    });

    const noneLeft = await bump(itemId);
    expect(noneLeft.status).toBe(409);
    expect(noneLeft.body.message).toBe(
      'This listing has used its free bump for this period. Try again when the period ends.',
    );
    await setRules({ bumpPrice: '5.00' });
    const needsPayment = await bump(itemId);
    expect(needsPayment.status).toBe(400);
    expect(needsPayment.body.message).toBe(
      'This listing has used its free bump for this period. Choose a way to pay for another one.',
    );
    const inApp = await bump(itemId, test.token(3), { payment_method: 'In_App_Purchase' });
    expect(inApp.status).toBe(400);
    await setRules(FREE_ONLY);
    expect(await bumpsOf(itemId)).toHaveLength(1);
  });

  it('come again when the period ends', async () => {
    const itemId = await oldestItemOf(3);
    await usedFreeBump(itemId);
    clock.advance(7 * DAY_MS - 60_000);
    expect((await bump(itemId)).status).toBe(409);
    clock.advance(120_000);
    expect(await upkeep(itemId)).toMatchObject({ free_bumps_left: 1, next_free_bump_at: null });
    const again = await bump(itemId);
    expect(again.status, again.body.message).toBe(200);
    expect(again.body.data.bump).toMatchObject({ kind: 'free', bumped_at: clock.now().toISOString() });
    expect(await addedDateOf(itemId)).toEqual(clock.now());
  });

  it('two at once make one', async () => {
    const itemId = await oldestItemOf(3);
    const answers = await Promise.all([bump(itemId), bump(itemId)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await bumpsOf(itemId)).toMatchObject([{ kind: 'free', status: 'done' }]);
  });

  it('a member has the operator’s number of them', async () => {
    await db
      .update(users)
      .set({ membershipExpiresAt: new Date(clock.now().getTime() + 30 * DAY_MS) })
      .where(eq(users.id, userId(5)));
    await setRules({ memberFreeBumps: 3 });
    const itemId = await oldestItemOf(5);
    expect((await upkeep(itemId, test.token(5))).free_bumps_left).toBe(3);
    for (let n = 0; n < 3; n++) expect((await bump(itemId, test.token(5))).status).toBe(200);
    expect((await bump(itemId, test.token(5))).status).toBe(409);
    expect((await upkeep(itemId, test.token(5))).free_bumps_left).toBe(0);
    // Only members: others still have one.
    expect((await upkeep(await oldestItemOf(3))).free_bumps_left).toBe(1);
    await setRules(FREE_ONLY);
  });
});

describe('paid bumps', () => {
  const paymentIdOf = (answer: ApiAnswer) => (answer.body.data.payment as { payment: { id: string } }).payment.id;

  it('are priced by the server and move the listing once an operator approves the transfer', async () => {
    await setRules({ bumpPrice: '5.00' });
    const itemId = await oldestItemOf(3);
    await usedFreeBump(itemId);
    clock.advance(60_000);
    expect(await upkeep(itemId)).toMatchObject({ bump_amount: '5.00', currency: 'SAR', methods: ['offline'] });
    const before = await addedDateOf(itemId);

    const started = await payOffline(itemId, { amount: '0.01', bump_amount: '0.01' });
    expect(started.status, started.body.message).toBe(200);
    expect(started.body.data.bump).toMatchObject({ kind: 'paid', status: 'waiting_approval', amount: '5.00' });
    expect(started.body.data.payment).toMatchObject({
      payment: { purpose: 'bump', amount: '5.00', currency: 'SAR', status: 'pending_review', item_id: itemId },
    });
    const paymentId = paymentIdOf(started);
    expect((await paymentRows(db).paymentRow(paymentId))?.amount).toMatch(/^5\.0+$/);
    await jobsDone();
    expect(await addedDateOf(itemId)).toEqual(before);

    clock.advance(60_000);
    expect((await review(paymentId, 'approve')).status).toBe(200);
    await jobsDone();
    const movedAt = clock.now();
    expect(await addedDateOf(itemId)).toEqual(movedAt);
    expect((await newestOf(3))[0]).toBe(itemId);
    expect((await bumpsOf(itemId)).at(-1)).toMatchObject({ kind: 'paid', status: 'done', bumpedAt: movedAt });

    clock.advance(60_000);
    expect((await review(paymentId, 'approve')).status).toBe(409);
    await jobsDone();
    expect(await addedDateOf(itemId)).toEqual(movedAt);
    expect(await bumpsOf(itemId)).toHaveLength(2);
    await setRules(FREE_ONLY);
  });

  it('a refused transfer cancels the bump and leaves the listing where it was', async () => {
    await setRules({ bumpPrice: '5.00' });
    const itemId = await oldestItemOf(3);
    await usedFreeBump(itemId);
    clock.advance(60_000);
    const before = await addedDateOf(itemId);
    const started = await payOffline(itemId);
    expect(started.status, started.body.message).toBe(200);
    const rejected = await review(paymentIdOf(started), 'reject');
    expect(rejected.body.data).toMatchObject({ status: 'failed' });
    await jobsDone();
    expect(await addedDateOf(itemId)).toEqual(before);
    expect((await bumpsOf(itemId)).at(-1)).toMatchObject({ kind: 'paid', status: 'cancelled', bumpedAt: null });
    await setRules(FREE_ONLY);
  });

  it('does not move a listing sold while its transfer waited', async () => {
    await setRules({ bumpPrice: '5.00' });
    const itemId = await oldestItemOf(3);
    await usedFreeBump(itemId);
    clock.advance(60_000);
    const before = await addedDateOf(itemId);
    const started = await payOffline(itemId);
    expect(started.status, started.body.message).toBe(200);
    expect((await call('POST', `/items/${itemId}/sold`, test.token(3), { is_sold_out: true })).status).toBe(200);
    expect((await review(paymentIdOf(started), 'approve')).status).toBe(200);
    await jobsDone();
    expect(await addedDateOf(itemId)).toEqual(before);
    expect((await bumpsOf(itemId)).at(-1)).toMatchObject({ kind: 'paid', status: 'cancelled', bumpedAt: null });
    expect((await call('POST', `/items/${itemId}/sold`, test.token(3), { is_sold_out: false })).status).toBe(200);
    await setRules(FREE_ONLY);
  });
});

describe('refusals', () => {
  it('keep another member’s and visitors’ hands off a listing', async () => {
    const itemId = await oldestItemOf(3);
    const before = await addedDateOf(itemId);
    expect((await call('GET', `/items/${itemId}/upkeep`, test.token(4))).status).toBe(404);
    expect((await bump(itemId, test.token(4))).status).toBe(404);
    expect((await call('GET', `/items/${itemId}/upkeep`)).status).toBe(401);
    expect((await call('POST', `/items/${itemId}/bump`)).status).toBe(401);
    expect((await bump('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect(await addedDateOf(itemId)).toEqual(before);
    expect(await bumpsOf(itemId)).toHaveLength(0);
  });

  it('refuse a sold listing, and every bump when the operator turned them off', async () => {
    const sold = await oldestItemOf(3);
    expect((await call('POST', `/items/${sold}/sold`, test.token(3), { is_sold_out: true })).status).toBe(200);
    const refused = await bump(sold);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Only an active listing that is not sold can be moved to the top.');

    await setRules({ bumpFreeDays: 0 });
    const off = await bump(await oldestItemOf(3));
    expect(off.status).toBe(409);
    expect(off.body.message).toBe('Moving listings to the top is not available at the moment.');
    await setRules(FREE_ONLY);
  });
});

describe('the daily posting limit', () => {
  it('counts listings when they were posted, not when they were bumped', async () => {
    const [recent] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(items)
      .where(and(eq(items.addedUserId, userId(6)), gt(items.addedDate, new Date(Date.now() - DAY_MS))));
    await setRules({ listingsPerDay: (recent?.count ?? 0) + 1 });
    await usedFreeBump(await oldestItemOf(6), test.token(6));
    const refs = await entryReferences(db);
    const post = async () =>
      (await call('POST', '/items', test.token(6), validEntry(refs, [await draftUpload(db, userId(6))]))).status;
    expect(await post()).toBe(201);
    expect(await post()).toBe(429);
    await setRules({ listingsPerDay: 0 });
  });
});
