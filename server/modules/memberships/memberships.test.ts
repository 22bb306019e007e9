import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appSettings, memberships, users } from '../../testing/tables.ts';
import { useTestApp } from '../../testing/use-test-app.ts';

const DAY_MS = 86_400_000;
const test = useTestApp({ users: [5, 6], admin: true });
const { call, db, jobsDone } = test;
let offlineMethodId: number;

beforeAll(async () => {
  const options = await call('GET', '/membership', test.token(5));
  offlineMethodId = (options.body.data.offline_methods as Array<{ id: number }>)[0]?.id ?? 0;
});

async function buyOffline(user = 5) {
  const answer = await call('POST', '/membership', test.token(user), {
    payment_method: 'offline',
    offline_payment_id: offlineMethodId,
    offline_reference: 'MEM-1',
    amount: '1.00',
  });
  expect(answer.status, answer.body.message).toBe(200);
  return answer.body.data as { membership: { status: string }; payment: { payment: { id: string; amount: string } } };
}

const approve = async (paymentId: string) => {
  const answer = await call('POST', `/admin/payments/${paymentId}/review`, test.adminToken, { decision: 'approve' });
  expect(answer.status, answer.body.message).toBe(200);
  await jobsDone();
};
const memberUntil = async (userId: string) =>
  (await db.select({ until: users.membershipExpiresAt }).from(users).where(eq(users.id, userId)))[0]?.until;

describe('membership', () => {
  it('is offered at the settings’ price and days', async () => {
    const { body } = await call('GET', '/membership', test.token(5));
    expect(body.data).toMatchObject({
      days: 30,
      amount: '49.00',
      currency: 'SAR',
      methods: ['offline'],
      member_until: null,
    });
    expect((await call('GET', '/membership')).status).toBe(401);
  });

  it('starts once its payment is approved, shows the badge, and a second one adds its days after the first', async () => {
    const first = await buyOffline();
    expect(first.membership.status).toBe('pending');
    expect(first.payment.payment.amount).toBe('49.00');
    expect(await memberUntil('demo-user-05')).toBeNull();
    await approve(first.payment.payment.id);
    const firstEnd = (await memberUntil('demo-user-05')) as Date;
    expect(firstEnd.getTime()).toBeGreaterThan(Date.now() + 29 * DAY_MS);
    const profile = await call('GET', '/users/demo-user-05');
    expect(profile.body.data).toMatchObject({ is_member: true, member_until: firstEnd.toISOString() });

    const second = await buyOffline();
    await approve(second.payment.payment.id);
    expect(((await memberUntil('demo-user-05')) as Date).getTime()).toBe(firstEnd.getTime() + 30 * DAY_MS);

    const refunded = await call('POST', `/admin/payments/${second.payment.payment.id}/refund`, test.adminToken);
    expect(refunded.body.data).toMatchObject({ status: 'refunded' });
    await jobsDone();
    expect((await memberUntil('demo-user-05'))?.getTime()).toBe(firstEnd.getTime());
    const history = await call('GET', '/membership/history', test.token(5));
    expect((history.body.data as unknown as Array<{ status: string }>).map((entry) => entry.status)).toEqual([
      'refunded',
      'active',
    ]);
  });

  it('a rejected payment starts nothing', async () => {
    const bought = await buyOffline(6);
    await call('POST', `/admin/payments/${bought.payment.payment.id}/review`, test.adminToken, { decision: 'reject' });
    await jobsDone();
    expect(await memberUntil('demo-user-06')).toBeNull();
    const [row] = await db.select().from(memberships).where(eq(memberships.userId, 'demo-user-06'));
    expect(row?.status).toBe('cancelled');
  });

  it('lets one account start a few payments an hour, no more', async () => {
    const attempts = [];
    for (let attempt = 0; attempt < 31; attempt++)
      attempts.push(
        await call('POST', '/membership', test.token(6), { payment_method: 'offline', offline_payment_id: 999_999 }),
      );
    expect(attempts.filter((answer) => answer.status === 429).length).toBeGreaterThan(0);
    expect(attempts.every((answer) => answer.status === 400 || answer.status === 429)).toBe(true);
  });

  it('is not on sale when the operator gives it no price', async () => {
    await db.update(appSettings).set({ membershipAmount: '0' });
    const answer = await call('POST', '/membership', test.token(6), {
      payment_method: 'offline',
      offline_payment_id: offlineMethodId,
    });
    expect(answer.status).toBe(409);
    await db.update(appSettings).set({ membershipAmount: '49' });
  });
});
