import { describe, expect, it } from 'vitest';
import { type ChangeFeed, PersonalCache } from './personal-cache.ts';

/** A feed the test drives: notices, an outage, and its end. */
function feed() {
  const handlers = new Map<string, Array<(key: string) => void>>();
  const resets: Array<() => void> = [];
  const state = { live: true, version: 0 };
  const notices: ChangeFeed = {
    get live() {
      return state.live;
    },
    get version() {
      return state.version;
    },
    on: (topic, handler) => handlers.set(topic, [...(handlers.get(topic) ?? []), handler]),
    onReset: (handler) => resets.push(handler),
  };
  return {
    notices,
    notify(topic: string, key: string) {
      state.version++;
      for (const handler of handlers.get(topic) ?? []) handler(key);
    },
    drop() {
      state.live = false;
      state.version++;
      for (const reset of resets) reset();
    },
    resume() {
      state.live = true;
    },
  };
}

function counted(value: { n: number }, scope = 'sara', until?: number) {
  let loads = 0;
  return {
    load: async () => {
      loads++;
      return { value, scope, ...(until === undefined ? {} : { until }) };
    },
    loads: () => loads,
  };
}

describe('PersonalCache', () => {
  it('loads once and answers the kept value after', async () => {
    const cache = new PersonalCache<{ n: number }>({ notices: feed().notices, ttlMs: 60_000 }, 1000);
    const loader = counted({ n: 1 });
    await cache.get('a', loader.load);
    expect(await cache.get('a', loader.load)).toEqual({ n: 1 });
    expect(loader.loads()).toBe(1);
  });

  it('does not keep a value loaded while a notice arrived (it may predate the change)', async () => {
    const changes = feed();
    const cache = new PersonalCache<{ n: number }>({ notices: changes.notices, ttlMs: 60_000 }, 10);
    cache.dropOn('session');
    let loads = 0;
    const racing = async () => {
      loads++;
      changes.notify('session', 'someone-else');
      return { value: { n: loads }, scope: 'sara' };
    };
    await cache.get('a', racing);
    await cache.get('a', racing);
    expect(loads).toBe(2);
  });

  it('drops a person’s entries on their topic, everyone’s on "*"', async () => {
    const changes = feed();
    const cache = new PersonalCache<{ n: number }>({ notices: changes.notices, ttlMs: 60_000 }, 10);
    cache.dropOn('notices');
    const sara = counted({ n: 1 }, 'sara');
    const omar = counted({ n: 2 }, 'omar');
    await cache.get('sara-page', sara.load);
    await cache.get('omar-page', omar.load);
    changes.notify('notices', 'sara');
    await cache.get('sara-page', sara.load);
    await cache.get('omar-page', omar.load);
    expect([sara.loads(), omar.loads()]).toEqual([2, 1]);
    changes.notify('notices', '*');
    await cache.get('omar-page', omar.load);
    expect(omar.loads()).toBe(2);
  });

  it('neither answers nor keeps while the notices are down, and forgets what it kept', async () => {
    const changes = feed();
    const cache = new PersonalCache<{ n: number }>({ notices: changes.notices, ttlMs: 60_000 }, 10);
    const loader = counted({ n: 1 });
    await cache.get('a', loader.load);
    changes.drop();
    await cache.get('a', loader.load);
    await cache.get('a', loader.load);
    expect(loader.loads()).toBe(3);
    changes.resume();
    await cache.get('a', loader.load);
    await cache.get('a', loader.load);
    expect(loader.loads()).toBe(4);
  });

  it('keeps nothing whose own end has passed, and nothing at all when off', async () => {
    const expired = counted({ n: 1 }, 'sara', Date.now() - 1);
    const cache = new PersonalCache<{ n: number }>({ notices: feed().notices, ttlMs: 60_000 }, 10);
    await cache.get('a', expired.load);
    await cache.get('a', expired.load);
    expect(expired.loads()).toBe(2);
    const off = new PersonalCache<{ n: number }>({ notices: feed().notices, ttlMs: 0 }, 10);
    const loader = counted({ n: 1 });
    await off.get('a', loader.load);
    await off.get('a', loader.load);
    expect(loader.loads()).toBe(2);
  });

  it('drops the entries whose value matches', async () => {
    const cache = new PersonalCache<{ n: number }>({ notices: feed().notices, ttlMs: 60_000 }, 10);
    const named = counted({ n: 7 }, 'sara');
    const other = counted({ n: 8 }, 'omar');
    await cache.get('a', named.load);
    await cache.get('b', other.load);
    cache.dropWhere(({ n }) => n === 7);
    await cache.get('a', named.load);
    await cache.get('b', other.load);
    expect([named.loads(), other.loads()]).toEqual([2, 1]);
  });
});
