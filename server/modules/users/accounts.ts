import { and, eq, ne, sql } from 'drizzle-orm';
import { USER_STATUS } from '../../../contract/users.ts';
import type { Db } from '../../kernel/database.ts';
import { AppError } from '../../kernel/errors.ts';
import { phoneOnlyEmail } from './phone-only-email.ts';
import { maySignIn } from './policy.ts';
import { users } from './schema.ts';

export type AccountRow = typeof users.$inferSelect;
export type IdentityProvider = 'google' | 'facebook' | 'apple';

const PROVIDER_COLUMNS = {
  google: { id: 'googleId', verified: 'googleVerify' },
  facebook: { id: 'facebookId', verified: 'facebookVerify' },
  apple: { id: 'appleId', verified: 'appleVerify' },
} as const;

/**
 * The sign-in side of an account row (e-mail, phone, their proofs, provider ids, push token), read and written
 * for the auth module, which decides when: users owns the row, auth owns the rules of proving who one is.
 */
export class UserAccounts {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  /** Addresses are stored in lower case (the table enforces it), so this is one probe of its unique index. */
  async byEmail(email: string): Promise<AccountRow | undefined> {
    const [user] = await this.db.select().from(users).where(eq(users.userEmail, email.toLowerCase()));
    return user;
  }

  async find(userId: string): Promise<AccountRow | undefined> {
    const [user] = await this.db.select().from(users).where(eq(users.id, userId));
    return user;
  }

  async byId(userId: string): Promise<AccountRow> {
    const user = await this.find(userId);
    if (!user) throw new AppError(404, 'users.notFound');
    return user;
  }

  /** Whether the account may be given a session now (policy.ts). */
  async maySignIn(userId: string) {
    const user = await this.find(userId);
    return Boolean(user && maySignIn(user));
  }

  async nameOf(userId: string) {
    const [user] = await this.db.select({ name: users.userName }).from(users).where(eq(users.id, userId));
    return user?.name ?? '';
  }

  /** An app's push token (SPEC.md 4 Session); null forgets it. */
  async setDeviceToken(userId: string, deviceToken: string | null) {
    await this.db.update(users).set({ deviceToken }).where(eq(users.id, userId));
  }

  async markEmailProven(userId: string) {
    await this.db.update(users).set({ emailVerify: true }).where(eq(users.id, userId));
  }

  /** A registration still waiting for its e-mail code is complete: reading a code sent there proved it. */
  async completePendingRegistration(userId: string) {
    await this.db
      .update(users)
      .set({ status: USER_STATUS.active, emailVerify: true })
      .where(and(eq(users.id, userId), eq(users.status, USER_STATUS.pending)));
  }

  /** A row an earlier registration left for `email` that nobody ever proved: it holds nothing, so it goes. */
  async dropUnprovenRegistration(email: string) {
    await this.db
      .delete(users)
      .where(
        sql`${users.userEmail} = ${email} and ${users.status} = ${USER_STATUS.pending} and not ${users.emailVerify}`,
      );
  }

  async setPendingEmail(userId: string, email: string | null) {
    await this.db.update(users).set({ pendingEmail: email }).where(eq(users.id, userId));
  }

  /** The pending address became the account's (the library wrote it): it is proven and no longer pending. */
  async confirmPendingEmail(userId: string) {
    await this.db.update(users).set({ pendingEmail: null, emailVerify: true }).where(eq(users.id, userId));
  }

  /** Kept as the profile's number but unproven: it neither blocks nor signs in anyone until an SMS code proves it. */
  async keepUnprovenPhone(userId: string, phone: string) {
    await this.db.update(users).set({ userPhone: phone, phoneVerify: false }).where(eq(users.id, userId));
  }

  /** The account that proved `phone` with an SMS code; unproven claims on the number do not count. */
  async provenPhoneOwner(phone: string): Promise<AccountRow | undefined> {
    const [owner] = await this.db
      .select()
      .from(users)
      .where(and(eq(users.userPhone, phone), eq(users.phoneVerify, true)));
    return owner;
  }

  /** A new account known by its phone number alone (its e-mail is a placeholder nobody can receive). */
  async createForPhone(userName: string, phone: string) {
    const id = crypto.randomUUID();
    await this.db.insert(users).values({ id, userName, userEmail: phoneOnlyEmail(id), userPhone: phone });
    return id;
  }

  /**
   * `userId` proved `phone`: it becomes the account's verified number and every other account's unproven claim
   * on it is dropped. Throws the unique violation when someone else proved it first meanwhile.
   */
  async provePhone(userId: string, phone: string) {
    await this.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ userPhone: null })
        .where(and(eq(users.userPhone, phone), eq(users.phoneVerify, false), ne(users.id, userId)));
      await tx.update(users).set({ userPhone: phone, phoneVerify: true, phoneId: phone }).where(eq(users.id, userId));
    });
  }

  /**
   * A provider linked to the account: the spec's google_id / facebook_id / apple_id and its proof; a provider
   * vouching for the address completes a registration that was waiting for its e-mail code. Answers the
   * account's e-mail address.
   */
  async recordProviderIdentity(userId: string, provider: IdentityProvider, accountId: string) {
    const columns = PROVIDER_COLUMNS[provider];
    const [user] = await this.db
      .select({ email: users.userEmail, status: users.status })
      .from(users)
      .where(eq(users.id, userId));
    const confirmsPending =
      user?.status === USER_STATUS.pending ? { status: USER_STATUS.active, emailVerify: true } : {};
    await this.db
      .update(users)
      .set({ [columns.id]: accountId, [columns.verified]: true, ...confirmsPending })
      .where(eq(users.id, userId));
    return user?.email;
  }
}
