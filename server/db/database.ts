import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Db } from '../kernel/database.ts';
import { startEmbeddedPostgres } from './embedded.ts';

export type { Db };

export interface Database {
  db: Db;
  pool: pg.Pool;
  url: string;
  isEmbedded: boolean;
  /** False once the embedded PostgreSQL has died: nothing that needs the database can work any more. */
  isAlive(): boolean;
  /** Calls `listener` if the embedded PostgreSQL dies (an external server's outages only fail queries). */
  onFailure(listener: (reason: string) => void): void;
  close(): Promise<void>;
}

const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));
/** Any fixed number: serialises migration and seeding when several app instances start together. */
const STARTUP_LOCK_KEY = 74_201_101;

// node-postgres returns numeric as text (exact); bigint counts fit in a JS number here.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export async function openDatabase(config: Config, logger: Logger): Promise<Database> {
  const embedded = config.DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres({
        dataDir: config.dataDir,
        port: config.EMBEDDED_PG_PORT,
        sharedBuffers: config.EMBEDDED_PG_SHARED_BUFFERS,
        logger,
      });
  const url = config.DATABASE_URL ?? embedded?.url ?? '';
  const pool = createPool(url, config.DATABASE_POOL_SIZE, logger);
  let alive = true;
  embedded?.onUnexpectedExit(() => {
    alive = false;
  });
  return {
    db: drizzle(pool),
    pool,
    url,
    isEmbedded: Boolean(embedded),
    isAlive: () => alive,
    onFailure: (listener) => embedded?.onUnexpectedExit(listener),
    async close() {
      await pool.end().catch((error) => logger.warn({ err: error }, 'closing the database pool failed'));
      await embedded?.stop();
    },
  };
}

const ADMIN_SHUTDOWN = '57P01';

export function createPool(url: string, max: number, logger: Pick<Logger, 'warn' | 'info'>) {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    // A new connection is a new PostgreSQL process that maps every shared buffer it touches afresh (the first
    // text search of a process cost 417 ms, the next 40 ms, at 1,000,000 items): keep them for a while.
    idleTimeoutMillis: 10 * 60_000,
    // A request's query gains nothing from parallel workers on a busy small server: starting them cost a
    // 15 ms text search 80 ms at 1,000,000 items (bench/README.md). A URL's own options are kept.
    ...(url.includes('options=') ? {} : { options: '-c max_parallel_workers_per_gather=0' }),
  });
  // An idle client can lose its server (restart, shutdown); without a listener that crashes the process.
  // On Ctrl-C the terminal signals the embedded PostgreSQL too, so its "admin shutdown" is expected then.
  pool.on('error', (error: Error & { code?: string }) => {
    const level = error.code === ADMIN_SHUTDOWN ? 'info' : 'warn';
    logger[level]({ code: error.code, reason: error.message }, 'idle database connection closed');
  });
  return pool;
}

/** Extensions first (the migrations use them), then the migrations, under a lock shared by all instances. */
export async function migrateDatabase(pool: pg.Pool, afterMigrate?: (db: Db) => Promise<unknown>) {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    for (const extension of ['pg_trgm', 'unaccent', 'cube', 'earthdistance', 'btree_gist', 'btree_gin']) {
      await client.query(`create extension if not exists ${extension}`);
    }
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    await afterMigrate?.(db as unknown as Db);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => undefined);
    client.release();
  }
}
