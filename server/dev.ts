import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import type { ViteDevServer } from 'vite';
import { REALTIME_PATH } from '../contract/realtime.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { type Database, migrateDatabase, openDatabase } from './db/database.ts';
import { seedOnStart } from './db/seed/index.ts';
import type { JobQueue } from './kernel/jobs.ts';
import { createJobQueue } from './kernel/jobs-pg-boss.ts';

/**
 * `npm run dev`: Vite loads this factory and re-runs it when server files change. The database and the
 * job queue are process singletons so a rebuild starts no second PostgreSQL and no second set of workers
 * (each rebuild registers its job handlers again, replacing the previous ones).
 */
let infrastructure: Promise<{ database: Database; jobs: JobQueue }> | undefined;

function openOnce() {
  infrastructure ??= (async () => {
    const config = loadConfig({ NODE_ENV: 'development', ...process.env });
    const logger = pino({ level: config.LOG_LEVEL });
    const database = await openDatabase(config, logger);
    await migrateDatabase(database.pool, (db) => seedOnStart(db, config, logger));
    const jobs = createJobQueue({ pool: database.pool, connectionString: database.url, logger });
    const stop = () =>
      void jobs
        .stop()
        .finally(() => database.close())
        .finally(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    return { database, jobs };
  })();
  return infrastructure;
}

let currentApp: FastifyInstance | undefined;
let forwarding = false;

/**
 * In dev, Vite's server listens, not Fastify's: WebSocket upgrades for /ws are handed to the latest Fastify
 * app (Vite keeps its own HMR socket). The listener is added once; each rebuild replaces the app it uses.
 */
function forwardRealtimeUpgrades(vite: ViteDevServer | undefined) {
  const server = vite?.httpServer;
  if (!server || forwarding) return;
  forwarding = true;
  server.on('upgrade', (request, socket, head) => {
    if (request.url?.startsWith(REALTIME_PATH)) currentApp?.server.emit('upgrade', request, socket, head);
  });
}

export async function createServer(vite?: ViteDevServer) {
  const config = loadConfig({ NODE_ENV: 'development', ...process.env });
  const { database, jobs } = await openOnce();
  const app = await buildApp({ config, database, jobs, vite });
  await jobs.start();
  currentApp = app;
  forwardRealtimeUpgrades(vite);
  return app;
}
