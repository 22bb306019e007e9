import type { RegisterInput } from '../../../contract/auth.ts';
import { pickLanguage } from '../../../contract/language.ts';
import type { PendingVerification, RegisterOutcome, RequestMeta } from '../../../contract/session.ts';
import { USER_STATUS } from '../../../contract/users.ts';
import { type Db, isUniqueViolation } from '../../kernel/database.ts';
import { AppError } from '../../kernel/errors.ts';
import type { Mailer } from '../../kernel/mail.ts';
import type { Limiter, LimiterFactory } from '../../kernel/rate-limit.ts';
import type { SettingsService } from '../settings/index.ts';
import type { AccountRow, UserAccounts } from '../users/index.ts';
import { AddressCodes } from './address-codes.ts';
import type { CodeSendGuard } from './code-sends.ts';
import type { LibraryGateway } from './library-gateway.ts';
import { codeMail } from './messages.ts';
import { type RegistrationAttempt, RegistrationAttempts } from './registrations.ts';
import type { Sessions } from './sessions.ts';

export interface RegistrationDependencies {
  db: Db;
  accounts: UserAccounts;
  settings: SettingsService;
  gateway: LibraryGateway;
  sessions: Sessions;
  mailer: Mailer;
  codeSends: CodeSendGuard;
  createLimiter: LimiterFactory;
}

/** Whoever may not sign in on a registration they never confirmed gets this message. */
const REFUSED = 'auth.wrongCredentials';

/**
 * E-mail registration and proving the address (docs/decisions/0006). Whoever proves an address must be the
 * one who chose the password: every registration is its own attempt, found by a token only its maker holds;
 * a code for the address plus that token creates the account with exactly that attempt's password. Until
 * then no account row exists, so a registration blocks nothing.
 */
export class Registration {
  readonly attempts: RegistrationAttempts;
  private readonly deps: RegistrationDependencies;
  private readonly codes: AddressCodes;
  private readonly limits: Record<'register' | 'verify', Limiter>;

  constructor(deps: RegistrationDependencies) {
    this.deps = deps;
    this.attempts = new RegistrationAttempts(deps.db);
    this.codes = new AddressCodes(deps.db, () => deps.gateway.secret());
    this.limits = {
      register: deps.createLimiter({ keyPrefix: 'register-ip', points: 30, durationSeconds: 3600 }),
      verify: deps.createLimiter({ keyPrefix: 'code-ip', points: 60, durationSeconds: 3600 }),
    };
  }

  /** Signs the new account in at once when the operator turned e-mail verification off; else waits for the code. */
  async register(input: RegisterInput, meta: RequestMeta): Promise<RegisterOutcome> {
    await this.limits.register.consume(meta.ip);
    const email = input.user_email.toLowerCase();
    await this.assertAddressFree(email);
    const attempt: RegistrationAttempt = {
      email,
      name: input.user_name,
      passwordHash: await this.deps.gateway.hashPassword(input.user_password),
      ...(input.user_phone ? { phone: input.user_phone } : {}),
    };
    if (!(await this.emailVerificationRequired())) {
      const session = await this.deps.sessions.start(await this.createAccount(attempt), meta, REFUSED);
      return { kind: 'signedIn', session };
    }
    await this.deps.codeSends.admit({ channel: 'email', address: email }, meta.ip);
    const registrationToken = await this.attempts.start(attempt);
    await this.mailCode(email, meta);
    return { kind: 'pending', pending: { userId: '', userName: input.user_name, userEmail: email, registrationToken } };
  }

  /** The address's code and the attempt's token together: creates the account and signs it in. */
  async verify(input: { user_email: string; code: string; registration_token: string }, meta: RequestMeta) {
    await this.limits.verify.consume(meta.ip);
    const email = input.user_email.toLowerCase();
    const attempt = await this.attempts.find(email, input.registration_token);
    if (!attempt) throw new AppError(400, 'auth.registrationOutdated');
    await this.codes.redeem(email, input.code);
    const userId = attempt.userId ? await this.confirmAddress(attempt) : await this.createAccount(attempt);
    await this.codes.forget(email);
    await this.attempts.forget(email);
    // Confirming an account ends any session issued on it before.
    await this.deps.sessions.endAll(userId);
    return this.deps.sessions.start(userId, meta, REFUSED);
  }

  /** Another code for a waiting registration; answers the same whether or not the token is known. */
  async resend(input: { user_email: string; registration_token?: string }, meta: RequestMeta) {
    const email = input.user_email.toLowerCase();
    await this.deps.codeSends.admit({ channel: 'email', address: email }, meta.ip);
    const attempt = input.registration_token ? await this.attempts.find(email, input.registration_token) : null;
    if (attempt) await this.mailCode(email, meta);
  }

  /**
   * Sends a sign-in that gave the right password of an unconfirmed registration to the code step: a fresh
   * token for the attempt and, unless one was sent moments ago, a fresh code (earlier codes stay good).
   */
  async continueOnCodeStep(attempt: RegistrationAttempt, meta: RequestMeta): Promise<PendingVerification> {
    const registrationToken = await this.attempts.start(attempt);
    try {
      await this.deps.codeSends.admit({ channel: 'email', address: attempt.email }, meta.ip);
      await this.mailCode(attempt.email, meta);
    } catch (error) {
      if ((error as AppError).status !== 429) throw error;
    }
    return { userId: '', userName: attempt.name, userEmail: attempt.email, registrationToken };
  }

  /** Creates the proven account with the attempt's name, password and (unproven) phone number. */
  private async createAccount(attempt: RegistrationAttempt) {
    await this.assertAddressFree(attempt.email);
    const { accounts } = this.deps;
    await accounts.dropUnprovenRegistration(attempt.email);
    try {
      const userId = await this.deps.gateway.createAccountWithPassword(
        { email: attempt.email, name: attempt.name },
        attempt.passwordHash,
      );
      if (attempt.phone) await accounts.keepUnprovenPhone(userId, attempt.phone);
      return userId;
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(409, 'auth.emailTaken');
      throw error;
    }
  }

  /** An existing account whose address was never proven (an older e-mail change) proves it now. */
  private async confirmAddress(attempt: RegistrationAttempt) {
    const userId = attempt.userId ?? '';
    const user = await this.deps.accounts.find(userId);
    if (!user || user.userEmail.toLowerCase() !== attempt.email) throw new AppError(400, 'auth.registrationOutdated');
    await this.deps.accounts.markEmailProven(userId);
    return userId;
  }

  /** Only a proven account holds an address; an old unproven registration row does not. */
  private async assertAddressFree(email: string) {
    const holder = await this.deps.accounts.byEmail(email);
    if (holder && !isUnprovenRegistration(holder)) throw new AppError(409, 'auth.emailTaken');
  }

  private async mailCode(email: string, meta: RequestMeta) {
    const code = await this.codes.issue(email);
    await this.deps.mailer.send(codeMail(pickLanguage({ query: meta.language }), email, code, 'email-verification'));
  }

  private emailVerificationRequired() {
    return this.deps.settings.emailVerificationRequired();
  }
}

/** An account row left by a registration from before attempts had their own records; it holds nothing. */
export function isUnprovenRegistration(user: AccountRow) {
  return user.status === USER_STATUS.pending && !user.emailVerify;
}
