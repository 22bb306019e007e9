import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/database.ts';
import { verifications } from './schema.ts';

/** How long a registration waits for its e-mail code (codes themselves last ten minutes; more can be asked for). */
export const REGISTRATION_LIFETIME_SECONDS = 24 * 60 * 60;

/**
 * One registration attempt, waiting for its address to be proven: who chose which password. `userId` is set
 * when an existing account confirms a changed address instead.
 */
export interface RegistrationAttempt {
  email: string;
  name: string;
  passwordHash: string;
  phone?: string;
  userId?: string;
}

/**
 * Registration attempts, each its own record, found only with the random token handed to the one who made
 * it (stored as a hash). No account exists until a code for the address and the attempt's token come back
 * together, so a pending registration holds no address, number or password of anyone else.
 */
export class RegistrationAttempts {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  /** Records an attempt and returns its token (given to the registering client only). */
  async start(attempt: RegistrationAttempt) {
    const token = randomBytes(32).toString('base64url');
    await this.db.insert(verifications).values({
      id: crypto.randomUUID(),
      identifier: identifierOf(attempt.email, token),
      value: JSON.stringify(attempt),
      expiresAt: new Date(Date.now() + REGISTRATION_LIFETIME_SECONDS * 1000),
    });
    return token;
  }

  async find(email: string, token: string): Promise<RegistrationAttempt | null> {
    const [row] = await this.db
      .select({ value: verifications.value })
      .from(verifications)
      .where(and(eq(verifications.identifier, identifierOf(email, token)), gt(verifications.expiresAt, new Date())));
    return row ? (JSON.parse(row.value) as RegistrationAttempt) : null;
  }

  /** The unexpired attempts for `email`, newest first. */
  async forAddress(email: string): Promise<RegistrationAttempt[]> {
    const rows = await this.db
      .select({ value: verifications.value })
      .from(verifications)
      .where(
        and(sql`starts_with(${verifications.identifier}, ${prefixOf(email)})`, gt(verifications.expiresAt, new Date())),
      )
      .orderBy(sql`${verifications.createdAt} desc`);
    return rows.map((row) => JSON.parse(row.value) as RegistrationAttempt);
  }

  /** Drops every attempt for `email` (the address is proven) and any expired attempt. */
  async forget(email: string) {
    await this.db.delete(verifications).where(sql`starts_with(${verifications.identifier}, ${prefixOf(email)})`);
    await this.db
      .delete(verifications)
      .where(
        and(sql`starts_with(${verifications.identifier}, 'registration:')`, lte(verifications.expiresAt, new Date())),
      );
  }
}

const prefixOf = (email: string) => `registration:${email.toLowerCase()}:`;
const identifierOf = (email: string, token: string) =>
  `${prefixOf(email)}${createHash('sha256').update(token).digest('base64url')}`;
