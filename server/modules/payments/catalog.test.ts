import { beforeAll, describe, expect, it } from 'vitest';
import { paymentChecks } from '../../testing/payment-checks.ts';
import { useTestApp } from '../../testing/use-test-app.ts';

/**
 * Issue 24, the console's money lists: coupons and offline payment methods an operator adds and changes, which
 * payers meet at once; each change in the audit log.
 */

const test = useTestApp({ users: [3], admin: true });
const { call, jobsDone } = test;
const { activeItemsOf, requestPromotion } = paymentChecks(test);

let itemId: string;
beforeAll(async () => {
  [itemId = ''] = await activeItemsOf(3);
});

async function auditOf(subjectId: string) {
  await jobsDone();
  const answer = await call('GET', `/admin/audit?subject_id=${encodeURIComponent(subjectId)}`, test.adminToken);
  return answer.body.data.items as Array<{ action: string; before: unknown; after: Record<string, unknown> }>;
}

const checkCoupon = (code: string) => call('POST', '/coupons/check', test.token(3), { coupon_code: code, days: 7 });
const saveCoupon = (fields: Record<string, unknown>, couponId?: number) =>
  call('POST', `/admin/coupons${couponId ? `/${couponId}` : ''}`, test.adminToken, fields);

describe('coupons in the console', () => {
  it('adds a coupon payers can use at once, switches it off, and keeps both in the audit log', async () => {
    const created = await saveCoupon({ code: 'spring25', kind: 'percent', discount_percent: '25', is_published: true });
    expect(created.status).toBe(201);
    const coupon = created.body.data as { id: number; code: string };
    expect(created.body.data).toMatchObject({ code: 'SPRING25', kind: 'percent', used_count: 0, is_published: true });
    expect((await checkCoupon('spring25')).body.data).toMatchObject({ discount: '17.50', amount: '52.50' });

    const off = await saveCoupon({ code: 'SPRING25', kind: 'percent', discount_percent: '25' }, coupon.id);
    expect(off.status).toBe(200);
    expect((await checkCoupon('SPRING25')).status).toBe(400);

    const listed = await call('GET', '/admin/coupons', test.adminToken);
    expect(listed.body.data).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'SPRING25' })]));
    const [update, create] = await auditOf(`coupon:${coupon.id}`);
    expect(create).toMatchObject({ action: 'coupon.create', before: null, after: { is_published: true } });
    expect(update).toMatchObject({ action: 'coupon.update', before: { is_published: true } });
    expect(update?.after).toMatchObject({ is_published: false });
  });

  it('takes an amount off in its currency, valid from the first UTC day through the last', async () => {
    const created = await saveCoupon({
      ...{ code: 'NEXT-YEAR', kind: 'amount', discount_amount: '15', currency: 'sar' },
      ...{ valid_from: '2099-01-01', valid_until: '2099-01-31', max_uses: '50', max_uses_per_user: '1' },
      is_published: 'on',
    });
    expect(created.body.data).toMatchObject({
      ...{ currency: 'SAR', discount_percent: '0.00', discount_amount: '15.00', max_uses: 50, max_uses_per_user: 1 },
      ...{ valid_from: '2099-01-01T00:00:00.000Z', valid_until: '2099-02-01T00:00:00.000Z' },
    });
    expect((await checkCoupon('NEXT-YEAR')).body.message).toBe('This coupon cannot be used yet.');
  });

  it('refuses a taken code (409) and a coupon that does not add up (400), saving nothing', async () => {
    await saveCoupon({ code: 'TAKEN', kind: 'percent', discount_percent: '5', is_published: true });
    const taken = await saveCoupon({ code: 'taken', kind: 'percent', discount_percent: '5' });
    expect(taken.status).toBe(409);
    const refusals = [
      { code: 'no spaces', kind: 'percent', discount_percent: '5' },
      { code: 'HALF', kind: 'percent', discount_percent: '150' },
      { code: 'HALF', kind: 'percent', discount_percent: '0' },
      { code: 'HALF', kind: 'amount', discount_amount: '10' },
      { code: 'HALF', kind: 'amount', discount_amount: '-1', currency: 'SAR' },
      { code: 'HALF', kind: 'percent', discount_percent: '5', valid_from: '2099-02-01', valid_until: '2099-01-01' },
      { code: 'HALF', kind: 'percent', discount_percent: '5', valid_from: '1 March' },
      { code: 'HALF', kind: 'percent', discount_percent: '5', max_uses: '0' },
      { code: 'HALF', kind: 'free', discount_percent: '5' },
    ];
    for (const fields of refusals) expect((await saveCoupon(fields)).status, JSON.stringify(fields)).toBe(400);
    expect((await saveCoupon({ code: 'HALF', kind: 'percent', discount_percent: '5' }, 999_999)).status).toBe(404);
    const listed = (await call('GET', '/admin/coupons', test.adminToken)).body.data as unknown as Array<{
      code: string;
    }>;
    const codes = listed.map((coupon) => coupon.code);
    expect(codes).not.toContain('HALF');
  });
});

describe('offline payment methods in the console', () => {
  const offered = async () => {
    const options = await call('GET', `/items/${itemId}/promotion-options`, test.token(3));
    expect(options.status, options.body.message).toBe(200);
    return (options.body.data.offline_methods as Array<{ title: string; description: string }>).map(
      (method) => method.title,
    );
  };
  const method = {
    ...{ 'titles.ar': 'حوالة بنك الأهلي', 'titles.en': 'SNB transfer' },
    ...{ 'descriptions.ar': 'حوّل إلى الحساب SA00 0000', 'descriptions.en': 'Pay into SA00 0000' },
  };

  it('adds a method payers are offered at once, hides it, and keeps both in the audit log', async () => {
    const created = await call('POST', '/admin/offline-payment-methods', test.adminToken, {
      titles: { ar: method['titles.ar'], en: method['titles.en'] },
      descriptions: { ar: method['descriptions.ar'], en: method['descriptions.en'] },
      icon: 'banknote',
      ordering: 5,
      is_published: true,
    });
    expect(created.status).toBe(201);
    const saved = created.body.data as { id: number };
    expect(created.body.data).toMatchObject({ icon: 'banknote', ordering: 5, is_published: true });
    expect(await offered()).toContain('SNB transfer');

    const hidden = await call('POST', `/admin/offline-payment-methods/${saved.id}`, test.adminToken, {
      titles: { ar: method['titles.ar'], en: method['titles.en'] },
      descriptions: { ar: method['descriptions.ar'], en: method['descriptions.en'] },
      is_published: false,
    });
    expect(hidden.body.data).toMatchObject({ icon: 'landmark', is_published: false });
    expect(await offered()).not.toContain('SNB transfer');
    const actions = (await auditOf(`offline-method:${saved.id}`)).map((entry) => entry.action);
    expect(actions).toEqual(['offline_method.update', 'offline_method.create']);
  });

  it('needs Arabic and English words and a known picture', async () => {
    const save = (body: Record<string, unknown>) =>
      call('POST', '/admin/offline-payment-methods', test.adminToken, body);
    const words = { titles: { ar: 'نقدا', en: 'Cash' }, descriptions: { ar: 'في المكتب', en: 'At the office' } };
    expect((await save({ ...words, titles: { ar: 'نقدا' } })).status).toBe(400);
    expect((await save({ ...words, descriptions: { en: 'At the office' } })).status).toBe(400);
    expect((await save({ ...words, icon: 'skull' })).status).toBe(400);
    expect((await call('GET', '/admin/offline-payment-methods/999999', test.adminToken)).status).toBe(404);
  });
});

describe('paid ads in the console', () => {
  it('lists every paid ad with its buyer, or those running, to administrators only', async () => {
    const options = await call('GET', `/items/${itemId}/promotion-options`, test.token(3));
    const [firstMethod] = options.body.data.offline_methods as Array<{ id: number }>;
    const booked = await requestPromotion('offline', itemId, { offline_payment_id: firstMethod?.id });
    expect(booked.status, booked.body.message).toBe(200);
    const all = await call('GET', '/admin/paid-ads?status=all', test.adminToken);
    const [latest] = all.body.data.items as unknown[];
    expect(latest).toMatchObject({
      ...{ item_id: itemId, user_id: 'demo-user-03', state: 'waiting_approval', package_days: 7 },
      payment_method: 'offline',
    });
    const running = await call('GET', '/admin/paid-ads', test.adminToken);
    expect(running.body.data.items).toEqual([]);
    expect((await call('GET', '/admin/paid-ads?status=some', test.adminToken)).status).toBe(400);
    expect((await call('GET', '/admin/paid-ads', test.token(3))).status).toBe(403);
  });
});

describe('payment methods in the console', () => {
  it('says which methods have their keys on the server and which payers are offered, never a key', async () => {
    const answer = await call('GET', '/admin/payment-methods', test.adminToken);
    expect(answer.status).toBe(200);
    const states = answer.body.data as unknown as Array<Record<string, unknown>>;
    expect(states).toContainEqual({ method: 'offline', keys_set: true, offered: true });
    expect(states).toContainEqual({ method: 'stripe', keys_set: false, offered: false });
    expect(states.every((state) => Object.keys(state).length === 3)).toBe(true);
    expect((await call('GET', '/admin/payment-methods', test.token(3))).status).toBe(403);
  });
});
