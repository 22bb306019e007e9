import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../kernel/errors.ts';

/** Reading the account rows the sign-in use cases work on. */

export type AccountRow = typeof users.$inferSelect;

/** PostgreSQL's unique_violation, as drizzle wraps it. */
export const isUniqueViolation = (error: unknown) => (error as { cause?: { code?: string } }).cause?.code === '23505';

export async function findAccountByEmail(db: Db, email: string): Promise<AccountRow | undefined> {
  // Addresses are stored in lower case (the users table enforces it), so this is one probe of its unique index.
  const [user] = await db.select().from(users).where(eq(users.userEmail, email.toLowerCase()));
  return user;
}

export async function accountById(db: Db, userId: string): Promise<AccountRow> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError(404, 'users.notFound');
  return user;
}
