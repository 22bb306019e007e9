import { Redis } from 'ioredis';

/**
 * A short-lived cache shared by the app's instances: in this process by default, in Redis when REDIS_URL is
 * set (every instance then reads what any of them stored). Entries carry the generation they were made in;
 * `invalidate()` starts a new one, which retires every older entry at once (a listing changed: any page or
 * search may show it). A failing Redis is a miss, never an error: the page is rendered as without a cache.
 */
export interface SharedCache {
  /** The value stored under `key`, unless it expired or was made before the last invalidation. */
  get(key: string): Promise<Buffer | null>;
  /** The generation to store with a value about to be made (read before making it, so a change meanwhile wins). */
  generation(): Promise<number>;
  set(key: string, value: Buffer, generation: number, ttlMs: number): Promise<void>;
  /** Retires every entry stored so far, on every instance. */
  invalidate(): Promise<void>;
  close(): Promise<void>;
}

export interface SharedCacheLimits {
  /** The most bytes the in-process cache holds; the least recently used entries go first. */
  maxBytes: number;
}

const DEFAULT_LIMITS: SharedCacheLimits = { maxBytes: 64 * 1024 * 1024 };

export function createSharedCache(redisUrl: string | undefined, onError: (error: unknown) => void): SharedCache {
  return redisUrl ? new RedisCache(redisUrl, onError) : new MemoryCache();
}

/** Reads whose answer is the same for every reader, kept a few seconds (`seconds`; 0 reads every time). */
export type SharedRead = <T>(key: string, load: () => Promise<T>) => Promise<T>;

/** A SharedRead that keeps nothing. */
export const readEveryTime: SharedRead = (_key, load) => load();

/**
 * A value every reader gets alike (a visitor's first page, the categories), kept `seconds` in the shared cache
 * as JSON. The generation is read before loading, so a change made while loading retires what was loaded.
 */
export function sharedReads(cache: SharedCache, seconds: number): SharedRead {
  return async <T>(key: string, load: () => Promise<T>) => {
    if (seconds <= 0) return load();
    const kept = await cache.get(key);
    if (kept) return JSON.parse(kept.toString()) as T;
    const generation = await cache.generation();
    const value = await load();
    await cache.set(key, Buffer.from(JSON.stringify(value)), generation, seconds * 1000);
    return value;
  };
}

interface MemoryEntry {
  value: Buffer;
  generation: number;
  expiresAt: number;
}

export class MemoryCache implements SharedCache {
  private readonly entries = new Map<string, MemoryEntry>();
  private readonly limits: SharedCacheLimits;
  private readonly now: () => number;
  private bytes = 0;
  private current = 0;

  constructor(limits: SharedCacheLimits = DEFAULT_LIMITS, now: () => number = Date.now) {
    this.limits = limits;
    this.now = now;
  }

  async get(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.generation !== this.current || entry.expiresAt <= this.now()) {
      this.remove(key, entry);
      return null;
    }
    // Used again: last to go.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  async generation() {
    return this.current;
  }

  async set(key: string, value: Buffer, generation: number, ttlMs: number) {
    if (generation !== this.current || value.length > this.limits.maxBytes / 8) return;
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    this.entries.set(key, { value, generation, expiresAt: this.now() + ttlMs });
    this.bytes += value.length;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.limits.maxBytes) break;
      this.remove(oldest, entry);
    }
  }

  async invalidate() {
    this.current += 1;
    this.entries.clear();
    this.bytes = 0;
  }

  async close() {
    await this.invalidate();
  }

  private remove(key: string, entry: MemoryEntry) {
    this.entries.delete(key);
    this.bytes -= entry.value.length;
  }
}

/** A stored value: its generation (8 bytes) and the value. */
const GENERATION_BYTES = 8;

export class RedisCache implements SharedCache {
  private readonly redis: Redis;
  private readonly onError: (error: unknown) => void;
  private readonly generationKey: string;
  private readonly prefix: string;

  /** `prefix` keeps apart caches sharing one Redis (tests). */
  constructor(url: string, onError: (error: unknown) => void, prefix = 'souk:cache') {
    this.prefix = prefix;
    this.generationKey = `${prefix}:generation`;
    // No offline queue: while Redis is away, every call fails at once and counts as a miss.
    this.redis = new Redis(url, { enableOfflineQueue: false, connectTimeout: 1_000, maxRetriesPerRequest: 1 });
    this.redis.on('error', () => undefined);
    this.onError = onError;
  }

  async get(key: string) {
    try {
      const replies = await this.redis.pipeline().get(this.generationKey).getBuffer(this.entryKey(key)).exec();
      const current = Number(replies?.[0]?.[1] ?? 0);
      const stored = replies?.[1]?.[1] as Buffer | null | undefined;
      if (!stored || stored.length < GENERATION_BYTES) return null;
      if (stored.readDoubleBE(0) !== current) return null;
      return stored.subarray(GENERATION_BYTES);
    } catch (error) {
      this.onError(error);
      return null;
    }
  }

  async generation() {
    try {
      return Number((await this.redis.get(this.generationKey)) ?? 0);
    } catch (error) {
      this.onError(error);
      // An entry made now could not be checked against later changes: -1 is never current.
      return -1;
    }
  }

  async set(key: string, value: Buffer, generation: number, ttlMs: number) {
    if (generation < 0) return;
    const stored = Buffer.allocUnsafe(GENERATION_BYTES + value.length);
    stored.writeDoubleBE(generation, 0);
    value.copy(stored, GENERATION_BYTES);
    try {
      await this.redis.set(this.entryKey(key), stored, 'PX', Math.max(1, Math.round(ttlMs)));
    } catch (error) {
      this.onError(error);
    }
  }

  async invalidate() {
    try {
      await this.redis.incr(this.generationKey);
    } catch (error) {
      this.onError(error);
    }
  }

  async close() {
    this.redis.disconnect();
  }

  /** Resolves once connected (commands sent before fail at once, as misses). */
  whenReady(): Promise<void> {
    if (this.redis.status === 'ready') return Promise.resolve();
    return new Promise((resolve) => this.redis.once('ready', () => resolve()));
  }

  private entryKey(key: string) {
    return `${this.prefix}:entry:${key}`;
  }
}
