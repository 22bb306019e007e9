import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ROLE, USER_STATUS } from '../../../contract/users.ts';
import { users } from '../../testing/tables.ts';
import { useTestApp } from '../../testing/use-test-app.ts';

type Answer = { status: number; body: { message: string; data: Record<string, unknown> } };

const { app, db } = useTestApp();

async function call(method: 'GET' | 'POST', url: string, token?: string): Promise<Answer> {
  const response = await app.inject({
    method,
    url: `/api/v1${url}?lang=en`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.statusCode, body: response.json() };
}

async function signIn(email: string, password = 'souk-demo-2026') {
  const answer = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login?lang=en',
    payload: { user_email: email, user_password: password, privacy: 'on' },
  });
  if (answer.statusCode !== 200) throw new Error(`sign-in failed: ${answer.body}`);
  return answer.json().data.token as string;
}

const row = async (id: string) => (await db.select().from(users).where(eq(users.id, id)))[0];

describe('administration of accounts', () => {
  it('lets only administrators ban, unban, verify, reject and unpublish, each with its effect', async () => {
    const member = await signIn('user05@souk.test');
    const refused = await call('POST', '/admin/users/demo-user-04/ban', member);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You are not allowed to do this.');
    expect((await row('demo-user-04'))?.isBanned).toBe(false);

    const admin = await signIn('admin@souk.test', 'souk-admin-2026');
    const target = await signIn('user04@souk.test');
    expect((await call('POST', '/admin/users/demo-user-04/ban', admin)).body.message).toBe(
      'The account has been banned.',
    );
    expect((await call('GET', '/auth/session', target)).body.data.user_id).toBe('nologinuser');
    expect((await call('GET', '/users/demo-user-04')).status).toBe(404);
    await call('POST', '/admin/users/demo-user-04/unban', admin);
    const back = await signIn('user04@souk.test');

    await call('POST', '/admin/users/demo-user-04/unpublish', admin);
    expect((await call('GET', '/users/demo-user-04')).status).toBe(404);
    expect((await call('GET', '/users/me', back)).body.data.status).toBe(USER_STATUS.unpublished);

    await call('POST', '/admin/users/demo-user-04/reject', admin);
    expect((await call('GET', '/users/me', back)).body.data.status).toBe(USER_STATUS.rejected);

    const verified = await call('POST', '/admin/users/demo-user-04/verify', admin);
    expect(verified.body.data).toMatchObject({ status: USER_STATUS.active, is_verify_blue_mark: true });
    expect((await call('GET', '/users/demo-user-04')).status).toBe(200);
  });

  it('counts the admin role as an administrator, and not the moderator role', async () => {
    await db.update(users).set({ roleId: ROLE.moderator }).where(eq(users.id, 'demo-user-08'));
    await db.update(users).set({ roleId: ROLE.admin }).where(eq(users.id, 'demo-user-03'));
    const moderator = await signIn('user08@souk.test');
    expect((await call('POST', '/admin/users/demo-user-02/unpublish', moderator)).status).toBe(403);
    const roleAdmin = await signIn('user03@souk.test');
    expect((await call('POST', '/admin/users/demo-user-02/unpublish', roleAdmin)).status).toBe(200);
    expect((await row('demo-user-02'))?.status).toBe(USER_STATUS.unpublished);
  });
});

describe('limits of an administrator', () => {
  it('refuses decisions on their own account, and anything but ban and unban on a deactivated one', async () => {
    const admin = await signIn('admin@souk.test', 'souk-admin-2026');
    const adminId = (await call('GET', '/auth/session', admin)).body.data.user_id as string;
    const own = await call('POST', `/admin/users/${adminId}/unpublish`, admin);
    expect(own.status).toBe(400);
    expect(own.body.message).toBe('Administrators cannot change their own account this way.');

    await db.update(users).set({ status: USER_STATUS.deactivated }).where(eq(users.id, 'demo-user-09'));
    expect((await call('POST', '/admin/users/demo-user-09/verify', admin)).status).toBe(409);
    expect((await row('demo-user-09'))?.status).toBe(USER_STATUS.deactivated);
    expect((await call('POST', '/admin/users/demo-user-09/ban', admin)).status).toBe(200);
    expect((await row('demo-user-09'))?.isBanned).toBe(true);
    expect((await call('POST', '/admin/users/no-such-user/ban', admin)).status).toBe(404);
  });
});
