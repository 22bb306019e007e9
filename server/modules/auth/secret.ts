import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.ts';

/**
 * The key that signs session cookies: AUTH_SECRET, or one generated on first start and kept in the data
 * folder (never in the repository), so sessions survive restarts without any setup.
 */
export function authSecret(config: Pick<Config, 'AUTH_SECRET' | 'dataDir'>): string {
  if (config.AUTH_SECRET) return config.AUTH_SECRET;
  const file = path.join(config.dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    // Another instance on the same folder wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim();
    throw error;
  }
}
