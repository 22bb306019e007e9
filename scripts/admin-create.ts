/**
 * `npm run admin:create -- --email someone@example.com`: makes that address an administrator. A new account
 * gets the password from SOUK_ADMIN_PASSWORD, or typed at the prompt (not shown), or the first line of
 * standard input; an existing confirmed account is promoted and keeps its password.
 */
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { z } from 'zod';
import { ConfigError, loadConfig } from '../server/config.ts';
import { migrateDatabase, openDatabase } from '../server/db/database.ts';
import { DataFolderInUseError } from '../server/db/embedded.ts';
import { AdminAccountError, type AdminOutcome, createOrPromoteAdmin } from '../server/db/seed/admin.ts';
import { seedOnStart } from '../server/db/seed/index.ts';

const USAGE = 'Usage: npm run admin:create -- --email someone@example.com  (password: SOUK_ADMIN_PASSWORD or asked)';
const passwordSchema = z.string().min(8, 'at least 8 characters').max(128, 'at most 128 characters');

const SAID: Record<AdminOutcome, string> = {
  created: 'created as a new administrator account',
  promoted: 'is now an administrator (its password is unchanged)',
  'already-admin': 'was already an administrator; nothing changed',
};

async function main() {
  const { values } = parseArgs({ options: { email: { type: 'string' } } });
  const email = z.email().safeParse(values.email);
  if (!email.success) throw new UsageError(`${USAGE}\nThe e-mail address is missing or not valid.`);
  const config = loadConfig({ LOG_LEVEL: 'warn', ...process.env });
  const logger = pino({ level: config.LOG_LEVEL });
  const database = await openDatabase(config, logger);
  try {
    let outcome: AdminOutcome = 'already-admin';
    await migrateDatabase(database.pool, async (db) => {
      // Before the first start, the roles and settings are not there yet: seed as a start would.
      await seedOnStart(db, config, logger);
      outcome = await createOrPromoteAdmin(db, email.data, askPassword);
    });
    console.log(`${email.data} ${SAID[outcome]}.`);
  } finally {
    await database.close();
  }
}

async function askPassword() {
  const given = process.env.SOUK_ADMIN_PASSWORD || (await readPassword('Password for the new administrator: '));
  const checked = passwordSchema.safeParse(given);
  if (!checked.success) throw new UsageError(`The password must have ${checked.error.issues[0]?.message}.`);
  return checked.data;
}

/** One line from standard input; typed at a terminal, nothing is echoed. */
function readPassword(prompt: string): Promise<string> {
  const interactive = Boolean(process.stdin.isTTY);
  // At a terminal readline takes the keys itself (raw mode) and echoes them to its output: a sink here.
  const silent = new Writable({ write: (_chunk, _encoding, done) => done() });
  const lines = createInterface({ input: process.stdin, output: silent, terminal: interactive });
  if (interactive) process.stderr.write(prompt);
  return new Promise((resolve) => {
    let answer = '';
    lines.once('line', (line) => {
      answer = line;
      lines.close();
    });
    lines.once('close', () => {
      if (interactive) process.stderr.write('\n');
      resolve(answer);
    });
  });
}

class UsageError extends Error {}

main().catch((error: unknown) => {
  const known =
    error instanceof UsageError ||
    error instanceof AdminAccountError ||
    error instanceof ConfigError ||
    error instanceof DataFolderInUseError;
  const hint =
    error instanceof DataFolderInUseError
      ? '\nStop Souk first (it holds the embedded database), then run this again.'
      : '';
  console.error(known ? `${(error as Error).message}${hint}` : error);
  process.exit(1);
});
