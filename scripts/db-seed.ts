/** `npm run db:seed`: adds the demo data that is missing (safe to run any number of times). */
import pino from 'pino';
import { loadConfig } from '../server/config.ts';
import { migrateDatabase, openDatabase } from '../server/db/database.ts';
import { demoCredentials, printCredentials } from '../server/db/seed/index.ts';
import { seedAll } from '../server/db/seed/seed.ts';

const config = loadConfig();
const logger = pino({ level: config.LOG_LEVEL });
const database = await openDatabase(config, logger);
try {
  const credentials = demoCredentials(config);
  await migrateDatabase(database.pool, (db) => seedAll(db, { uploadsDir: config.uploadsDir, logger, credentials }));
  printCredentials(credentials, { passwordWasGiven: Boolean(config.SEED_ADMIN_PASSWORD) });
} finally {
  await database.close();
}
