import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/database.ts';
import { AppError } from '../../kernel/errors.ts';
import { verifications } from './schema.ts';

export const CODE_LIFETIME_SECONDS = 600;
export const CODE_ATTEMPTS = 5;

/** A one-time code as it is stored: keyed with the site's secret, never in plain text. */
export function hashCode(secret: string, code: string) {
  return createHmac('sha256', secret).update(code).digest('base64url');
}

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Codes that prove someone reads an e-mail address. Every code sent stays good until it expires or the
 * address is proven, so a later mail (someone else registering the same address) never spoils an earlier
 * one; wrong guesses count against every live code of the address.
 */
export class AddressCodes {
  private readonly db: Db;
  private readonly secret: () => Promise<string>;

  constructor(db: Db, secret: () => Promise<string>) {
    this.db = db;
    this.secret = secret;
  }

  /** Makes, stores (hashed) and returns a new code for `email`. */
  async issue(email: string) {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await this.db.insert(verifications).values({
      id: crypto.randomUUID(),
      identifier: identifierOf(email),
      value: hashCode(await this.secret(), code),
      expiresAt: new Date(Date.now() + CODE_LIFETIME_SECONDS * 1000),
    });
    return code;
  }

  /** Spends a code of `email`; throws the message to show when it is wrong, expired or guessed too often. */
  async redeem(email: string, code: string) {
    const identifier = identifierOf(email);
    const now = new Date();
    const rows = await this.db.select().from(verifications).where(eq(verifications.identifier, identifier));
    const live = rows.filter((row) => row.expiresAt > now && row.attempts < CODE_ATTEMPTS);
    if (live.length === 0) throw refusalFor(rows, now);
    const hashed = hashCode(await this.secret(), code);
    const match = live.find((row) => sameHash(row.value, hashed));
    if (!match) {
      await this.db
        .update(verifications)
        .set({ attempts: sql`${verifications.attempts} + 1` })
        .where(eq(verifications.identifier, identifier));
      throw new AppError(400, 'validation.verificationCode');
    }
    // Deleting the row is the race gate: of two requests with the same code, one wins.
    const spent = await this.db
      .delete(verifications)
      .where(and(eq(verifications.id, match.id), gt(verifications.expiresAt, now)))
      .returning({ id: verifications.id });
    if (spent.length === 0) throw new AppError(400, 'validation.verificationCode');
  }

  /** Drops every code of `email` (the address is proven) and any expired code of any address. */
  async forget(email: string) {
    await this.db.delete(verifications).where(eq(verifications.identifier, identifierOf(email)));
    await this.db
      .delete(verifications)
      .where(
        and(sql`starts_with(${verifications.identifier}, 'address-code:')`, lte(verifications.expiresAt, new Date())),
      );
  }
}

const identifierOf = (email: string) => `address-code:${email.toLowerCase()}`;

function refusalFor(rows: Array<typeof verifications.$inferSelect>, now: Date) {
  if (rows.some((row) => row.expiresAt > now)) return new AppError(429, 'auth.codeAttemptsUsed');
  if (rows.length > 0) return new AppError(400, 'auth.codeExpired');
  return new AppError(400, 'validation.verificationCode');
}
