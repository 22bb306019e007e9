import { eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { USER_STATUS } from '../../../contract/users.ts';
import { users } from '../../db/schema/index.ts';
import { createServices, type Services } from '../../services.ts';
import { createTestApp } from '../../testing/app.ts';

let services: Services;
let db: Awaited<ReturnType<typeof createTestApp>>['database']['db'];

beforeAll(async () => {
  const test = await createTestApp();
  db = test.database.db;
  services = createServices(db, test.config, pino({ level: 'silent' }), test.jobs);
});

async function counts(...ids: string[]) {
  const rows = await db
    .select({ id: users.id, followers: users.followerCount, following: users.followingCount })
    .from(users)
    .where(inArray(users.id, ids));
  return Object.fromEntries(rows.map(({ id, followers, following }) => [id, { followers, following }]));
}

describe('following', () => {
  it('counts followers and followings on the accounts once the follow is stored, and once only', async () => {
    const before = await counts('demo-user-01', 'demo-user-02');
    await services.social.follow({ userId: 'demo-user-01' }, 'demo-user-02');
    await services.social.follow({ userId: 'demo-user-01' }, 'demo-user-02');
    expect(await services.social.isFollowing('demo-user-01', 'demo-user-02')).toBe(true);
    expect(await counts('demo-user-01', 'demo-user-02')).toEqual({
      'demo-user-01': { ...before['demo-user-01'], following: (before['demo-user-01']?.following ?? 0) + 1 },
      'demo-user-02': { ...before['demo-user-02'], followers: (before['demo-user-02']?.followers ?? 0) + 1 },
    });
    const profile = await services.users.profile('demo-user-02', { userId: 'demo-user-01', isAdmin: false });
    expect(profile).toMatchObject({ is_followed: true, follower_count: (before['demo-user-02']?.followers ?? 0) + 1 });

    await services.social.unfollow({ userId: 'demo-user-01' }, 'demo-user-02');
    await services.social.unfollow({ userId: 'demo-user-01' }, 'demo-user-02');
    expect(await services.social.isFollowing('demo-user-01', 'demo-user-02')).toBe(false);
    expect(await counts('demo-user-01', 'demo-user-02')).toEqual(before);
  });

  it('refuses following oneself or an account others cannot see, and counts nothing', async () => {
    await db.update(users).set({ status: USER_STATUS.deactivated }).where(eq(users.id, 'demo-user-04'));
    const before = await counts('demo-user-03', 'demo-user-04');
    await expect(services.social.follow({ userId: 'demo-user-03' }, 'demo-user-03')).rejects.toMatchObject({
      status: 403,
    });
    await expect(services.social.follow({ userId: 'demo-user-03' }, 'demo-user-04')).rejects.toMatchObject({
      status: 404,
    });
    expect(await counts('demo-user-03', 'demo-user-04')).toEqual(before);
  });
});
