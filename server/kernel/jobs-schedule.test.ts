import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { closeWhenFileEnds } from '../testing/cleanup.ts';
import { createTestDatabase } from '../testing/database.ts';
import { createJobQueue } from './jobs-pg-boss.ts';

declare module './jobs.ts' {
  interface JobPayloads {
    'test.tick': Record<string, never>;
    'test.unregistered': Record<string, never>;
  }
}

let database: Database;
const logger = { warn() {}, error() {} };

beforeAll(async () => {
  database = await createTestDatabase();
});

const schedules = async () =>
  (
    await database.pool.query<{ name: string; cron: string; timezone: string | null }>(
      "select name, cron, timezone from pgboss.schedule where name like 'test.%' order by name",
    )
  ).rows;

describe('scheduled jobs', () => {
  it('stores a schedule given before start once the queue starts, and changes it when given again', async () => {
    const queue = createJobQueue({ pool: database.pool, connectionString: database.url, logger, pollSeconds: 0.5 });
    closeWhenFileEnds(() => queue.stop());
    queue.work('test.tick', async () => {});
    await queue.every('test.tick', '*/5 * * * *');
    expect(await schedules()).toEqual([]);
    await queue.start();
    expect(await schedules()).toEqual([{ name: 'test.tick', cron: '*/5 * * * *', timezone: 'UTC' }]);
    await queue.every('test.tick', '* * * * *');
    expect(await schedules()).toEqual([{ name: 'test.tick', cron: '* * * * *', timezone: 'UTC' }]);
  });

  it('refuses a schedule for a job without a worker', async () => {
    const queue = createJobQueue({ pool: database.pool, connectionString: database.url, logger });
    await expect(queue.every('test.unregistered', '* * * * *')).rejects.toThrow(/No worker/);
  });
});
