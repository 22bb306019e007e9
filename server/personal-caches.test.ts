import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from './app.ts';
import { apiCalls } from './testing/api-calls.ts';
import { type RecordedQuery, recordQueries } from './testing/query-recorder.ts';
import { users } from './testing/tables.ts';
import { useTestApp } from './testing/use-test-app.ts';

/**
 * Sessions and first pages of notices kept in each process (docs/decisions/0023), on two instances of one
 * database: kept answers ask the database nothing, and whatever changes them, however it is written, is
 * never answered from memory after the instance that wrote it answered, nor for long on the other.
 */
const test = useTestApp({ env: { PERSONAL_CACHE_SECONDS: '60' }, users: [2, 3, 4, 5, 6, 7], admin: true });
const { call, db } = test;
let other: FastifyInstance;
let callOther: ReturnType<typeof apiCalls>['call'];
let queries: RecordedQuery[];

beforeAll(async () => {
  other = await buildApp({ config: test.config, database: test.database, jobs: test.jobs, web: false });
  callOther = apiCalls(other).call;
  queries = recordQueries();
});
afterAll(() => other?.close());

const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 10_000, interval: 20 });

/** The queries `act` sends that read one of these tables. */
async function queriesOf(act: () => Promise<unknown>, tables: string[]) {
  const before = queries.length;
  await act();
  return queries.slice(before).filter(({ text }) => tables.some((table) => text.includes(`"${table}"`)));
}

const titles = async (answer: Promise<{ body: { data: Record<string, unknown> } }>) =>
  ((await answer).body.data.items as Array<{ title: string; is_read: boolean }>).map(({ title }) => title);

describe('a kept session', () => {
  it('answers again without asking the database', async () => {
    await call('GET', '/users/me', test.token(2));
    const sent = await queriesOf(() => call('GET', '/notifications/unread-count', test.token(2)), ['sessions']);
    expect(sent).toEqual([]);
  });

  it('ends with a ban at once on the banning instance and soon on the other', async () => {
    const token = test.token(3);
    expect((await call('GET', '/users/me', token)).status).toBe(200);
    expect((await callOther('GET', '/users/me', token)).status).toBe(200);
    expect((await call('POST', '/admin/users/demo-user-03/ban', test.adminToken)).status).toBe(200);
    expect((await call('GET', '/users/me', token)).status).toBe(401);
    await eventually(async () => expect((await callOther('GET', '/users/me', token)).status).toBe(401));
  });

  it('ends with a sign-out at once on that instance and soon on the other', async () => {
    const token = test.token(4);
    expect((await callOther('GET', '/users/me', token)).status).toBe(200);
    expect((await call('GET', '/users/me', token)).status).toBe(200);
    expect((await call('POST', '/auth/logout', token)).status).toBe(200);
    expect((await call('GET', '/users/me', token)).status).toBe(401);
    await eventually(async () => expect((await callOther('GET', '/users/me', token)).status).toBe(401));
  });

  it('ends when an operator bans the account by SQL, on every instance', async () => {
    const token = test.token(5);
    expect((await call('GET', '/users/me', token)).status).toBe(200);
    expect((await callOther('GET', '/users/me', token)).status).toBe(200);
    await db.update(users).set({ isBanned: true }).where(eq(users.id, 'demo-user-05'));
    await eventually(async () => expect((await call('GET', '/users/me', token)).status).toBe(401));
    await eventually(async () => expect((await callOther('GET', '/users/me', token)).status).toBe(401));
  });

  it('is forgotten when the notices stop, and kept again once they resume', async () => {
    const token = test.token(6);
    expect((await call('GET', '/users/me', token)).status).toBe(200);
    const listeners = () =>
      db.execute<{ pid: number }>(
        sql`select pid from pg_stat_activity where datname = current_database() and query = 'LISTEN souk_changes'`,
      );
    const before = (await listeners()).rows.map(({ pid }) => pid);
    expect(before).toHaveLength(2);
    await db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'LISTEN souk_changes'`,
    );
    // Missed by every instance: nobody listens while this commits.
    await db.update(users).set({ isBanned: true }).where(eq(users.id, 'demo-user-06'));
    await eventually(async () => {
      const now = (await listeners()).rows.map(({ pid }) => pid);
      expect(now).toHaveLength(2);
      expect(now.some((pid) => before.includes(pid))).toBe(false);
    });
    expect((await call('GET', '/users/me', token)).status).toBe(401);
    expect((await callOther('GET', '/users/me', token)).status).toBe(401);
    await call('GET', '/users/me', test.token(7));
    expect(await queriesOf(() => call('GET', '/users/me', test.token(7)), ['sessions'])).toEqual([]);
  });
});

describe('a kept first page of notices', () => {
  it('answers again without asking the database', async () => {
    await call('GET', '/notifications?limit=20', test.token(7));
    const sent = await queriesOf(() => call('GET', '/notifications?limit=20', test.token(7)), ['notifications']);
    expect(sent).toEqual([]);
  });

  it('shows a broadcast and what was read at once where it was written, and soon on the other instance', async () => {
    const token = test.token(7);
    await titles(call('GET', '/notifications?limit=20', token));
    await titles(callOther('GET', '/notifications?limit=20', token));
    const sent = await call('POST', '/admin/notifications/broadcast', test.adminToken, { title: 'Kept pages news' });
    expect(sent.status).toBeLessThan(300);
    expect(await titles(call('GET', '/notifications?limit=20', token))).toContain('Kept pages news');
    await eventually(async () =>
      expect(await titles(callOther('GET', '/notifications?limit=20', token))).toContain('Kept pages news'),
    );

    expect((await callOther('POST', '/notifications/read-all', token)).status).toBe(200);
    const readThere = (await callOther('GET', '/notifications?limit=20', token)).body.data.items as Array<{
      is_read: boolean;
    }>;
    expect(readThere.every(({ is_read }) => is_read)).toBe(true);
    await eventually(async () => {
      const readHere = (await call('GET', '/notifications?limit=20', token)).body.data.items as Array<{
        is_read: boolean;
      }>;
      expect(readHere.every(({ is_read }) => is_read)).toBe(true);
    });
  });

  it('names a person by their new name once they rename themselves', async () => {
    const follower = test.token(2);
    const followed = test.token(7);
    expect((await call('POST', '/users/demo-user-07/follow', follower, { follow: true })).status).toBe(200);
    await test.jobsDone();
    const actorNames = async (answer: Promise<{ body: { data: Record<string, unknown> } }>) =>
      ((await answer).body.data.items as Array<{ actor: { user_name: string } | null }>).map(
        ({ actor }) => actor?.user_name,
      );
    await eventually(async () =>
      expect((await actorNames(call('GET', '/notifications', followed))).some(Boolean)).toBe(true),
    );
    await actorNames(callOther('GET', '/notifications', followed));
    const renamed = await call('POST', '/users/me', follower, { user_name: 'Renamed Follower' });
    expect(renamed.status).toBe(200);
    await eventually(async () =>
      expect(await actorNames(call('GET', '/notifications', followed))).toContain('Renamed Follower'),
    );
    await eventually(async () =>
      expect(await actorNames(callOther('GET', '/notifications', followed))).toContain('Renamed Follower'),
    );
  });
});
