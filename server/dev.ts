import pino from 'pino';
import type { ViteDevServer } from 'vite';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { type Database, migrateDatabase, openDatabase } from './db/database.ts';
import { seedOnStart } from './db/seed/index.ts';

/**
 * `npm run dev`: Vite loads this factory and re-runs it when server files change. The database is a
 * process singleton so a rebuild does not start a second PostgreSQL.
 */
let database: Promise<Database> | undefined;

function openOnce() {
  database ??= (async () => {
    const config = loadConfig({ NODE_ENV: 'development', ...process.env });
    const logger = pino({ level: config.LOG_LEVEL });
    const opened = await openDatabase(config, logger);
    await migrateDatabase(opened.pool, (db) => seedOnStart(db, config, logger));
    const stop = () => void opened.close().finally(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    return opened;
  })();
  return database;
}

export async function createServer(vite?: ViteDevServer) {
  const config = loadConfig({ NODE_ENV: 'development', ...process.env });
  return buildApp({ config, database: await openOnce(), vite });
}
