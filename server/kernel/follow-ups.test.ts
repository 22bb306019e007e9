import { sql } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../testing/use-test-app.ts';
import { EventBus, followUpJob } from './events.ts';

declare module './events.ts' {
  interface DomainEvents {
    'test.follow-up': { id: number };
  }
}

/**
 * Follow-ups on the real job queue and PostgreSQL: stored with the write (a rolled-back write leaves none), run
 * after it, and a handler that keeps failing ends in the failed state an operator sees on /metrics.
 */
const test = useTestApp();
const { app, db, jobs } = test;
const bus = () => new EventBus(pino({ level: 'silent' }), jobs);

async function stored(job: string) {
  const result = await db.execute<{ n: number }>(sql`select count(*)::int as n from pgboss.job where name = ${job}`);
  return result.rows[0]?.n ?? 0;
}

describe('follow-ups', () => {
  it('run once the write committed, and exist only if it did', async () => {
    const events = bus();
    const handled: number[] = [];
    events.onCommitted('test.follow-up', 'tests.records', async ({ id }) => void handled.push(id));
    const job = followUpJob('test.follow-up', 'tests.records');
    await events.transaction(db, async (_tx, publish) => publish('test.follow-up', { id: 1 }));
    await expect(
      events.transaction(db, async (_tx, publish) => {
        publish('test.follow-up', { id: 2 });
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    await test.jobsDone();
    expect(handled).toEqual([1]);
    expect(await stored(job)).toBe(1);
  });

  it('retry a failing handler, then keep it failed and count it on /metrics', async () => {
    const events = bus();
    let runs = 0;
    events.onCommitted(
      'test.follow-up',
      'tests.always-fails',
      async () => {
        runs++;
        throw new Error('the handler broke');
      },
      { policy: { attempts: 2, delaySeconds: 1, maxDelaySeconds: 1 } },
    );
    await events.transaction(db, async (_tx, publish) => publish('test.follow-up', { id: 3 }));
    const job = followUpJob('test.follow-up', 'tests.always-fails');
    await vi.waitFor(async () => expect((await jobs.counts()).find((counts) => counts.name === job)?.failed).toBe(1), {
      timeout: 30_000,
      interval: 100,
    });
    expect(runs).toBe(2);
    const metrics = (await app.inject('/metrics')).body;
    expect(metrics).toContain(`souk_jobs{job="${job}",state="failed"} 1`);
  });
});
