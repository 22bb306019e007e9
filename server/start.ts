import pino from 'pino';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { type Database, migrateDatabase, openDatabase } from './db/database.ts';
import { DataFolderInUseError, EmbeddedStartError } from './db/embedded.ts';
import { seedOnStart } from './db/seed/index.ts';
import { warnWhenLettersUnseen } from './db/unicode-ctype.ts';
import type { JobQueue } from './kernel/jobs.ts';
import { createJobQueue } from './kernel/jobs-pg-boss.ts';

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const config = loadConfig();
  const logger = pino({ level: config.LOG_LEVEL });
  const database = await openDatabase(config, logger);
  const jobs = createJobQueue({
    pool: database.pool,
    connectionString: database.url,
    logger,
    runWorkers: config.JOB_WORKERS,
  });
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  const shutdown = installShutdown(() => app, jobs, database, logger);
  // Decided in docs/decisions/0007-database-failure.md: a dead embedded PostgreSQL ends the process.
  database.onFailure((reason) => {
    if (shutdown.isStopping()) return; // Ctrl-C reaches PostgreSQL too
    logger.fatal({ reason }, 'the embedded PostgreSQL stopped; exiting so a supervisor can restart Souk');
    void shutdown.stop('database-failure', 1);
  });

  try {
    await migrateDatabase(database.pool, async (db) => {
      await seedOnStart(db, config, logger);
    });
    if (!database.isEmbedded) await warnWhenLettersUnseen(database.pool, logger);
    app = await buildApp({ config, database, jobs });
    // Before listening: requests queue mail and SMS; jobs left by a previous run (even a killed one) run now.
    await jobs.start();
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    await app?.close().catch(() => undefined);
    await jobs.stop().catch(() => undefined);
    await database.close();
    throw error;
  }
}

function installShutdown(
  getApp: () => { close(): Promise<void> } | undefined,
  jobs: JobQueue,
  database: Database,
  logger: pino.Logger,
) {
  let stopping = false;
  const stop = async (reason: string, exitCode: number) => {
    if (stopping) return;
    stopping = true;
    logger.info({ reason }, 'shutting down');
    const forceExit = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS + 5_000);
    forceExit.unref();
    await getApp()
      ?.close()
      .catch((error) => logger.warn({ err: error }, 'closing the server failed'));
    // No new jobs are taken; running ones finish (or run again on the next start).
    await jobs.stop().catch((error) => logger.warn({ err: error }, 'stopping the job workers failed'));
    await database.close();
    logger.info('stopped');
    process.exit(exitCode);
  };
  process.on('SIGINT', () => void stop('SIGINT', 0));
  process.on('SIGTERM', () => void stop('SIGTERM', 0));
  return { stop, isStopping: () => stopping };
}

main().catch((error: unknown) => {
  const known =
    error instanceof ConfigError || error instanceof DataFolderInUseError || error instanceof EmbeddedStartError;
  const portTaken = (error as NodeJS.ErrnoException).code === 'EADDRINUSE';
  if (known || portTaken) {
    const reason = portTaken
      ? `The port is already in use (${(error as Error).message}). Set PORT=... to use another.`
      : (error as Error).message;
    console.error(`\nSouk could not start.\n${reason}\n`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
