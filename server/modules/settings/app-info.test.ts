import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appInfoSchema } from '../../../contract/app-info.ts';
import { appSettings, items } from '../../testing/tables.ts';
import { useTestApp } from '../../testing/use-test-app.ts';

const test = useTestApp({ users: [5, 6, 7, 8] });
const { db, call } = test;

const appInfo = async (query = '', token?: string) => {
  const answer = await call('GET', `/app-info${query}`, token);
  expect(answer.status, answer.body.message).toBe(200);
  return appInfoSchema.parse(answer.body.data);
};

describe('app info', () => {
  it('answers the version, settings and payment options, with public keys only', async () => {
    await db.update(appSettings).set({
      versionNo: '2.0',
      versionForceUpdate: true,
      stripeEnabled: true,
      stripePublishableKey: 'pk_test_public',
      paystackKey: 'pk_paystack_public',
    });
    const info = await appInfo();
    expect(info.version).toMatchObject({ version_no: '2.0', version_force_update: true });
    expect(info.app_setting.is_thumb2x_3x_generate).toBe(true);
    expect(info).toMatchObject({ stripe_enabled: true, stripe_publishable_key: 'pk_test_public' });
    expect(info.currency_short_form).toBe('SAR');
    expect(info.user_info.user_status).toBe('nologinuser');
    expect(JSON.stringify(info)).not.toMatch(/secret|sk_/i);
  });

  it('tells a signed-in client its account state; a stranger learns nothing of an active account', async () => {
    expect((await appInfo('', test.token(5))).user_info.user_status).toBe('active');
    expect((await appInfo('?user_id=demo-user-05')).user_info.user_status).toBe('nologinuser');
  });

  it('signs a banned account out at once: its state, its sessions ended and its cookie cleared', async () => {
    const token = test.token(6);
    const admin = await test.signIn('admin@souk.test', 'souk-admin-2026');
    expect((await call('POST', '/admin/users/demo-user-06/ban', admin)).status).toBe(200);
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/v1/app-info?user_id=demo-user-06',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.json().data.user_info.user_status).toBe('banned');
    expect(String(response.headers['set-cookie'])).toMatch(/souk\.session_token=;|souk\.session_token=\s*;|Max-Age=0/);
    expect((await call('GET', '/users/me', token)).status).toBe(401);
  });

  it('lists deleted listings and accounts since a date, once each', async () => {
    const since = new Date(Date.now() - 1000).toISOString();
    const [own] = await db
      .select({ id: items.id })
      .from(items)
      .where(and(eq(items.addedUserId, 'demo-user-08'), isNull(items.deletedAt)))
      .limit(1);
    const itemId = own?.id as string;
    expect((await call('DELETE', `/items/${itemId}`, test.token(8))).status).toBe(200);
    expect((await call('POST', '/users/me/deactivate', test.token(7))).status).toBe(200);
    await test.jobsDone();

    const info = await appInfo(`?start_date=${encodeURIComponent(since)}&user_id=demo-user-07`);
    expect(info.user_info.user_status).toBe('deleted');
    const deleted = info.delete_history.map((row) => `${row.type_name}:${row.type_id}`);
    expect(deleted).toEqual(expect.arrayContaining([`item:${itemId}`, 'user:demo-user-07']));
    expect(new Set(deleted).size).toBe(deleted.length);

    const before = await appInfo('?end_date=2020-01-01');
    expect(before.delete_history).toEqual([]);
    const legacyForm = await appInfo(`?start_date=${since.slice(0, 10)}%2000:00:00`);
    expect(legacyForm.delete_history.map((row) => row.type_id)).toContain(itemId);
  });

  it('refuses dates that name no moment, and a range that ends before it starts (400)', async () => {
    for (const query of [
      '?start_date=2026-02-30',
      '?start_date=yesterday',
      '?end_date=2026-11-29T25:00:00Z',
      '?start_date=2026-11-29&end_date=2026-11-01',
      '?user_id=%20',
    ]) {
      const answer = await call('GET', `/app-info${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.message, query).not.toMatch(/validation\./);
    }
  });
});
