import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/database.ts';
import { closeWhenFileEnds } from '../testing/cleanup.ts';
import { createTestDatabase } from '../testing/database.ts';
import type { JobQueue } from './jobs.ts';
import { createJobQueue } from './jobs-pg-boss.ts';

declare module './jobs.ts' {
  interface JobPayloads {
    'test.flaky': { label: string };
    'test.broken': { label: string };
    'test.slow': { label: string };
    'test.after-drop': { label: string };
  }
}

let database: Database;
const logged: Array<{ level: string; message: string; details: Record<string, unknown> }> = [];
const logger = {
  warn: (details: Record<string, unknown>, message: string) => void logged.push({ level: 'warn', message, details }),
  error: (details: Record<string, unknown>, message: string) => void logged.push({ level: 'error', message, details }),
};

beforeAll(async () => {
  database = await createTestDatabase();
});

/** A queue on this file's database; short polls so a due retry is found quickly. */
function openQueue() {
  const queue = createJobQueue({
    pool: database.pool,
    connectionString: database.url,
    logger,
    pollSeconds: 0.5,
    stopTimeoutSeconds: 10,
  });
  closeWhenFileEnds(() => queue.stop());
  return queue;
}

const waitFor = (condition: () => Promise<boolean> | boolean) =>
  vi.waitFor(async () => expect(await condition()).toBe(true), { timeout: 20_000, interval: 50 });

const jobState = async (id: string) =>
  (await database.pool.query<{ state: string }>('select state::text from pgboss.job where id = $1', [id])).rows[0]
    ?.state;

describe('job queue', () => {
  let queue: JobQueue;
  beforeAll(async () => {
    queue = openQueue();
  });

  it('retries a job that failed and completes it when a later attempt succeeds', async () => {
    const runs: Array<{ label: string; attempt: number }> = [];
    queue.work(
      'test.flaky',
      async ({ label }, run) => {
        runs.push({ label, attempt: run.attempt });
        if (run.attempt === 1) throw new Error('the mail server is busy');
      },
      { attempts: 3, delaySeconds: 1 },
    );
    await queue.start();
    const id = await queue.enqueue('test.flaky', { label: 'welcome' });
    await waitFor(async () => (await jobState(id)) === 'completed');
    expect(runs).toEqual([
      { label: 'welcome', attempt: 1 },
      { label: 'welcome', attempt: 2 },
    ]);
    expect(logged).toContainEqual(
      expect.objectContaining({ level: 'warn', message: 'a job failed; it will be retried' }),
    );
  });

  it('keeps a job that failed every attempt in the failed state and counts it', async () => {
    const attempts: number[] = [];
    queue.work(
      'test.broken',
      async (_payload, run) => {
        attempts.push(run.attempt);
        throw new Error(`refused on attempt ${run.attempt}`);
      },
      { attempts: 2, delaySeconds: 1 },
    );
    const id = await queue.enqueue('test.broken', { label: 'never' });
    await waitFor(async () => (await jobState(id)) === 'failed');
    expect(attempts).toEqual([1, 2]);
    expect(await queue.counts()).toContainEqual({ name: 'test.broken', queued: 0, active: 0, failed: 1 });
    expect(logged).toContainEqual(
      expect.objectContaining({
        level: 'error',
        message: 'a job failed its last attempt; it stays in the failed state',
        details: expect.objectContaining({ job: 'test.broken', attempt: 2, attempts: 2 }),
      }),
    );
    const { rows } = await database.pool.query<{ output: { message: string } }>(
      'select output from pgboss.job where id = $1',
      [id],
    );
    expect(rows[0]?.output.message).toBe('refused on attempt 2');
  });

  it('refuses a job that no worker was registered for', async () => {
    await expect(queue.enqueue('test.slow', { label: 'nobody' })).rejects.toThrow('No worker is registered');
  });
});

describe('stopping', () => {
  it('takes no new jobs and lets a running one finish', async () => {
    const queue = openQueue();
    let release: () => void = () => undefined;
    const finished: string[] = [];
    const started = new Promise<void>((resolveStarted) => {
      queue.work('test.slow', async ({ label }) => {
        resolveStarted();
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        finished.push(label);
      });
    });
    await queue.start();
    const id = await queue.enqueue('test.slow', { label: 'in flight' });
    await started;
    const stopped = queue.stop();
    await expect(queue.enqueue('test.slow', { label: 'too late' })).rejects.toThrow('not started');
    release();
    await stopped;
    expect(finished).toEqual(['in flight']);
    expect(await jobState(id)).toBe('completed');
  });
});

describe('a lost LISTEN connection', () => {
  it('is opened again without ending the process, and new jobs still run', async () => {
    const queue = openQueue();
    const ran: string[] = [];
    queue.work('test.after-drop', async ({ label }) => {
      ran.push(label);
    });
    await queue.start();
    const listening = () =>
      database.pool.query<{ pid: number }>(
        "select pid from pg_stat_activity where application_name = 'souk-jobs-listen' and datname = current_database()",
      );
    const [first] = (await listening()).rows;
    expect(first).toBeDefined();
    await database.pool.query('select pg_terminate_backend($1)', [first?.pid]);
    await waitFor(async () => {
      const again = (await listening()).rows;
      return again.length === 1 && again[0]?.pid !== first?.pid;
    });
    await queue.enqueue('test.after-drop', { label: 'after the drop' });
    await waitFor(() => ran.includes('after the drop'));
    expect(logged).toContainEqual(
      expect.objectContaining({ message: 'the job queue lost its LISTEN connection; polling until it is back' }),
    );
  });
});
