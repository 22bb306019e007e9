import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ROLE, USER_STATUS } from '../../../contract/users.ts';
import type { Db } from '../database.ts';
import * as schema from '../schema/index.ts';
import { hashPassword } from './demo-users.ts';

export type AdminOutcome = 'created' | 'promoted' | 'already-admin';

export class AdminAccountError extends Error {}

/**
 * Makes `email` an administrator: a new confirmed account with the password asked for, or an existing confirmed
 * account promoted (its password is left as it is). An account still waiting for its e-mail code is
 * never promoted: whoever registered it has not proved the address.
 */
export async function createOrPromoteAdmin(
  db: Db,
  email: string,
  askPassword: () => Promise<string>,
): Promise<AdminOutcome> {
  const [existing] = await db
    .select({ id: schema.users.id, status: schema.users.status, roleId: schema.users.roleId })
    .from(schema.users)
    .where(eq(schema.users.userEmail, email.toLowerCase()));
  if (existing) return promote(db, existing);
  await createAdmin(db, email, await askPassword());
  return 'created';
}

async function promote(db: Db, user: { id: string; status: number; roleId: number }): Promise<AdminOutcome> {
  if (user.status === USER_STATUS.pending) {
    throw new AdminAccountError(
      'That address belongs to an account still waiting for its e-mail code; it cannot be made an administrator ' +
        'until its owner has confirmed it.',
    );
  }
  if (user.roleId === ROLE.admin) return 'already-admin';
  await db.update(schema.users).set({ roleId: ROLE.admin, userIsSysAdmin: true }).where(eq(schema.users.id, user.id));
  return 'promoted';
}

async function createAdmin(db: Db, email: string, password: string) {
  const id = randomUUID();
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx.insert(schema.users).values({
      id,
      userName: email.split('@')[0] || 'Admin',
      userEmail: email.toLowerCase(),
      emailVerify: true,
      roleId: ROLE.admin,
      userIsSysAdmin: true,
      status: USER_STATUS.active,
    });
    await tx.insert(schema.accounts).values({
      id: `${id}-credential`,
      accountId: id,
      providerId: 'credential',
      userId: id,
      password: passwordHash,
    });
  });
}
