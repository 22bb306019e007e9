/**
 * `npm run counters:repair`: counts every favourite, follower, following, rating and unread counter again from
 * the rows, where they differ (server/counters.ts; the same runs nightly). With the embedded PostgreSQL, stop
 * Souk first: this opens the data folder itself. With DATABASE_URL it may run any time.
 */
import pino from 'pino';
import { ConfigError, loadConfig } from '../server/config.ts';
import { repairCounters } from '../server/counters.ts';
import { migrateDatabase, openDatabase } from '../server/db/database.ts';
import { DataFolderInUseError } from '../server/db/embedded.ts';

async function main() {
  const config = loadConfig({ LOG_LEVEL: 'warn', ...process.env });
  const database = await openDatabase(config, pino({ level: config.LOG_LEVEL }));
  try {
    await migrateDatabase(database.pool);
    const repaired = await repairCounters(database.db);
    console.log(
      `Counters repaired: ${repaired.listings} listings, ${repaired.accounts} accounts, ${repaired.conversations} conversations.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  const known = error instanceof ConfigError || error instanceof DataFolderInUseError;
  const hint =
    error instanceof DataFolderInUseError
      ? '\nStop Souk first (it holds the embedded database), then run this again.'
      : '';
  console.error(known ? `${(error as Error).message}${hint}` : error);
  process.exit(1);
});
