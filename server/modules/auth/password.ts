import type { ForgotPasswordInput, LoginInput, ResetPasswordInput } from '../../../contract/auth.ts';
import type { RequestMeta, SignInOutcome } from '../../../contract/session.ts';
import { USER_STATUS } from '../../../contract/users.ts';
import { AppError } from '../../kernel/errors.ts';
import type { Limiter, LimiterFactory } from '../../kernel/rate-limit.ts';
import { type AccountRow, mayHoldSession, type UserAccounts } from '../users/index.ts';
import type { CodeSendGuard } from './code-sends.ts';
import type { LibraryGateway } from './library-gateway.ts';
import { assertNotShutOut } from './refusals.ts';
import { isUnprovenRegistration, type Registration } from './registration.ts';
import type { RegistrationAttempt } from './registrations.ts';
import type { Sessions } from './sessions.ts';

/** Failed passwords one client address may send for one account in the window, and for all accounts. */
export const LOGIN_FAILURES_PER_ACCOUNT_AND_SOURCE = 10;
export const LOGIN_FAILURES_PER_SOURCE = 100;
const LOGIN_WINDOW_SECONDS = 900;
/** Newest registration attempts of one address a sign-in compares the password with (each costs an argon2 check). */
const ATTEMPTS_CHECKED_AT_SIGN_IN = 5;

export interface PasswordDependencies {
  accounts: UserAccounts;
  gateway: LibraryGateway;
  sessions: Sessions;
  registration: Registration;
  codeSends: CodeSendGuard;
  createLimiter: LimiterFactory;
}

/** Signing in with e-mail and password, forgetting it (reset by e-mailed code) and changing it. */
export class Passwords {
  private readonly deps: PasswordDependencies;
  private readonly limits: Record<'failedPair' | 'failedSource' | 'reset' | 'currentPassword', Limiter>;
  private dummyHash: Promise<string> | undefined;

  constructor(deps: PasswordDependencies) {
    this.deps = deps;
    const limit = deps.createLimiter;
    this.limits = {
      // Only failures count, and only per account and client address together (plus a ceiling per address):
      // someone guessing elsewhere never locks the owner out.
      failedPair: limit({
        keyPrefix: 'login-failed',
        points: LOGIN_FAILURES_PER_ACCOUNT_AND_SOURCE,
        durationSeconds: LOGIN_WINDOW_SECONDS,
      }),
      failedSource: limit({
        keyPrefix: 'login-failed-ip',
        points: LOGIN_FAILURES_PER_SOURCE,
        durationSeconds: LOGIN_WINDOW_SECONDS,
      }),
      reset: limit({ keyPrefix: 'reset-ip', points: 30, durationSeconds: 3600 }),
      // Wrong current passwords per account (failures only): a stolen session cannot guess the password.
      currentPassword: limit({ keyPrefix: 'current-password', points: 10, durationSeconds: 900 }),
    };
  }

  /**
   * Checks the password before anything else: a wrong one gets the same answer for every account state and
   * for unknown addresses. The right password of an account nobody proved yet (a registration waiting for
   * its code, or an account whose address was never confirmed) continues on the code step: the outcome is
   * `pending`, with what that step needs, and a fresh code is e-mailed. Pages and the API both act on it.
   */
  async login(input: LoginInput, meta: RequestMeta): Promise<SignInOutcome> {
    const email = input.user_email.toLowerCase();
    const pair = `${email}|${meta.ip}`;
    await this.limits.failedPair.check(pair);
    await this.limits.failedSource.check(meta.ip);
    const user = await this.deps.accounts.byEmail(email);
    if (user && !isUnprovenRegistration(user)) {
      if (await this.passwordMatches(await this.passwordHashOf(user.id), input.user_password)) {
        return this.signInKnown(user, meta);
      }
    } else {
      const waiting = await this.attemptWithPassword(email, input.user_password, user);
      if (waiting) return { kind: 'pending', pending: await this.deps.registration.continueOnCodeStep(waiting, meta) };
    }
    await this.limits.failedPair.consume(pair);
    await this.limits.failedSource.consume(meta.ip);
    throw new AppError(401, 'auth.wrongCredentials');
  }

  /** E-mails a reset code when the account exists and may hold a session; the answer never says which. */
  async forgotPassword(input: ForgotPasswordInput, meta: RequestMeta) {
    const email = input.user_email.toLowerCase();
    await this.deps.codeSends.admit({ channel: 'email', address: email }, meta.ip);
    const user = await this.deps.accounts.byEmail(email);
    // A reset code proves the address, so only the states no proof lifts keep it from being sent.
    if (!user || !mayHoldSession(user)) return;
    await this.deps.gateway.sendPasswordResetCode(email, meta);
  }

  /** Sets a new password with the e-mailed code; every session of the account ends. */
  async resetPassword(input: ResetPasswordInput, meta: RequestMeta) {
    const email = input.user_email.toLowerCase();
    await this.limits.reset.consume(meta.ip);
    const user = await this.deps.accounts.byEmail(email);
    if (!user) throw new AppError(400, 'validation.verificationCode');
    await this.deps.gateway.resetPasswordWithCode({ email, code: input.code, password: input.password }, meta);
    await this.deps.sessions.endAll(user.id);
    // Reading the code proved the address.
    if (user.status === USER_STATUS.pending) await this.deps.accounts.completePendingRegistration(user.id);
  }

  /**
   * Sets a new password (creating the password sign-in for phone and social accounts) and ends other
   * sessions. An account that has a password must give it first.
   */
  async changePassword(userId: string, input: { password: string; current_password?: string }, meta: RequestMeta) {
    const stored = await this.passwordHashOf(userId);
    if (stored) await this.assertCurrentPassword(userId, stored, input.current_password);
    await this.deps.gateway.setPasswordHash(userId, await this.deps.gateway.hashPassword(input.password));
    await this.deps.sessions.endOthers(userId, meta);
  }

  /** Whether the account can sign in with a password (the settings modal then asks for the current one). */
  async hasPassword(userId: string) {
    return Boolean(await this.passwordHashOf(userId));
  }

  private async signInKnown(user: AccountRow, meta: RequestMeta): Promise<SignInOutcome> {
    if (assertNotShutOut(user).unproven) {
      const attempt = { email: user.userEmail.toLowerCase(), name: user.userName, passwordHash: '', userId: user.id };
      return { kind: 'pending', pending: await this.deps.registration.continueOnCodeStep(attempt, meta) };
    }
    return { kind: 'signedIn', session: await this.deps.sessions.start(user.id, meta, 'auth.wrongCredentials') };
  }

  /** The waiting registration of `email` whose password this is, if any. */
  private async attemptWithPassword(email: string, password: string, unproven: AccountRow | undefined) {
    const waiting = (await this.deps.registration.attempts.forAddress(email)).slice(0, ATTEMPTS_CHECKED_AT_SIGN_IN);
    // A registration made before attempts had their own records: an account row still waiting for its code.
    const oldHash = unproven ? await this.passwordHashOf(unproven.id) : null;
    if (unproven && oldHash) {
      const attempt: RegistrationAttempt = { email, name: unproven.userName, passwordHash: oldHash };
      if (unproven.userPhone) attempt.phone = unproven.userPhone;
      waiting.push(attempt);
    }
    if (waiting.length === 0) await this.passwordMatches(null, password);
    for (const attempt of waiting) {
      if (await this.passwordMatches(attempt.passwordHash, password)) return attempt;
    }
    return null;
  }

  private async assertCurrentPassword(userId: string, stored: string, given: string | undefined) {
    if (!given) throw new AppError(400, 'settings.currentPasswordNeeded');
    await this.limits.currentPassword.check(userId);
    if (!(await this.deps.gateway.passwordMatches(stored, given))) {
      await this.limits.currentPassword.consume(userId);
      throw new AppError(400, 'settings.currentPasswordWrong');
    }
  }

  private async passwordHashOf(userId: string) {
    return (await this.deps.gateway.passwordHashOf(userId)) ?? null;
  }

  /** Compares against a stand-in hash when there is none, so an unknown address answers as slowly as a known one. */
  private async passwordMatches(hash: string | null, password: string) {
    if (hash) return this.deps.gateway.passwordMatches(hash, password);
    this.dummyHash ??= this.deps.gateway.hashPassword('no-such-password');
    await this.deps.gateway.passwordMatches(await this.dummyHash, password);
    return false;
  }
}
