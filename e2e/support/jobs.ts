import { PgBoss } from 'pg-boss';
import { withDatabase } from './database.ts';

/**
 * Runs a scheduled job of the app under test now, as its cron would: the job is put on the app's own queue
 * (pg-boss in the journeys' database) and the app's workers take it. For the daily digest, which a journey
 * cannot wait a day for.
 */
export async function runScheduledJobNow(name: string) {
  await withDatabase(async (client) => {
    const boss = new PgBoss({
      db: { executeSql: (text, values) => client.query(text, values) },
      schema: 'pgboss',
      supervise: false,
      schedule: false,
      registerInstance: false,
      openTelemetry: { enabled: false },
    });
    await boss.start();
    try {
      await boss.send(name, {});
    } finally {
      await boss.stop({ graceful: false });
    }
  });
}
