import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { redisAnswers, TEST_REDIS_URL } from '../testing/redis.ts';
import { MemoryCache, RedisCache, type SharedCache, sharedReads } from './shared-cache.ts';

const value = (text: string) => Buffer.from(text);
const text = (stored: Buffer | null) => stored?.toString() ?? null;

/** What every shared cache does, in process or in Redis. */
function behavesAsASharedCache(make: () => SharedCache | Promise<SharedCache>, wait: (ms: number) => Promise<void>) {
  it('answers what was stored until it expires', async () => {
    const cache = await make();
    await cache.set('page', value('one'), await cache.generation(), 2_000);
    expect(text(await cache.get('page'))).toBe('one');
    await wait(2_100);
    expect(await cache.get('page')).toBeNull();
  });

  it('retires everything stored before an invalidation, and what was being made during one', async () => {
    const cache = await make();
    await cache.set('a', value('a'), await cache.generation(), 60_000);
    const renderStarted = await cache.generation();
    await cache.invalidate();
    await cache.set('b', value('b'), renderStarted, 60_000);
    expect(await cache.get('a')).toBeNull();
    expect(await cache.get('b')).toBeNull();
    await cache.set('c', value('c'), await cache.generation(), 60_000);
    expect(text(await cache.get('c'))).toBe('c');
  });
}

describe('the in-process cache', () => {
  let now = 0;
  behavesAsASharedCache(
    () => new MemoryCache({ maxBytes: 8192 }, () => now),
    async (ms) => {
      now += ms;
    },
  );

  it('drops the least recently used entries past its size', async () => {
    const cache = new MemoryCache({ maxBytes: 800 }, () => now);
    for (const name of 'abcdefgh') await cache.set(name, Buffer.alloc(100, name), 0, 60_000);
    await cache.get('a');
    await cache.set('i', Buffer.alloc(100, 'i'), 0, 60_000);
    expect(await cache.get('b')).toBeNull();
    expect(await cache.get('a')).not.toBeNull();
    expect(await cache.get('i')).not.toBeNull();
  });

  it('keeps no entry larger than an eighth of its size', async () => {
    const cache = new MemoryCache({ maxBytes: 800 }, () => now);
    await cache.set('big', Buffer.alloc(101), 0, 60_000);
    expect(await cache.get('big')).toBeNull();
  });
});

describe('shared reads', () => {
  it('load once while kept, again after a change, and every time when kept for 0 seconds', async () => {
    let loads = 0;
    const load = async () => ({ loads: ++loads });
    const cache = new MemoryCache();
    const kept = sharedReads(cache, 5);
    expect(await kept('categories', load)).toEqual({ loads: 1 });
    expect(await kept('categories', load)).toEqual({ loads: 1 });
    await cache.invalidate();
    expect(await kept('categories', load)).toEqual({ loads: 2 });
    const never = sharedReads(cache, 0);
    expect(await never('blog', load)).toEqual({ loads: 3 });
    expect(await never('blog', load)).toEqual({ loads: 4 });
  });

  it('keep nothing loaded while a change was made', async () => {
    const cache = new MemoryCache();
    const kept = sharedReads(cache, 5);
    let loads = 0;
    const changedWhileLoading = async () => {
      loads += 1;
      await cache.invalidate();
      return loads;
    };
    expect(await kept('rail', changedWhileLoading)).toBe(1);
    expect(await kept('rail', changedWhileLoading)).toBe(2);
  });
});

describe.skipIf(!(await redisAnswers()))('the Redis cache', () => {
  const caches: SharedCache[] = [];
  const prefix = `souk-test:${randomUUID()}`;
  afterAll(() => Promise.all(caches.map((cache) => cache.close())));
  const make = () => {
    const cache = new RedisCache(
      TEST_REDIS_URL,
      (error) => {
        throw error;
      },
      prefix,
    );
    caches.push(cache);
    return cache;
  };
  const ready = async () => {
    const cache = make();
    await cache.whenReady();
    return cache;
  };
  behavesAsASharedCache(ready, (ms) => new Promise((resolve) => setTimeout(resolve, ms)));

  it('is shared: one instance invalidates what another stored', async () => {
    const first = await ready();
    const second = await ready();
    await first.set('shared', value('x'), await first.generation(), 60_000);
    expect(text(await second.get('shared'))).toBe('x');
    await second.invalidate();
    expect(await first.get('shared')).toBeNull();
  });

  it('misses, without failing, while Redis cannot be reached', async () => {
    const errors: unknown[] = [];
    const away = new RedisCache('redis://127.0.0.1:1', (error) => errors.push(error), prefix);
    caches.push(away);
    expect(await away.get('page')).toBeNull();
    expect(await away.generation()).toBe(-1);
    await away.set('page', value('x'), 0, 1_000);
    await away.invalidate();
    expect(errors.length).toBeGreaterThan(0);
  });
});
