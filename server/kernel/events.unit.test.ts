import { describe, expect, it } from 'vitest';
import type { Db, Tx } from './database.ts';
import { EventBus, followUpJob } from './events.ts';
import type { JobQueue, JobTransaction } from './jobs.ts';

declare module './events.ts' {
  interface DomainEvents {
    'test.happened': { id: number };
  }
}

const silentLogger = () => {
  const errors: unknown[] = [];
  return { errors, error: (details: Record<string, unknown>) => void errors.push(details) };
};

/** A stand-in for the database's transaction: runs the work with a marker transaction and records the commit. */
function fakeDb(log: string[]) {
  const tx = { marker: 'tx' } as unknown as Tx;
  return {
    tx,
    db: {
      async transaction<T>(work: (tx: Tx) => Promise<T>) {
        const result = await work(tx);
        log.push('commit');
        return result;
      },
    } as unknown as Db,
  };
}

/** Records what the bus stores and registers (the pg-boss adapter is tested against PostgreSQL elsewhere). */
function recordingJobs(log: string[]) {
  const stored: Array<{ transaction: JobTransaction; name: string; payload: unknown }> = [];
  const jobs = {
    work: (name: string) => void log.push(`worker ${name}`),
    enqueueIn: async (transaction: JobTransaction, name: string, payload: unknown) => {
      stored.push({ transaction, name, payload });
      log.push(`stored ${name}`);
      return 'job-id';
    },
  } as unknown as JobQueue;
  return { jobs, stored };
}

describe('event bus', () => {
  it('runs live handlers only once the transaction committed', async () => {
    const log: string[] = [];
    const { db } = fakeDb(log);
    const bus = new EventBus(silentLogger());
    bus.on('test.happened', ({ id }) => void log.push(`handled ${id}`));
    await bus.transaction(db, async (_tx, publish) => {
      publish('test.happened', { id: 1 });
      log.push('wrote');
    });
    expect(log).toEqual(['wrote', 'commit', 'handled 1']);
  });

  it('delivers nothing when the work throws (the transaction rolled back)', async () => {
    const log: string[] = [];
    const bus = new EventBus(silentLogger());
    bus.on('test.happened', ({ id }) => void log.push(`handled ${id}`));
    const failing = {
      transaction: async (work: (tx: Tx) => Promise<unknown>) => work({} as Tx),
    } as unknown as Db;
    await expect(
      bus.transaction(failing, async (_tx, publish) => {
        publish('test.happened', { id: 2 });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(log).toEqual([]);
  });

  it('stores each follow-up in the publishing transaction, before the commit and before live handlers', async () => {
    const log: string[] = [];
    const { db, tx } = fakeDb(log);
    const { jobs, stored } = recordingJobs(log);
    const bus = new EventBus(silentLogger(), jobs);
    bus.onCommitted('test.happened', 'tests.counter', async () => undefined);
    bus.on('test.happened', () => void log.push('live'));
    await bus.transaction(db, async (_tx, publish) => publish('test.happened', { id: 3 }));
    const job = followUpJob('test.happened', 'tests.counter');
    expect(log).toEqual([`worker ${job}`, `stored ${job}`, 'commit', 'live']);
    expect(stored).toEqual([{ transaction: tx, name: job, payload: { id: 3 } }]);
  });

  it('stores no job for a follow-up whose condition says no', async () => {
    const log: string[] = [];
    const { db } = fakeDb(log);
    const { jobs, stored } = recordingJobs(log);
    const bus = new EventBus(silentLogger(), jobs);
    bus.onCommitted('test.happened', 'tests.even', async () => undefined, { when: ({ id }) => id % 2 === 0 });
    await bus.transaction(db, async (_tx, publish) => {
      publish('test.happened', { id: 1 });
      publish('test.happened', { id: 2 });
    });
    expect(stored.map((entry) => entry.payload)).toEqual([{ id: 2 }]);
  });

  it('refuses to publish an event with follow-ups outside a transaction (it would be lost in a crash)', async () => {
    const { jobs } = recordingJobs([]);
    const bus = new EventBus(silentLogger(), jobs);
    bus.onCommitted('test.happened', 'tests.counter', async () => undefined);
    await expect(bus.publish('test.happened', { id: 4 })).rejects.toThrow('events.transaction()');
  });

  it('logs a failing live handler and still runs the next one', async () => {
    const logger = silentLogger();
    const bus = new EventBus(logger);
    const seen: number[] = [];
    bus.on('test.happened', () => {
      throw new Error('handler broke');
    });
    bus.on('test.happened', ({ id }) => void seen.push(id));
    await bus.publish('test.happened', { id: 5 });
    expect(seen).toEqual([5]);
    expect(logger.errors).toHaveLength(1);
  });

  it('settled() waits for a delivery still under way (shutdown waits for it before the pool closes)', async () => {
    const bus = new EventBus(silentLogger());
    let finish: (value?: unknown) => void = () => undefined;
    const handled: number[] = [];
    bus.on('test.happened', async ({ id }) => {
      await new Promise((resolve) => {
        finish = resolve;
      });
      handled.push(id);
    });
    const delivery = bus.publish('test.happened', { id: 6 });
    const waiting = bus.settled().then(() => 'settled');
    const nextTurn = new Promise((resolve) => setImmediate(() => resolve('still waiting')));
    expect(await Promise.race([waiting, nextTurn])).toBe('still waiting');
    finish();
    expect(await waiting).toBe('settled');
    expect(handled).toEqual([6]);
    await delivery;
  });
});
