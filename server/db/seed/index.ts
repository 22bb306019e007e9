import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import type { Db } from '../database.ts';
import * as schema from '../schema/index.ts';
import type { DemoCredentials } from './demo-users.ts';

const DEMO_USER_PASSWORD = 'souk-demo-2026';

export function demoCredentials(config: Pick<Config, 'SEED_ADMIN_EMAIL' | 'SEED_ADMIN_PASSWORD'>): DemoCredentials {
  return {
    adminEmail: config.SEED_ADMIN_EMAIL,
    adminPassword: config.SEED_ADMIN_PASSWORD,
    userPassword: DEMO_USER_PASSWORD,
  };
}

/**
 * Seeds a database that has never been seeded (no settings row yet). The seeding code and its
 * dependencies (image generation) load only then, so a normal start stays quick.
 */
export async function seedOnFirstStart(db: Db, config: Config, logger: Pick<Logger, 'info'>) {
  const settings = await db.select({ id: schema.appSettings.id }).from(schema.appSettings).limit(1);
  if (settings.length > 0) return false;
  const credentials = demoCredentials(config);
  logger.info('first start: adding demo data');
  const { seedAll } = await import('./seed.ts');
  await seedAll(db, { uploadsDir: config.uploadsDir, logger, credentials });
  printCredentials(credentials);
  return true;
}

export function printCredentials(credentials: DemoCredentials) {
  console.log(
    [
      '',
      'Souk demo data is ready.',
      `  Admin login: ${credentials.adminEmail} / ${credentials.adminPassword}`,
      `  Demo users:  user01@souk.test … user12@souk.test / ${credentials.userPassword}`,
      '',
    ].join('\n'),
  );
}
