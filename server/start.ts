import pino from 'pino';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { type Database, migrateDatabase, openDatabase } from './db/database.ts';
import { DataFolderInUseError, EmbeddedStartError } from './db/embedded.ts';
import { seedOnFirstStart } from './db/seed/index.ts';

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const config = loadConfig();
  const logger = pino({ level: config.LOG_LEVEL });
  const database = await openDatabase(config, logger);
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  installShutdown(() => app, database, logger);

  try {
    await migrateDatabase(database.pool, async (db) => {
      if (config.SEED_DEMO_DATA) await seedOnFirstStart(db, config, logger);
    });
    app = await buildApp({ config, database });
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    await app?.close().catch(() => undefined);
    await database.close();
    throw error;
  }
}

function installShutdown(
  getApp: () => { close(): Promise<void> } | undefined,
  database: Database,
  logger: pino.Logger,
) {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const forceExit = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS + 5_000);
    forceExit.unref();
    await getApp()
      ?.close()
      .catch((error) => logger.warn({ err: error }, 'closing the server failed'));
    await database.close();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
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
