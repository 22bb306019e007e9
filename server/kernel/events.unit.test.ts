import { describe, expect, it } from 'vitest';
import { EventBus } from './events.ts';

declare module './events.ts' {
  interface DomainEvents {
    'test.happened': { id: number };
  }
}

const silentLogger = () => {
  const errors: unknown[] = [];
  return { errors, error: (details: Record<string, unknown>) => void errors.push(details) };
};

describe('event bus', () => {
  it('delivers what a unit of work published only after the work has resolved', async () => {
    const bus = new EventBus(silentLogger());
    const seen: string[] = [];
    bus.on('test.happened', ({ id }) => void seen.push(`handled ${id}`));
    await bus.afterCommit(async (publish) => {
      publish('test.happened', { id: 1 });
      seen.push('committed');
    });
    expect(seen).toEqual(['committed', 'handled 1']);
  });

  it('delivers nothing when the work throws (the transaction rolled back)', async () => {
    const bus = new EventBus(silentLogger());
    const seen: number[] = [];
    bus.on('test.happened', ({ id }) => void seen.push(id));
    await expect(
      bus.afterCommit(async (publish) => {
        publish('test.happened', { id: 2 });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(seen).toEqual([]);
  });

  it('logs a failing handler and still runs the next one', async () => {
    const logger = silentLogger();
    const bus = new EventBus(logger);
    const seen: number[] = [];
    bus.on('test.happened', () => {
      throw new Error('handler broke');
    });
    bus.on('test.happened', ({ id }) => void seen.push(id));
    await bus.publish('test.happened', { id: 3 });
    expect(seen).toEqual([3]);
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
    const delivery = bus.publish('test.happened', { id: 4 });
    const waiting = bus.settled().then(() => 'settled');
    const nextTurn = new Promise((resolve) => setImmediate(() => resolve('still waiting')));
    expect(await Promise.race([waiting, nextTurn])).toBe('still waiting');
    finish();
    expect(await waiting).toBe('settled');
    expect(handled).toEqual([4]);
    await delivery;
  });
});
