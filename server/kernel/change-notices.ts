import pg from 'pg';

/** The PostgreSQL channel the tables' triggers notify on (migration 0019): payloads are "<topic>:<key>". */
export const CHANGES_CHANNEL = 'souk_changes';

const RECONNECT_MS = 1000;

export type ChangeHandler = (key: string) => void;

export interface ChangeNoticesLogger {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

/**
 * What the database says changed, as it commits, to every app instance that listens on the same database:
 * triggers on the tables that caches in this process depend on call `pg_notify` (docs/decisions/0023).
 * PostgreSQL sends a notice once the writing transaction commits. While the listening connection is down,
 * notices can be missed: `live` is false, and caches must neither answer nor store (they are emptied when it
 * drops).
 */
export class ChangeNotices {
  private readonly handlers = new Map<string, Set<ChangeHandler>>();
  private readonly resetHandlers = new Set<() => void>();
  private client: pg.Client | null = null;
  private closed = false;
  private listening = false;
  private changes = 0;
  /** Said once per outage, not once per retry. */
  private failing = false;
  private readonly url: string | null;
  private readonly logger: ChangeNoticesLogger;

  /** `url` null: nothing listens, and caches that depend on the notices stay off. */
  constructor(url: string | null, logger: ChangeNoticesLogger) {
    this.url = url;
    this.logger = logger;
  }

  /** Whether notices are arriving: a cache may answer and store only then. */
  get live() {
    return this.listening;
  }

  /**
   * A number that moves with every notice and every drop of the connection: read before loading what a cache
   * will keep, compared after, so that a value loaded while its rows changed is never stored.
   */
  get version() {
    return this.changes;
  }

  on(topic: string, handler: ChangeHandler) {
    const set = this.handlers.get(topic) ?? new Set();
    set.add(handler);
    this.handlers.set(topic, set);
  }

  /** Called when notices may have been missed (the connection dropped): everything kept must go. */
  onReset(handler: () => void) {
    this.resetHandlers.add(handler);
  }

  /** Starts listening; resolves at the first attempt, whether or not it connected (it retries meanwhile). */
  async start(): Promise<void> {
    if (!this.url || this.closed) return;
    const client = new pg.Client({ connectionString: this.url });
    this.client = client;
    client.on('notification', (message) => this.dispatch(message.payload ?? ''));
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, null));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
      if (this.client !== client) return;
      this.listening = true;
      if (this.failing) this.logger.info({}, 'change notices resumed');
      this.failing = false;
    } catch (error) {
      this.lost(client, error);
    }
  }

  async close() {
    this.closed = true;
    this.listening = false;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private dispatch(payload: string) {
    this.changes++;
    const split = payload.indexOf(':');
    if (split < 0) return;
    const topic = payload.slice(0, split);
    const key = payload.slice(split + 1);
    for (const handler of this.handlers.get(topic) ?? []) handler(key);
  }

  private lost(client: pg.Client, error: unknown) {
    if (this.client !== client) return;
    this.client = null;
    this.listening = false;
    this.changes++;
    for (const handler of this.resetHandlers) handler();
    client.end().catch(() => undefined);
    if (this.closed) return;
    if (!this.failing) this.logger.warn({ err: error }, 'no change notices: the caches that need them are off');
    this.failing = true;
    setTimeout(() => this.start().catch(() => undefined), RECONNECT_MS).unref();
  }
}
