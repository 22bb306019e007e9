import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import type { Db } from '../database.ts';
import * as schema from '../schema/index.ts';
import { AdminAccountError, createOrPromoteAdmin } from './admin.ts';
import type { DemoCredentials } from './demo-users.ts';

const DEMO_ADMIN_EMAIL = 'admin@souk.test';
const DEMO_ADMIN_PASSWORD = 'souk-admin-2026';
const DEMO_USER_PASSWORD = 'souk-demo-2026';

type SeedSettings = Pick<Config, 'SEED_ADMIN_EMAIL' | 'SEED_ADMIN_PASSWORD'>;

export function demoCredentials(config: SeedSettings): DemoCredentials {
  return {
    adminEmail: config.SEED_ADMIN_EMAIL ?? DEMO_ADMIN_EMAIL,
    adminPassword: config.SEED_ADMIN_PASSWORD ?? DEMO_ADMIN_PASSWORD,
    userPassword: DEMO_USER_PASSWORD,
  };
}

/**
 * Seeds a database that has never been seeded (no settings row yet): reference data always, demo content
 * when SEED_DEMO_DATA is on. The seeding code and its dependencies (image generation) load only then, so a
 * normal start stays quick. Without demo data, the admin named by SEED_ADMIN_EMAIL/SEED_ADMIN_PASSWORD is
 * made sure of on every start.
 */
export async function seedOnStart(db: Db, config: Config, logger: Pick<Logger, 'info' | 'warn'>) {
  if (!(await isSeeded(db))) {
    const { seedAll, seedReference } = await import('./seed.ts');
    if (config.SEED_DEMO_DATA) {
      logger.info('first start: adding reference and demo data');
      const credentials = demoCredentials(config);
      await seedAll(db, { uploadsDir: config.uploadsDir, logger, credentials });
      printCredentials(credentials, { passwordWasGiven: Boolean(config.SEED_ADMIN_PASSWORD) });
    } else {
      logger.info('first start: adding reference data (no demo data)');
      await seedReference(db);
    }
  }
  if (!config.SEED_DEMO_DATA) await ensureConfiguredAdmin(db, config, logger);
}

async function isSeeded(db: Db) {
  const settings = await db.select({ id: schema.appSettings.id }).from(schema.appSettings).limit(1);
  return settings.length > 0;
}

async function ensureConfiguredAdmin(db: Db, config: SeedSettings, logger: Pick<Logger, 'info' | 'warn'>) {
  const { SEED_ADMIN_EMAIL: email, SEED_ADMIN_PASSWORD: password } = config;
  if (!email || !password) return;
  try {
    const outcome = await createOrPromoteAdmin(db, email, async () => password);
    if (outcome !== 'already-admin') logger.info({ email, outcome }, 'administrator from SEED_ADMIN_EMAIL');
  } catch (error) {
    if (!(error instanceof AdminAccountError)) throw error;
    logger.warn({ email, reason: error.message }, 'SEED_ADMIN_EMAIL was not made an administrator');
  }
}

/** Demo logins; a password the operator chose is never printed. */
export function printCredentials(credentials: DemoCredentials, options: { passwordWasGiven: boolean }) {
  const adminPassword = options.passwordWasGiven ? '(the SEED_ADMIN_PASSWORD you set)' : credentials.adminPassword;
  console.log(
    [
      '',
      'Souk demo data is ready.',
      `  Admin login: ${credentials.adminEmail} / ${adminPassword}`,
      `  Demo users:  user01@souk.test … user12@souk.test / ${credentials.userPassword}`,
      '',
    ].join('\n'),
  );
}
