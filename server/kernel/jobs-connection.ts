import pg from 'pg';
import type { Db as JobDb } from 'pg-boss';

export interface ListenLogger {
  warn(details: Record<string, unknown>, message: string): void;
}

const RECONNECT_FIRST_MS = 1_000;
const RECONNECT_MAX_MS = 30_000;

/**
 * How pg-boss reaches PostgreSQL here: statements through the app's pool (one pool for requests and jobs;
 * the pool's owner closes it after the queue stops), and LISTEN on a connection of its own.
 *
 * The LISTEN connection is ours rather than pg-boss's own because pg-boss removes every listener from its
 * listening client once that client reports an error and then ends it; when PostgreSQL goes away (Ctrl-C
 * reaches it too, or it dies) the same client often reports a second error, which then has no listener and
 * ends the process. Here the error listener stays for the client's whole life. A lost connection is opened
 * again with growing delays, and `onReconnect` lets pg-boss look for jobs it was not told about meanwhile.
 */
export function jobConnection(pool: pg.Pool, connectionString: string, logger: ListenLogger): JobDb {
  return {
    executeSql: (text, values) => pool.query(text, values),
    async listen(channel, onNotification, onReconnect) {
      const listener = new ChannelListener(connectionString, channel, onNotification, onReconnect, logger);
      await listener.connect();
      return { close: () => listener.close() };
    },
  };
}

class ChannelListener {
  private client: pg.Client | undefined;
  private closed = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private delay = RECONNECT_FIRST_MS;
  private readonly connectionString: string;
  private readonly channel: string;
  private readonly onNotification: (payload: string) => void;
  private readonly onReconnect: () => void;
  private readonly logger: ListenLogger;

  constructor(
    connectionString: string,
    channel: string,
    onNotification: (payload: string) => void,
    onReconnect: () => void,
    logger: ListenLogger,
  ) {
    this.connectionString = connectionString;
    this.channel = channel;
    this.onNotification = onNotification;
    this.onReconnect = onReconnect;
    this.logger = logger;
  }

  async connect() {
    const client = new pg.Client({
      connectionString: this.connectionString,
      keepAlive: true,
      application_name: 'souk-jobs-listen',
    });
    // Never removed: a client that failed once may report again while it closes.
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('the LISTEN connection ended')));
    client.on('notification', (message) => {
      if (message.payload !== undefined) this.onNotification(message.payload);
    });
    this.client = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(this.channel)}`);
    } catch (error) {
      this.client = undefined;
      await client.end().catch(() => undefined);
      throw error;
    }
    this.delay = RECONNECT_FIRST_MS;
  }

  async close() {
    this.closed = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private lost(client: pg.Client, error: Error) {
    if (this.closed || this.client !== client) return;
    this.client = undefined;
    void client.end().catch(() => undefined);
    this.logger.warn({ reason: error.message }, 'the job queue lost its LISTEN connection; polling until it is back');
    this.retryLater();
  }

  private retryLater() {
    if (this.closed) return;
    this.retryTimer = setTimeout(() => {
      this.connect()
        .then(() => this.onReconnect())
        .catch(() => {
          this.delay = Math.min(this.delay * 2, RECONNECT_MAX_MS);
          this.retryLater();
        });
    }, this.delay);
    this.retryTimer.unref();
  }
}
