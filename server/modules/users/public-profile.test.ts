import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/use-test-app.ts';

const { app } = useTestApp();

async function signIn(email: string, password: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { user_email: email, user_password: password, privacy: 'on' },
  });
  expect(response.statusCode).toBe(200);
  return response.json().data.token as string;
}

async function profile(userId: string, token?: string) {
  const response = await app.inject({
    url: `/api/v1/users/${userId}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  expect(response.statusCode).toBe(200);
  return response.json().data as Record<string, unknown>;
}

describe('who runs the site stays private', () => {
  it('a public profile has neither user_is_sys_admin nor role_id, for visitors and other members', async () => {
    const member = await signIn('user02@souk.test', 'souk-demo-2026');
    for (const viewer of [undefined, member]) {
      const admin = await profile('demo-admin', viewer);
      expect(admin.user_name).toBe('Souk Admin');
      expect(admin).not.toHaveProperty('user_is_sys_admin');
      expect(admin).not.toHaveProperty('role_id');
    }
  });

  it('the owner and administrators still see them', async () => {
    const admin = await signIn('admin@souk.test', 'souk-admin-2026');
    expect(await profile('demo-admin', admin)).toMatchObject({ user_is_sys_admin: true, role_id: 2 });
    expect(await profile('demo-user-03', admin)).toMatchObject({ user_is_sys_admin: false, role_id: 1 });
  });
});
