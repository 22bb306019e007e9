export interface RecentValueOptions {
  ttlMs?: number;
  /** The clock, in milliseconds (tests move it instead of waiting). */
  now?: () => number;
  /** A refresh that failed while the old value was served: the old value stays until the next try. */
  onRefreshError?: (error: unknown) => void;
}

export const RECENT_VALUE_TTL_MS = 60_000;

/**
 * A value read again at most once a minute (per process), stale-while-revalidate: past its age the old value
 * is still answered while one refresh runs. For lists that may lag a minute behind their tables.
 */
export class RecentValue<T> {
  private readonly load: () => Promise<T>;
  private readonly ttlMs: number;
  private readonly now: () => number;
  private readonly onRefreshError: (error: unknown) => void;
  private current: { value: T; expiresAt: number } | null = null;
  private refreshing: Promise<T> | null = null;

  constructor(load: () => Promise<T>, options: RecentValueOptions = {}) {
    this.load = load;
    this.ttlMs = options.ttlMs ?? RECENT_VALUE_TTL_MS;
    this.now = options.now ?? Date.now;
    this.onRefreshError = options.onRefreshError ?? (() => undefined);
  }

  /** The value as of at most ttlMs ago (or the last refresh, while a newer one runs). */
  async get(): Promise<T> {
    const current = this.current;
    if (current && this.now() < current.expiresAt) return current.value;
    const refresh = this.refresh();
    if (!current) return refresh;
    refresh.catch(this.onRefreshError);
    return current.value;
  }

  /**
   * The value as get() would answer it, if there is one yet, without waiting: undefined until the first load has
   * ended (which this starts). For a reader that can do without the value.
   */
  peek(): T | undefined {
    this.get().catch(this.onRefreshError);
    return this.current?.value;
  }

  /** Settles when the refresh under way (if any) has ended; for tests and shutdown, never needed by readers. */
  async settled(): Promise<void> {
    await this.refreshing?.catch(() => undefined);
  }

  private refresh(): Promise<T> {
    if (!this.refreshing) {
      const startedAt = this.now();
      this.refreshing = this.load()
        .then((value) => {
          this.current = { value, expiresAt: startedAt + this.ttlMs };
          return value;
        })
        .finally(() => {
          this.refreshing = null;
        });
    }
    return this.refreshing;
  }
}
