import { eq, sql } from 'drizzle-orm';
import { pickLanguage } from '../../../contract/language.ts';
import { USER_STATUS } from '../../../contract/users.ts';
import type { Db } from '../../db/database.ts';
import { accounts, appSettings, sessions, users } from '../../db/schema/index.ts';
import { AppError } from '../../kernel/errors.ts';
import type { Mailer } from '../../kernel/mail.ts';
import type { Limiter, LimiterFactory } from '../../kernel/rate-limit.ts';
import { AddressCodes } from './address-codes.ts';
import type { CodeSendGuard } from './code-sends.ts';
import type { AuthLibrary } from './library.ts';
import { codeMail } from './messages.ts';
import { assertNotShutOut } from './refusals.ts';
import { type RegistrationAttempt, RegistrationAttempts } from './registrations.ts';

interface Meta {
  headers: Headers;
  ip: string;
  language: string;
}

interface Session {
  userId: string;
  userName: string;
  token: string;
  cookies: string[];
}

type User = typeof users.$inferSelect;

/** Failed passwords one client address may send for one account in the window, and for all accounts. */
export const LOGIN_FAILURES_PER_ACCOUNT_AND_SOURCE = 10;
export const LOGIN_FAILURES_PER_SOURCE = 100;
const LOGIN_WINDOW_SECONDS = 900;
/** Newest registration attempts of one address a sign-in compares the password with (each costs an argon2 check). */
const ATTEMPTS_CHECKED_AT_SIGN_IN = 5;
/** PostgreSQL's unique_violation. */
const UNIQUE_VIOLATION = '23505';

export interface EmailRegistrationDeps {
  db: Db;
  auth: AuthLibrary;
  mailer: Mailer;
  codeSends: CodeSendGuard;
  createLimiter: LimiterFactory;
  libraryHeaders(meta: Meta): Headers;
}

/**
 * E-mail and password: registration, proving the address, and sign-in (docs/decisions/0006).
 * Whoever proves an address must be the one who chose the password: every registration is its own attempt,
 * found by a token only its maker holds; a code for the address plus that token creates the account with
 * exactly that attempt's password. Until then no account row exists, so a registration blocks nothing.
 */
export class EmailRegistration {
  private readonly deps: EmailRegistrationDeps;
  private readonly attempts: RegistrationAttempts;
  private readonly codes: AddressCodes;
  private readonly limits: Record<'register' | 'verify' | 'failedPair' | 'failedSource', Limiter>;
  private dummyHash: Promise<string> | undefined;

  constructor(deps: EmailRegistrationDeps) {
    this.deps = deps;
    this.attempts = new RegistrationAttempts(deps.db);
    this.codes = new AddressCodes(deps.db, async () => (await deps.auth.$context).secret);
    const limit = deps.createLimiter;
    this.limits = {
      register: limit({ keyPrefix: 'register-ip', points: 30, durationSeconds: 3600 }),
      verify: limit({ keyPrefix: 'code-ip', points: 60, durationSeconds: 3600 }),
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
    };
  }

  async register(
    input: { user_name: string; user_email: string; user_password: string; user_phone?: string },
    meta: Meta,
  ) {
    await this.limits.register.consume(meta.ip);
    const email = input.user_email.toLowerCase();
    await this.assertAddressFree(email);
    const context = await this.deps.auth.$context;
    const attempt: RegistrationAttempt = {
      email,
      name: input.user_name,
      passwordHash: await context.password.hash(input.user_password),
      ...(input.user_phone ? { phone: input.user_phone } : {}),
    };
    if (!(await this.emailVerificationRequired())) {
      const session = await this.startSession(await this.createAccount(attempt), meta);
      return { kind: 'signedIn' as const, session };
    }
    await this.deps.codeSends.admit({ channel: 'email', address: email }, meta.ip);
    const registrationToken = await this.attempts.start(attempt);
    await this.mailCode(email, meta);
    return {
      kind: 'pending' as const,
      pending: { userId: '', userName: input.user_name, userEmail: email, registrationToken },
    };
  }

  /** The address's code and the attempt's token together: creates the account and signs it in. */
  async verify(input: { user_email: string; code: string; registration_token: string }, meta: Meta) {
    await this.limits.verify.consume(meta.ip);
    const email = input.user_email.toLowerCase();
    const attempt = await this.attempts.find(email, input.registration_token);
    if (!attempt) throw new AppError(400, 'auth.registrationOutdated');
    await this.codes.redeem(email, input.code);
    const userId = attempt.userId ? await this.confirmAddress(attempt) : await this.createAccount(attempt);
    await this.codes.forget(email);
    await this.attempts.forget(email);
    // Confirming an account ends any session issued on it before.
    await this.deps.db.delete(sessions).where(eq(sessions.userId, userId));
    return this.startSession(userId, meta);
  }

  /** Another code for a waiting registration; answers the same whether or not the token is known. */
  async resend(input: { user_email: string; registration_token?: string }, meta: Meta) {
    const email = input.user_email.toLowerCase();
    await this.deps.codeSends.admit({ channel: 'email', address: email }, meta.ip);
    const attempt = input.registration_token ? await this.attempts.find(email, input.registration_token) : null;
    if (attempt) await this.mailCode(email, meta);
  }

  /**
   * Checks the password before anything else: a wrong one gets the same answer for every account state and
   * for unknown addresses. The right password of a registration still waiting for its code continues on the
   * code step (403, code 10001, with a registration token).
   */
  async login(input: { user_email: string; user_password: string }, meta: Meta): Promise<Session> {
    const email = input.user_email.toLowerCase();
    const pair = `${email}|${meta.ip}`;
    await this.limits.failedPair.check(pair);
    await this.limits.failedSource.check(meta.ip);
    const user = await this.findUserByEmail(email);
    if (user && !isUnprovenRegistration(user)) {
      if (await this.passwordMatches(await this.passwordHashOf(user.id), input.user_password)) {
        return this.signInKnown(user, meta);
      }
    } else {
      const waiting = await this.attemptWithPassword(email, input.user_password, user);
      if (waiting) throw await this.continueOnCodeStep(waiting, meta);
    }
    await this.limits.failedPair.consume(pair);
    await this.limits.failedSource.consume(meta.ip);
    throw new AppError(401, 'auth.wrongCredentials');
  }

  private async signInKnown(user: User, meta: Meta) {
    if (assertNotShutOut(user).unproven) {
      throw await this.continueOnCodeStep(
        { email: user.userEmail.toLowerCase(), name: user.userName, passwordHash: '', userId: user.id },
        meta,
      );
    }
    return this.startSession(user.id, meta);
  }

  /** A fresh token for the attempt and, unless one was sent moments ago, a fresh code (earlier codes stay good). */
  private async continueOnCodeStep(attempt: RegistrationAttempt, meta: Meta) {
    const registrationToken = await this.attempts.start(attempt);
    try {
      await this.deps.codeSends.admit({ channel: 'email', address: attempt.email }, meta.ip);
      await this.mailCode(attempt.email, meta);
    } catch (error) {
      if ((error as AppError).status !== 429) throw error;
    }
    return new AppError(403, 'auth.pendingVerification', {
      code: 10001,
      data: { registration_token: registrationToken, user_email: attempt.email, user_name: attempt.name },
    });
  }

  private async attemptWithPassword(email: string, password: string, unproven: User | undefined) {
    const waiting = (await this.attempts.forAddress(email)).slice(0, ATTEMPTS_CHECKED_AT_SIGN_IN);
    // A registration made before attempts had their own records: an account row still waiting for its code.
    const oldHash = unproven ? await this.passwordHashOf(unproven.id) : null;
    if (unproven && oldHash) {
      waiting.push({
        email,
        name: unproven.userName,
        passwordHash: oldHash,
        ...(unproven.userPhone ? { phone: unproven.userPhone } : {}),
      });
    }
    if (waiting.length === 0) await this.passwordMatches(await this.hashForTiming(), password);
    for (const attempt of waiting) {
      if (await this.passwordMatches(attempt.passwordHash, password)) return attempt;
    }
    return null;
  }

  /** Creates the proven account with the attempt's name, password and (unproven) phone number. */
  private async createAccount(attempt: RegistrationAttempt) {
    await this.assertAddressFree(attempt.email);
    const { db } = this.deps;
    await db
      .delete(users)
      .where(
        sql`lower(${users.userEmail}) = ${attempt.email} and ${users.status} = ${USER_STATUS.pending} and not ${users.emailVerify}`,
      );
    const context = await this.deps.auth.$context;
    try {
      const user = await context.internalAdapter.createUser(
        { email: attempt.email, name: attempt.name, emailVerified: true },
        { method: 'email-password' },
      );
      await context.internalAdapter.linkAccount({
        userId: user.id,
        providerId: 'credential',
        accountId: user.id,
        password: attempt.passwordHash,
      });
      // Kept as the profile's number but unproven: it neither blocks nor signs in anyone until an SMS code proves it.
      if (attempt.phone) {
        await db.update(users).set({ userPhone: attempt.phone, phoneVerify: false }).where(eq(users.id, user.id));
      }
      return user.id;
    } catch (error) {
      if ((error as { cause?: { code?: string } }).cause?.code === UNIQUE_VIOLATION) {
        throw new AppError(409, 'auth.emailTaken');
      }
      throw error;
    }
  }

  /** An existing account whose address was never proven (an older e-mail change) proves it now. */
  private async confirmAddress(attempt: RegistrationAttempt) {
    const userId = attempt.userId ?? '';
    const [user] = await this.deps.db.select().from(users).where(eq(users.id, userId));
    if (!user || user.userEmail.toLowerCase() !== attempt.email) throw new AppError(400, 'auth.registrationOutdated');
    await this.deps.db.update(users).set({ emailVerify: true }).where(eq(users.id, userId));
    return userId;
  }

  /** Only a proven account holds an address; an old unproven registration row does not. */
  private async assertAddressFree(email: string) {
    const holder = await this.findUserByEmail(email);
    if (holder && !isUnprovenRegistration(holder)) throw new AppError(409, 'auth.emailTaken');
  }

  private async startSession(userId: string, meta: Meta): Promise<Session> {
    const headers = this.deps.libraryHeaders(meta);
    try {
      const { headers: answer, response } = await this.deps.auth.api.signInProvenUser({
        body: { userId },
        headers,
        returnHeaders: true,
      });
      const [user] = await this.deps.db.select({ name: users.userName }).from(users).where(eq(users.id, userId));
      return { userId, userName: user?.name ?? '', token: response.token, cookies: answer.getSetCookie() };
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 403) throw new AppError(403, 'auth.wrongCredentials');
      throw error;
    }
  }

  private async mailCode(email: string, meta: Meta) {
    const code = await this.codes.issue(email);
    await this.deps.mailer.send(codeMail(pickLanguage({ query: meta.language }), email, code, 'email-verification'));
  }

  private async passwordHashOf(userId: string) {
    const [credential] = await this.deps.db
      .select({ password: accounts.password })
      .from(accounts)
      .where(sql`${accounts.userId} = ${userId} and ${accounts.providerId} = 'credential'`);
    return credential?.password ?? null;
  }

  private async passwordMatches(hash: string | null, password: string) {
    const context = await this.deps.auth.$context;
    if (!hash) {
      await context.password.verify({ hash: await this.hashForTiming(), password });
      return false;
    }
    return context.password.verify({ hash, password });
  }

  /** A hash to check against when there is none, so an unknown address answers as slowly as a known one. */
  private hashForTiming() {
    this.dummyHash ??= this.deps.auth.$context.then((context) => context.password.hash('no-such-password'));
    return this.dummyHash;
  }

  private async emailVerificationRequired() {
    const [settings] = await this.deps.db
      .select({ required: appSettings.isEmailVerificationEnabled })
      .from(appSettings)
      .limit(1);
    return settings?.required ?? true;
  }

  private async findUserByEmail(email: string) {
    const [user] = await this.deps.db.select().from(users).where(sql`lower(${users.userEmail}) = ${email}`);
    return user;
  }
}

/** An account row left by a registration from before attempts had their own records; it holds nothing. */
function isUnprovenRegistration(user: User) {
  return user.status === USER_STATUS.pending && !user.emailVerify;
}
