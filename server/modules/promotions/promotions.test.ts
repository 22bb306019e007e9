import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../kernel/clock.ts';
import { paymentChecks } from '../../testing/payment-checks.ts';
import { coupons, paymentStatusChanges } from '../../testing/tables.ts';
import { useTestApp } from '../../testing/use-test-app.ts';

const DAY_MS = 86_400_000;
const clock = new ManualClock();
const test = useTestApp({ users: [3, 4], admin: true, clock });
const { call, db, jobs, jobsDone } = test;
const { activeItemsOf, requestPromotion, isPromoted, adOf, adsOfItem, paymentRow, refund } = paymentChecks(test);

let ownItems: string[];
let otherItems: string[];
let offlineMethodId: number;

beforeAll(async () => {
  ownItems = await activeItemsOf(3);
  otherItems = await activeItemsOf(4);
  const options = await call('GET', `/items/${ownItems[0]}/promotion-options`, test.token(3));
  offlineMethodId = (options.body.data.offline_methods as Array<{ id: number }>)[0]?.id ?? 0;
});

/** Runs the promotion clock job at the test clock's now. */
async function tick() {
  await jobs.enqueue('promotions.advance', {});
  await jobsDone();
}

/** A 7-day promotion from the test clock's now, paid by a transfer to the first offline method. */
function promoteOffline(itemId: string, extra: Record<string, unknown> = {}, user = 3) {
  const offline = { offline_payment_id: offlineMethodId, offline_reference: 'TRX-1001' };
  return requestPromotion('offline', itemId, { start_date: clock.now().toISOString(), ...offline, ...extra }, user);
}

const review = (paymentId: string, decision: 'approve' | 'reject', token = test.adminToken) =>
  call('POST', `/admin/payments/${paymentId}/review`, token, { decision, reason: 'No transfer arrived' });

describe('promotion options', () => {
  it('prices every package from the one-day price, and offers the methods that are on', async () => {
    const { status, body } = await call('GET', `/items/${ownItems[0]}/promotion-options`, test.token(3));
    expect(status).toBe(200);
    expect(body.data.packages).toEqual([
      { type: 1, days: 7, amount: '70.00', currency: 'SAR' },
      { type: 1, days: 14, amount: '140.00', currency: 'SAR' },
      { type: 1, days: 30, amount: '300.00', currency: 'SAR' },
      { type: 1, days: 60, amount: '600.00', currency: 'SAR' },
      { type: 2, days: 1, amount: '10.00', currency: 'SAR' },
    ]);
    expect(body.data.methods).toEqual(['offline']);
    expect(offlineMethodId).toBeGreaterThan(0);
  });

  it('is the owner’s alone', async () => {
    expect((await call('GET', `/items/${ownItems[0]}/promotion-options`, test.token(4))).status).toBe(404);
    expect((await call('GET', `/items/${ownItems[0]}/promotion-options`)).status).toBe(401);
  });
});

describe('promoting with an offline payment', () => {
  it('refuses a start in the past, a package that does not exist and a method that is off', async () => {
    const past = await promoteOffline(ownItems[1] as string, {
      start_date: new Date(clock.now().getTime() - DAY_MS).toISOString(),
    });
    expect(past.status).toBe(400);
    expect(past.body.message).toBe('Your selected date is invalid.');
    expect((await promoteOffline(ownItems[1] as string, { days: 5 })).status).toBe(400);
    const stripe = await promoteOffline(ownItems[1] as string, { payment_method: 'stripe' });
    expect(stripe.status).toBe(400);
    expect(stripe.body.message).toBe('This payment method is not available.');
    expect((await promoteOffline(ownItems[1] as string, { offline_payment_id: 999_999 })).status).toBe(400);
    const ads = await adsOfItem(ownItems[1] as string);
    expect(ads).toHaveLength(0);
  });

  it('another person’s listing cannot be promoted', async () => {
    const answer = await call('POST', '/paid-items', test.token(4), {
      item_id: ownItems[1],
      days: 7,
      start_date: clock.now().toISOString(),
      payment_method: 'offline',
      offline_payment_id: offlineMethodId,
    });
    expect(answer.status).toBe(404);
  });

  it('waits for an operator, then runs from its start to its end by the clock', async () => {
    const itemId = ownItems[0] as string;
    const started = await promoteOffline(itemId, { amount: '0.01', idempotency_key: 'first-try-0001' });
    expect(started.status).toBe(200);
    const payment = started.body.data.payment as { payment: { id: string; amount: string; status: string } };
    expect(payment.payment).toMatchObject({ amount: '70.00', status: 'pending_review' });
    expect(started.body.data.paid_ad).toMatchObject({ state: 'waiting_approval', package_days: 7 });

    const again = await promoteOffline(itemId, { idempotency_key: 'first-try-0001' });
    expect((again.body.data.payment as typeof payment).payment.id).toBe(payment.payment.id);
    expect(await adsOfItem(itemId)).toHaveLength(1);

    const overlapping = await promoteOffline(itemId, {
      start_date: new Date(clock.now().getTime() + DAY_MS).toISOString(),
    });
    expect(overlapping.status).toBe(409);
    expect(overlapping.body.message).toMatch(/already promoted until/);

    expect((await review(payment.payment.id, 'approve', test.token(4))).status).toBe(403);
    expect((await review(payment.payment.id, 'approve')).status).toBe(200);
    expect((await review(payment.payment.id, 'approve')).status).toBe(409);
    await jobsDone();
    expect(await isPromoted(itemId)).toBe(true);
    const list = await call('GET', '/paid-items', test.token(3));
    expect((list.body.data.items as Array<{ state: string; paid_status: string }>)[0]).toMatchObject({
      state: 'in_progress',
      paid_status: 'Progress',
    });
    const onlyPaid = await call('GET', '/items?isPaid=only_paid_item&limit=100');
    expect((onlyPaid.body.data.items as Array<{ id: string }>).map((item) => item.id)).toContain(itemId);

    clock.advance(7 * DAY_MS + 60_000);
    await tick();
    expect(await isPromoted(itemId)).toBe(false);
    const after = await call('GET', '/paid-items', test.token(3));
    expect((after.body.data.items as Array<{ state: string }>)[0]?.state).toBe('completed');
  });

  it('starts a promotion booked for later only when its start comes', async () => {
    const itemId = ownItems[2] as string;
    const start = new Date(clock.now().getTime() + 2 * DAY_MS);
    const started = await promoteOffline(itemId, { start_date: start.toISOString(), days: 1 });
    const paymentId = (started.body.data.payment as { payment: { id: string } }).payment.id;
    await review(paymentId, 'approve');
    await jobsDone();
    expect(await isPromoted(itemId)).toBe(false);
    clock.set(new Date(start.getTime() + 1000));
    await tick();
    expect(await isPromoted(itemId)).toBe(true);
    clock.advance(DAY_MS);
    await tick();
    expect(await isPromoted(itemId)).toBe(false);
  });

  it('a rejected payment starts nothing, and says why', async () => {
    const itemId = ownItems[3] as string;
    const started = await promoteOffline(itemId);
    const paymentId = (started.body.data.payment as { payment: { id: string } }).payment.id;
    const rejected = await review(paymentId, 'reject');
    expect(rejected.body.data).toMatchObject({ status: 'failed', failure_reason: 'No transfer arrived' });
    await jobsDone();
    expect(await isPromoted(itemId)).toBe(false);
    const ad = await adOf(paymentId);
    expect(ad?.status).toBe('rejected');
  });

  it('a refund ends a running promotion, and every change of the payment is recorded', async () => {
    const itemId = ownItems[4] as string;
    const started = await promoteOffline(itemId);
    const paymentId = (started.body.data.payment as { payment: { id: string } }).payment.id;
    await review(paymentId, 'approve');
    await jobsDone();
    expect(await isPromoted(itemId)).toBe(true);
    expect((await refund(paymentId, test.token(3))).status).toBe(403);
    const refunded = await refund(paymentId);
    expect(refunded.body.data).toMatchObject({ status: 'refunded' });
    await jobsDone();
    expect(await isPromoted(itemId)).toBe(false);
    const changes = await db
      .select({
        from: paymentStatusChanges.fromStatus,
        to: paymentStatusChanges.toStatus,
        source: paymentStatusChanges.source,
      })
      .from(paymentStatusChanges)
      .where(eq(paymentStatusChanges.paymentId, paymentId))
      .orderBy(asc(paymentStatusChanges.id));
    expect(changes).toEqual([
      { from: null, to: 'pending_review', source: 'payer' },
      { from: 'pending_review', to: 'succeeded', source: 'operator' },
      { from: 'succeeded', to: 'refunded', source: 'operator' },
    ]);
    // The operator's two decisions are in the audit log too, with the payment's state before and after.
    const audit = await call('GET', `/admin/audit?subject_type=payment&subject_id=${paymentId}`, test.adminToken);
    const entries = (audit.body.data.items as Array<Record<string, unknown>>).map(({ action, before, after }) => ({
      action,
      before,
      after,
    }));
    expect(entries).toEqual([
      { action: 'payment.refund', before: { status: 'succeeded' }, after: { status: 'refunded' } },
      { action: 'payment.approve', before: { status: 'pending_review' }, after: { status: 'succeeded' } },
    ]);
  });

  it('lists the payer’s payments and shows one as a receipt, to the payer alone', async () => {
    const list = await call('GET', '/payments', test.token(3));
    const first = (list.body.data.items as Array<{ id: string; item_title: string | null }>)[0];
    expect(first?.item_title).toBeTruthy();
    expect((await call('GET', `/payments/${first?.id}`, test.token(3))).status).toBe(200);
    expect((await call('GET', `/payments/${first?.id}`, test.token(4))).status).toBe(404);
    const row = await paymentRow(first?.id ?? '');
    expect(row?.userId).toBe('demo-user-03');
  });

  it('lists the transfers waiting for an operator in the console, oldest first, to administrators alone', async () => {
    const started = await promoteOffline(otherItems[2] as string, {}, 4);
    const paymentId = (started.body.data.payment as { payment: { id: string } }).payment.id;
    const waiting = await call('GET', '/admin/payments?status=pending_review&limit=100', test.adminToken);
    expect(waiting.status).toBe(200);
    const items = waiting.body.data.items as Array<{ id: string; status: string; user_id: string; added_date: string }>;
    expect(items.find((payment) => payment.id === paymentId)).toMatchObject({ user_id: 'demo-user-04' });
    expect(items.every((payment) => payment.status === 'pending_review')).toBe(true);
    const dates = items.map((payment) => payment.added_date);
    expect(dates).toEqual([...dates].sort());
    const all = await call('GET', '/admin/payments?status=all', test.adminToken);
    expect((all.body.data.items as unknown[]).length).toBeGreaterThanOrEqual(items.length);
    expect((await call('GET', '/admin/payments', test.token(3))).status).toBe(403);
    expect((await call('GET', '/admin/payments')).status).toBe(401);
    expect((await call('GET', '/admin/payments?status=paid', test.adminToken)).status).toBe(400);
  });
});

describe('coupons', () => {
  const paymentOf = (answer: Awaited<ReturnType<typeof promoteOffline>>) =>
    (answer.body.data.payment as { payment: { id: string; amount: string; status: string; list_amount: string } })
      .payment;

  beforeAll(async () => {
    await db.insert(coupons).values([
      { code: 'SAVE10', discountPercent: '10', maxUsesPerUser: 1 },
      { code: 'LAST-ONE', discountAmount: '20', currency: 'SAR', maxUses: 1 },
      { code: 'FREE', discountPercent: '100' },
      { code: 'OLD', discountPercent: '50', validUntil: new Date(Date.now() - DAY_MS) },
    ]);
  });

  it('says what a coupon takes off a package, and why one cannot be used', async () => {
    const checked = await call('POST', '/coupons/check', test.token(3), { coupon_code: 'save10', days: 7 });
    expect(checked.body.data).toEqual({ coupon_code: 'SAVE10', discount: '7.00', amount: '63.00', currency: 'SAR' });
    const old = await call('POST', '/coupons/check', test.token(3), { coupon_code: 'OLD', days: 7 });
    expect(old.status).toBe(400);
    expect(old.body.message).toBe('This coupon has expired.');
    expect((await call('POST', '/coupons/check', test.token(3), { coupon_code: 'NOPE', days: 7 })).status).toBe(400);
  });

  it('takes the discount off the payment, once per person where the coupon says so', async () => {
    const paid = await promoteOffline(ownItems[5] as string, { coupon_code: 'SAVE10' });
    expect(paymentOf(paid)).toMatchObject({ amount: '63.00', list_amount: '70.00' });
    expect(paid.body.data.paid_ad).toMatchObject({ amount: '63.00', currency: 'SAR' });
    const again = await promoteOffline(ownItems[6] as string, { coupon_code: 'SAVE10' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('You have already used this coupon.');
  });

  it('lets one of two payers racing for a coupon’s last use have it', async () => {
    const [first, second] = await Promise.all([
      promoteOffline(ownItems[7] as string, { coupon_code: 'LAST-ONE' }),
      promoteOffline(otherItems[0] as string, { coupon_code: 'LAST-ONE' }, 4),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 400]);
    const [row] = await db.select().from(coupons).where(eq(coupons.code, 'LAST-ONE'));
    expect(row?.usedCount).toBe(1);
    const winner = first.status === 200 ? first : second;
    expect(paymentOf(winner).amount).toBe('50.00');
    // A rejected payment gives the use back.
    await review(paymentOf(winner).id, 'reject');
    await jobsDone();
    const [after] = await db.select().from(coupons).where(eq(coupons.code, 'LAST-ONE'));
    expect(after?.usedCount).toBe(0);
  });

  it('a payment a coupon makes free is paid at once, and its promotion runs', async () => {
    const itemId = otherItems[1] as string;
    const free = await promoteOffline(itemId, { coupon_code: 'FREE' }, 4);
    expect(paymentOf(free)).toMatchObject({ amount: '0.00', status: 'succeeded' });
    await jobsDone();
    expect(await isPromoted(itemId)).toBe(true);
  });
});
