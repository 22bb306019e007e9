import { eq } from 'drizzle-orm';
import type { RequestMeta } from '../../../contract/session.ts';
import type { ProfileUpdateInput } from '../../../contract/users.ts';
import type { Db } from '../../kernel/database.ts';
import { AppError } from '../../kernel/errors.ts';
import type { UserAccounts, UsersService } from '../users/index.ts';
import type { CodeSendGuard } from './code-sends.ts';
import type { LibraryGateway } from './library-gateway.ts';
import { verifications } from './schema.ts';

export interface EmailChangeDependencies {
  db: Db;
  accounts: UserAccounts;
  gateway: LibraryGateway;
  users: UsersService;
  codeSends: CodeSendGuard;
}

/**
 * A signed-in user's new e-mail address: kept as pending (the account keeps its address meanwhile) until
 * the code sent to it comes back, so nobody can hold an address they have not proven.
 */
export class EmailChange {
  private readonly deps: EmailChangeDependencies;

  constructor(deps: EmailChangeDependencies) {
    this.deps = deps;
  }

  /** Saves the profile; a different e-mail address starts a change instead of replacing the address. */
  async updateProfile(userId: string, input: ProfileUpdateInput, meta: RequestMeta) {
    const change = input.user_email ? await this.request(userId, input.user_email, meta) : null;
    await this.deps.users.updateProfile(userId, input);
    return { emailPending: Boolean(change?.pending) };
  }

  /** Keeps `newEmail` as pending and sends it a code. An address another account has proven is refused. */
  async request(userId: string, newEmail: string, meta: RequestMeta) {
    const email = newEmail.toLowerCase();
    const user = await this.deps.accounts.byId(userId);
    if (user.userEmail.toLowerCase() === email) {
      await this.setPending(userId, null);
      return { pending: false, email };
    }
    await this.assertFree(userId, email);
    await this.deps.codeSends.admit({ channel: 'email', address: email }, meta.ip);
    await this.setPending(userId, email);
    await this.deps.gateway.sendEmailChangeCode(email, meta);
    return { pending: true, email };
  }

  /** A new code for the pending address (the first may be lost or expired); same limits as the first send. */
  async resend(userId: string, meta: RequestMeta) {
    const user = await this.deps.accounts.byId(userId);
    if (!user.pendingEmail) throw new AppError(400, 'profile.noPendingEmail');
    return this.request(userId, user.pendingEmail, meta);
  }

  /** "Keep my current address": the pending address and its code are dropped, so the code changes nothing. */
  async cancel(userId: string) {
    const user = await this.deps.accounts.byId(userId);
    if (!user.pendingEmail) return;
    await this.setPending(userId, null);
    const identifier = this.deps.gateway.emailChangeCodeIdentifier(userId, user.pendingEmail);
    await this.deps.db.delete(verifications).where(eq(verifications.identifier, identifier));
  }

  /** Moves the pending address to the account once its code is entered; answers the session cookies to set. */
  async confirm(userId: string, code: string, meta: RequestMeta) {
    const user = await this.deps.accounts.byId(userId);
    const email = user.pendingEmail;
    if (!email) throw new AppError(400, 'profile.noPendingEmail');
    await this.assertFree(userId, email);
    const cookies = await this.deps.gateway.changeEmailWithCode(email, code, meta);
    await this.deps.accounts.confirmPendingEmail(userId);
    return { email, cookies };
  }

  private async setPending(userId: string, email: string | null) {
    await this.deps.accounts.setPendingEmail(userId, email);
  }

  private async assertFree(userId: string, email: string) {
    const holder = await this.deps.accounts.byEmail(email);
    if (holder && holder.id !== userId) throw new AppError(409, 'profile.emailTakenMeanwhile');
  }
}
