import { describe, expect, it } from 'vitest';
import { FairSlots } from './fair-slots.ts';

/** A task that runs until `finish` is called, recording when it started. */
function gatedTask(started: string[], name: string) {
  let finish = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    task: async () => {
      started.push(name);
      await done;
    },
    finish: () => finish(),
  };
}

describe('fair slots', () => {
  it('serves a second owner before the rest of a first owner’s long queue', async () => {
    const slots = new FairSlots(1);
    const started: string[] = [];
    const flood = Array.from({ length: 5 }, (_, n) => gatedTask(started, `a${n}`));
    const running = flood.map((gate) => slots.run('attacker', gate.task));
    const honest = gatedTask(started, 'b0');
    const honestRun = slots.run('honest', honest.task);
    expect(started).toEqual(['a0']);
    expect(slots.waiting).toBe(5);

    flood[0]?.finish();
    await expect.poll(() => started).toEqual(['a0', 'b0']);
    honest.finish();
    await honestRun;
    await expect.poll(() => started).toEqual(['a0', 'b0', 'a1']);
    for (const gate of flood) gate.finish();
    await Promise.all(running);
    expect(started).toEqual(['a0', 'b0', 'a1', 'a2', 'a3', 'a4']);
    expect(slots.waiting).toBe(0);
  });

  it('takes turns between owners who both queued, and frees every slot on failures', async () => {
    const slots = new FairSlots(2);
    const order: string[] = [];
    const task =
      (name: string, fail = false) =>
      async () => {
        order.push(name);
        await new Promise((resolve) => setImmediate(resolve));
        if (fail) throw new Error(name);
      };
    const runs = [
      slots.run('a', task('a1', true)),
      slots.run('a', task('a2')),
      slots.run('a', task('a3', true)),
      slots.run('a', task('a4')),
      slots.run('b', task('b1')),
      slots.run('b', task('b2')),
    ];
    const results = await Promise.allSettled(runs);
    expect(results.map((result) => result.status)).toEqual([
      'rejected',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    expect(order.slice(0, 2)).toEqual(['a1', 'a2']);
    expect(order.slice(2, 4).sort()).toEqual(['a3', 'b1']);
    // Two slots are free again: two new tasks start at once.
    const started: string[] = [];
    const gates = [gatedTask(started, 'x'), gatedTask(started, 'y')];
    const more = gates.map((gate) => slots.run('c', gate.task));
    expect(started).toEqual(['x', 'y']);
    for (const gate of gates) gate.finish();
    await Promise.all(more);
  });

  it('keeps one owner to their share of the slots while someone else waits', async () => {
    const slots = new FairSlots(2, 1);
    const started: string[] = [];
    const flood = Array.from({ length: 3 }, (_, n) => gatedTask(started, `a${n}`));
    const running = flood.map((gate) => slots.run('attacker', gate.task));
    // Nobody else waited: the attacker took both slots.
    expect(started).toEqual(['a0', 'a1']);
    const honest = gatedTask(started, 'b0');
    const honestRun = slots.run('honest', honest.task);
    flood[0]?.finish();
    await expect.poll(() => started).toEqual(['a0', 'a1', 'b0']);
    // The attacker holds one slot and the honest one the other: a2 waits for the attacker's own slot.
    honest.finish();
    await honestRun;
    await expect.poll(() => started).toEqual(['a0', 'a1', 'b0', 'a2']);
    for (const gate of flood) gate.finish();
    await Promise.all(running);
  });
});
