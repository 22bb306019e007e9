import { sql } from 'drizzle-orm';
import { formatWait } from '../../contract/format.ts';
import type { LanguageCode } from '../../contract/language.ts';
import type { DbOrTx } from './database.ts';
import { AppError } from './errors.ts';

export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

/** What an account did within a limit's window, counted from its own rows. */
export interface WindowCount {
  count: number;
  /** The oldest of those rows: the window has room again once it is `windowMs` old. */
  oldest: Date | string | null;
}

export interface AccountLimit {
  /** 0: no limit. */
  limit: number;
  windowMs: number;
  /** The refusal's locale key, given {{limit}} and {{wait}}. */
  messageKey: string;
}

/**
 * Makes an account's parallel writes of one kind wait for each other inside their transactions, so that each
 * counts the rows of the one before it.
 */
export async function lockAccountCounter(tx: DbOrTx, counter: string, accountId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${counter}:${accountId}`}, 0))`);
}

/** Throws a 429 saying when the account may try again, once `done` has used up the limit. */
export function refuseAtLimit(done: WindowCount, rule: AccountLimit, language: LanguageCode, now = new Date()) {
  if (rule.limit <= 0 || done.count < rule.limit) return;
  const oldest = done.oldest ? new Date(done.oldest).getTime() : now.getTime();
  const minutes = Math.max(1, Math.ceil((oldest + rule.windowMs - now.getTime()) / 60_000));
  throw new AppError(429, rule.messageKey, {
    values: { limit: rule.limit, wait: formatWait(minutes, language) },
    retryAfterSeconds: minutes * 60,
  });
}
