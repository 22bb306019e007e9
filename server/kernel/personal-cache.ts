import { LRUCache } from 'lru-cache';

/** What the cache needs of ChangeNotices: whether notices arrive, a number that moves with each, the topics. */
export interface ChangeFeed {
  readonly live: boolean;
  readonly version: number;
  on(topic: string, handler: (key: string) => void): void;
  onReset(handler: () => void): void;
}

/** What modules are given to keep personal answers: the database's change notices, and how long (0: off). */
export interface PersonalCaching {
  notices: ChangeFeed;
  ttlMs: number;
}

interface Entry<V> {
  value: V;
  /** The person whose data it is: dropped together when their rows change. */
  scope: string;
}

/** What a loader answers: the value, whose it is, and (optionally) until when it holds. */
export interface Loaded<V> {
  value: V;
  scope: string;
  /** Epoch milliseconds after which the value must be loaded again (e.g. a session due for renewal). */
  until?: number;
}

/**
 * Answers kept in this process for one person at a time (their session, their first page of notices),
 * right on every instance because whatever changes the rows they come from is announced by the database
 * (ChangeNotices) and dropped here, and dropped at once by the writer. Nothing is answered or stored while
 * the notices are not arriving, and a value loaded while any notice arrived is not stored (it may predate
 * the change). docs/decisions/0023.
 */
export class PersonalCache<V extends object> {
  private readonly entries: LRUCache<string, Entry<V>>;
  private readonly keysByScope = new Map<string, Set<string>>();
  private readonly notices: ChangeFeed;
  private readonly ttlMs: number;

  /** `max`: the most entries kept; the least recently used go first. */
  constructor({ notices, ttlMs }: PersonalCaching, max: number) {
    this.notices = notices;
    this.ttlMs = ttlMs;
    this.entries = new LRUCache<string, Entry<V>>({
      max,
      ttl: Math.max(ttlMs, 1),
      dispose: (entry, key) => this.unindex(entry.scope, key),
    });
    notices.onReset(() => this.dropAll());
  }

  /** Drops a person's entries whenever the database announces `topic` for them ('*': everyone's). */
  dropOn(topic: string, scopeOf: (key: string) => string | null = (key) => key) {
    this.notices.on(topic, (key) => {
      const scope = scopeOf(key);
      if (scope === '*') this.dropAll();
      else if (scope !== null) this.dropScope(scope);
    });
  }

  /** The kept value for `key`, or the loader's (kept when it is not null and nothing changed meanwhile). */
  async get(key: string, load: () => Promise<Loaded<V> | null>): Promise<V | null> {
    const enabled = this.ttlMs > 0 && this.notices.live;
    const kept = enabled ? this.entries.get(key) : undefined;
    if (kept) return kept.value;
    const version = this.notices.version;
    const loaded = await load();
    if (loaded && enabled && this.notices.live && this.notices.version === version) this.keep(key, loaded);
    return loaded?.value ?? null;
  }

  /** Drops one key (e.g. a session ended by this request). */
  drop(key: string) {
    this.entries.delete(key);
  }

  /** Drops everything kept for this person. */
  dropScope(scope: string) {
    for (const key of [...(this.keysByScope.get(scope) ?? [])]) this.entries.delete(key);
  }

  /** Drops the entries whose value matches (a change that shows in several people's values). */
  dropWhere(matches: (value: V) => boolean) {
    const matching = [...this.entries.entries()].filter(([, entry]) => matches(entry.value));
    for (const [key] of matching) this.entries.delete(key);
  }

  dropAll() {
    this.entries.clear();
  }

  private keep(key: string, { value, scope, until }: Loaded<V>) {
    const ttl = Math.min(this.ttlMs, until === undefined ? this.ttlMs : until - Date.now());
    if (ttl <= 0) return;
    this.entries.set(key, { value, scope }, { ttl });
    const keys = this.keysByScope.get(scope) ?? new Set();
    keys.add(key);
    this.keysByScope.set(scope, keys);
  }

  private unindex(scope: string, key: string) {
    const keys = this.keysByScope.get(scope);
    if (!keys) return;
    keys.delete(key);
    if (keys.size === 0) this.keysByScope.delete(scope);
  }
}
