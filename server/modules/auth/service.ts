import { and, eq, sql } from 'drizzle-orm';
import type {
  EmailCodeInput,
  ForgotPasswordInput,
  LoginInput,
  PhoneCodeInput,
  PhoneLoginInput,
  RegisterInput,
  ResetPasswordInput,
} from '../../../contract/auth.ts';
import { SOCIAL_LOGIN_FAILED, type SocialProvider } from '../../../contract/auth.ts';
import type { PendingVerification, RegisterOutcome, RequestMeta, SignedIn, Viewer } from '../../../contract/session.ts';
import { type ProfileUpdateInput, USER_STATUS } from '../../../contract/users.ts';
import type { Db } from '../../db/database.ts';
import { appSettings, sessions, users, verifications } from '../../db/schema/index.ts';
import { AppError } from '../../kernel/errors.ts';
import type { Mailer } from '../../kernel/mail.ts';
import type { Limiter, LimiterFactory } from '../../kernel/rate-limit.ts';
import { mayHoldSession, phoneOnlyEmail, presentViewer, type UsersService } from '../users/index.ts';
import { type CodeRecipient, CodeSendGuard } from './code-sends.ts';
import { EmailRegistration } from './email-registration.ts';
import { type AuthLibrary, CLIENT_IP_HEADER, enabledSocialProviders, LANGUAGE_HEADER } from './library.ts';
import { assertNotShutOut } from './refusals.ts';

/** PostgreSQL's unique_violation. */
const UNIQUE_VIOLATION = '23505';

export type { PendingVerification, RegisterOutcome, RequestMeta, SignedIn, Viewer };

interface LibraryFailure {
  statusCode?: number;
  body?: { code?: string; message?: string };
  headers?: HeadersInit;
}

const CODE_FAILURES: Record<string, AppError> = {
  INVALID_OTP: new AppError(400, 'validation.verificationCode'),
  OTP_NOT_FOUND: new AppError(400, 'validation.verificationCode'),
  OTP_EXPIRED: new AppError(400, 'auth.codeExpired'),
  TOO_MANY_ATTEMPTS: new AppError(429, 'auth.codeAttemptsUsed'),
};

/**
 * Every way to get an account and a session. Rules live here; the auth library does the cryptography,
 * codes and cookies. Each flow is limited per address and per account.
 */
export class AuthService {
  private readonly db: Db;
  private readonly auth: AuthLibrary;
  private readonly socialProviders: SocialProvider[];
  private readonly limits: Record<'code' | 'reset' | 'currentPassword', Limiter>;
  /** Every one-time code, e-mail or SMS, passes this gate before it is made (code-sends.ts). */
  private readonly codeSends: CodeSendGuard;
  private readonly emailRegistration: EmailRegistration;
  private readonly users: UsersService;

  constructor(
    db: Db,
    auth: AuthLibrary,
    socialProviders: SocialProvider[],
    sending: { createLimiter: LimiterFactory; mailer: Mailer; smsHourlyLimit: number; users: UsersService },
  ) {
    const { createLimiter } = sending;
    this.db = db;
    this.auth = auth;
    this.users = sending.users;
    this.socialProviders = socialProviders;
    // Per-address limits are generous (mobile carriers put many people behind one address).
    this.limits = {
      code: createLimiter({ keyPrefix: 'code-ip', points: 60, durationSeconds: 3600 }),
      reset: createLimiter({ keyPrefix: 'reset-ip', points: 30, durationSeconds: 3600 }),
      // Wrong current passwords per account (failures only): a stolen session cannot guess the password.
      currentPassword: createLimiter({ keyPrefix: 'current-password', points: 10, durationSeconds: 900 }),
    };
    this.codeSends = new CodeSendGuard(createLimiter, sending.smsHourlyLimit);
    this.emailRegistration = new EmailRegistration({
      db,
      auth,
      mailer: sending.mailer,
      codeSends: this.codeSends,
      createLimiter,
      libraryHeaders: (meta) => this.libraryHeaders(meta),
    });
  }

  /** Counts a code about to be sent to `recipient`; throws 429 (with the seconds to wait) when it must not go. */
  async admitCodeSend(recipient: CodeRecipient, meta: RequestMeta) {
    await this.codeSends.admit(recipient, meta.ip);
  }

  enabledSocialProviders() {
    return this.socialProviders;
  }

  async register(input: RegisterInput, meta: RequestMeta): Promise<RegisterOutcome> {
    if (input.user_phone) await this.assertPhoneFree('', input.user_phone);
    return this.emailRegistration.register(input, meta);
  }

  /** Confirms a registration with the e-mailed code and its registration token, and signs the new account in. */
  async verifyEmail(input: EmailCodeInput & { registration_token: string }, meta: RequestMeta): Promise<SignedIn> {
    return this.emailRegistration.verify(input, meta);
  }

  /** Sends a new code for a waiting registration. Answers the same whether or not it is known. */
  async resendEmailCode(input: { user_email: string; registration_token?: string }, meta: RequestMeta) {
    await this.emailRegistration.resend(input, meta);
  }

  /**
   * Signs in; an app's push `device_token`, when given, is kept with the account (SPEC.md 4 Session).
   * The right password of a registration still waiting for its code answers 403 (code 10001) with a
   * registration token for the code step, and a fresh code is e-mailed.
   */
  async login(input: LoginInput & { device_token?: string }, meta: RequestMeta): Promise<SignedIn> {
    const session = await this.emailRegistration.login(input, meta);
    if (input.device_token) {
      await this.db.update(users).set({ deviceToken: input.device_token }).where(eq(users.id, session.userId));
    }
    return session;
  }

  /** Ends this session and forgets the device's push token; `viewer` is who the request was already found to be. */
  async logout(meta: RequestMeta, viewer: Viewer | null): Promise<string[]> {
    if (viewer) await this.db.update(users).set({ deviceToken: null }).where(eq(users.id, viewer.userId));
    try {
      const { headers } = await this.auth.api.signOut({ headers: this.libraryHeaders(meta), returnHeaders: true });
      return headers.getSetCookie();
    } catch {
      // No session to end: still clear whatever cookies the browser holds.
      return this.clearedSessionCookies();
    }
  }

  /** E-mails a reset code when the account exists and may sign in; the answer never says which. */
  async forgotPassword(input: ForgotPasswordInput, meta: RequestMeta) {
    const email = input.user_email.toLowerCase();
    await this.codeSends.admit({ channel: 'email', address: email }, meta.ip);
    const user = await this.findUserByEmail(email);
    // A reset code proves the address, so only the states no proof lifts keep it from being sent.
    if (!user || !mayHoldSession(user)) return;
    await this.call(() =>
      this.auth.api.requestPasswordResetEmailOTP({ body: { email }, headers: this.libraryHeaders(meta) }),
    );
  }

  /** Sets a new password with the e-mailed code; every session of the account ends. */
  async resetPassword(input: ResetPasswordInput, meta: RequestMeta) {
    const email = input.user_email.toLowerCase();
    await this.limits.reset.consume(meta.ip);
    const user = await this.findUserByEmail(email);
    if (!user) throw new AppError(400, 'validation.verificationCode');
    await this.call(
      () =>
        this.auth.api.resetPasswordEmailOTP({
          body: { email, otp: input.code, password: input.password },
          headers: this.libraryHeaders(meta),
        }),
      CODE_FAILURES,
    );
    await this.db.delete(sessions).where(eq(sessions.userId, user.id));
    if (user.status === USER_STATUS.pending) {
      // Reading the code proved the address.
      await this.db.update(users).set({ status: USER_STATUS.active, emailVerify: true }).where(eq(users.id, user.id));
    }
  }

  /** Texts a sign-in code; answers whether the number is new, so the screen asks for a name only then. */
  async sendPhoneCode(input: PhoneLoginInput, meta: RequestMeta): Promise<{ isNew: boolean }> {
    await this.limits.code.consume(meta.ip);
    // A banned or deactivated owner is told so before any code is counted or sent.
    const owner = await this.provenPhoneOwner(input.user_phone);
    if (owner) assertNotShutOut(owner);
    await this.codeSends.admit({ channel: 'sms', address: input.user_phone }, meta.ip);
    await this.call(
      () =>
        this.auth.api.sendPhoneNumberOTP({
          body: { phoneNumber: input.user_phone },
          headers: this.libraryHeaders(meta),
        }),
      { INVALID_PHONE_NUMBER: new AppError(400, 'validation.phoneFormat') },
      'messages.phoneSignInFailed',
    );
    return { isNew: !owner };
  }

  /**
   * Signs in with the SMS code: into the account that proved this number, or a new one named `user_name`.
   * An unproven claim on the number never receives the session; it is dropped (the one who proves it wins it).
   */
  async verifyPhoneCode(input: PhoneCodeInput, meta: RequestMeta): Promise<SignedIn> {
    await this.limits.code.consume(meta.ip);
    const phone = input.user_phone;
    const owner = await this.provenPhoneOwner(phone);
    if (!owner && !input.user_name) throw new AppError(400, 'validation.userNameFormat');
    await this.consumePhoneCode(phone, input.code, 'messages.phoneSignInFailed');
    if (owner) assertNotShutOut(owner);
    const userId = owner?.id ?? (await this.createPhoneAccount(phone, input.user_name ?? phone));
    await this.claimProvenPhone(userId, phone, 'messages.phoneSignInFailed');
    const { headers, response } = await this.call(
      () =>
        this.auth.api.signInProvenUser({ body: { userId }, headers: this.libraryHeaders(meta), returnHeaders: true }),
      { SESSION_REFUSED: new AppError(403, 'messages.phoneSignInFailed') },
      'messages.phoneSignInFailed',
    );
    const userName = owner?.userName ?? input.user_name ?? phone;
    return { userId, userName, token: response.token, cookies: headers.getSetCookie() };
  }

  /** The country whose local numbers the phone screens read by default (the operator's setting). */
  async defaultCountry() {
    const [settings] = await this.db.select({ country: appSettings.defaultCountry }).from(appSettings).limit(1);
    return settings?.country ?? 'SA';
  }

  /** The account that proved `phone` with an SMS code; unproven claims on the number do not count. */
  private async provenPhoneOwner(phone: string) {
    const [owner] = await this.db
      .select()
      .from(users)
      .where(and(eq(users.userPhone, phone), eq(users.phoneVerify, true)));
    return owner;
  }

  /** Checks and spends the texted code without letting the library pick an account. */
  private async consumePhoneCode(phone: string, code: string, fallbackKey: string) {
    await this.call(
      () => this.auth.api.consumePhoneNumberOTP({ body: { phoneNumber: phone, code } }),
      CODE_FAILURES,
      fallbackKey,
    );
  }

  private async createPhoneAccount(phone: string, userName: string) {
    const id = crypto.randomUUID();
    await this.db.insert(users).values({ id, userName, userEmail: phoneOnlyEmail(id), userPhone: phone });
    return id;
  }

  /**
   * `userId` proved `phone`: it becomes the account's verified number and every other account's unproven
   * claim on it is dropped. Someone who proved it first in the meantime keeps it (409).
   */
  private async claimProvenPhone(userId: string, phone: string, failureKey: string) {
    try {
      await this.db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ userPhone: null })
          .where(and(eq(users.userPhone, phone), eq(users.phoneVerify, false), sql`${users.id} <> ${userId}`));
        await tx.update(users).set({ userPhone: phone, phoneVerify: true, phoneId: phone }).where(eq(users.id, userId));
      });
    } catch (error) {
      if ((error as { cause?: { code?: string } }).cause?.code === UNIQUE_VIOLATION) {
        throw new AppError(409, 'users.phoneTaken');
      }
      throw new AppError(400, failureKey);
    }
  }

  /** Sends a code to a new phone number of a signed-in user ('Error in Changing Phone Number' on failure). */
  async sendPhoneChangeCode(userId: string, phone: string, meta: RequestMeta) {
    await this.limits.code.consume(meta.ip);
    // A number another account proved is refused before any code is counted or sent.
    await this.assertPhoneFree(userId, phone);
    await this.codeSends.admit({ channel: 'sms', address: phone }, meta.ip);
    await this.call(
      () => this.auth.api.sendPhoneNumberOTP({ body: { phoneNumber: phone }, headers: this.libraryHeaders(meta) }),
      {},
      'messages.phoneChangeFailed',
    );
  }

  async confirmPhoneChange(userId: string, phone: string, code: string, meta: RequestMeta) {
    await this.limits.code.consume(meta.ip);
    await this.assertPhoneFree(userId, phone);
    await this.consumePhoneCode(phone, code, 'messages.phoneChangeFailed');
    await this.claimProvenPhone(userId, phone, 'messages.phoneChangeFailed');
  }

  /** Only a number another account proved is taken; an unproven claim never blocks its real owner. */
  private async assertPhoneFree(userId: string, phone: string) {
    const owner = await this.provenPhoneOwner(phone);
    if (owner && owner.id !== userId) throw new AppError(409, 'users.phoneTaken');
  }

  /** The provider's sign-in address and the state cookies to set before going there. */
  async startSocialSignIn(
    provider: SocialProvider,
    urls: { callbackURL: string; errorCallbackURL: string },
    meta: RequestMeta,
  ) {
    if (!this.socialProviders.includes(provider)) throw new AppError(404, 'auth.providerDisabled');
    const { headers, response } = await this.call(
      () =>
        this.auth.api.signInSocial({
          body: { provider, ...urls },
          headers: this.libraryHeaders(meta),
          returnHeaders: true,
        }),
      {},
      SOCIAL_LOGIN_FAILED[provider],
    );
    return { url: response.url, cookies: headers.getSetCookie() };
  }

  /** The signed-in user, renewing the session (its expiry moves to one day from now). */
  async currentViewer(meta: RequestMeta): Promise<{ viewer: Viewer | null; cookies: string[] }> {
    const sessionCookie = (await this.auth.$context).authCookies.sessionToken.name;
    const hasCredentials =
      meta.headers.has('authorization') || meta.headers.get('cookie')?.includes(`${sessionCookie}=`);
    if (!hasCredentials) return { viewer: null, cookies: [] };
    const { headers, response } = await this.auth.api.getSession({
      headers: this.libraryHeaders(meta),
      returnHeaders: true,
    });
    const cookies = headers.getSetCookie();
    const user = response?.user;
    if (!user || !mayHoldSession(user)) return { viewer: null, cookies };
    return { viewer: presentViewer(user), cookies };
  }

  /**
   * Sets a new password (creating the password sign-in for phone and social accounts) and ends other
   * sessions. An account that has a password must give it first.
   */
  async changePassword(userId: string, input: { password: string; current_password?: string }, meta: RequestMeta) {
    const context = await this.auth.$context;
    const accounts = await context.internalAdapter.findAccounts(userId);
    const credential = accounts.find((account) => account.providerId === 'credential');
    if (credential?.password) await this.assertCurrentPassword(userId, credential.password, input.current_password);
    const hashed = await context.password.hash(input.password);
    if (credential) await context.internalAdapter.updatePassword(userId, hashed);
    else
      await context.internalAdapter.linkAccount({
        userId,
        providerId: 'credential',
        accountId: userId,
        password: hashed,
      });
    const current = await this.auth.api.getSession({ headers: this.libraryHeaders(meta) });
    await this.db
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), sql`${sessions.token} <> ${current?.session.token ?? ''}`));
  }

  /**
   * Saves the profile. A different e-mail address is not changed here: it waits for its code
   * (requestEmailChange), so nobody can hold an address they have not proven.
   */
  async updateProfile(userId: string, input: ProfileUpdateInput, meta: RequestMeta) {
    const change = input.user_email ? await this.requestEmailChange(userId, input.user_email, meta) : null;
    await this.users.updateProfile(userId, input);
    return { emailPending: Boolean(change?.pending) };
  }

  /**
   * A new profile e-mail: kept as pending (the account keeps its address meanwhile) and a code is sent to
   * it. An address that another account has already proven is refused.
   */
  async requestEmailChange(userId: string, newEmail: string, meta: RequestMeta) {
    const email = newEmail.toLowerCase();
    const user = await this.userById(userId);
    if (user.userEmail.toLowerCase() === email) {
      await this.db.update(users).set({ pendingEmail: null }).where(eq(users.id, userId));
      return { pending: false, email };
    }
    await this.assertEmailFree(userId, email);
    await this.codeSends.admit({ channel: 'email', address: email }, meta.ip);
    await this.db.update(users).set({ pendingEmail: email }).where(eq(users.id, userId));
    await this.call(() =>
      this.auth.api.requestEmailChangeEmailOTP({ body: { newEmail: email }, headers: this.libraryHeaders(meta) }),
    );
    return { pending: true, email };
  }

  /** A new code for the pending address (the first may be lost or expired); same limits as the first send. */
  async resendEmailChangeCode(userId: string, meta: RequestMeta) {
    const user = await this.userById(userId);
    if (!user.pendingEmail) throw new AppError(400, 'profile.noPendingEmail');
    return this.requestEmailChange(userId, user.pendingEmail, meta);
  }

  /** "Keep my current address": the pending address and its code are dropped, so the code changes nothing. */
  async cancelEmailChange(userId: string) {
    const user = await this.userById(userId);
    if (!user.pendingEmail) return;
    await this.db.update(users).set({ pendingEmail: null }).where(eq(users.id, userId));
    // The library keys a change-e-mail code by account and new address.
    const identifier = `change-email-otp-${userId}:${user.pendingEmail}`;
    await this.db.delete(verifications).where(eq(verifications.identifier, identifier));
  }

  /** Moves the pending address to the account once its code is entered; answers the session cookies to set. */
  async confirmEmailChange(userId: string, code: string, meta: RequestMeta) {
    const user = await this.userById(userId);
    const email = user.pendingEmail;
    if (!email) throw new AppError(400, 'profile.noPendingEmail');
    await this.assertEmailFree(userId, email);
    const { headers } = await this.call(
      () =>
        this.auth.api.changeEmailEmailOTP({
          body: { newEmail: email, otp: code },
          headers: this.libraryHeaders(meta),
          returnHeaders: true,
        }),
      CODE_FAILURES,
    );
    await this.db.update(users).set({ pendingEmail: null, emailVerify: true }).where(eq(users.id, userId));
    return { email, cookies: headers.getSetCookie() };
  }

  private async assertEmailFree(userId: string, email: string) {
    const holder = await this.findUserByEmail(email);
    if (holder && holder.id !== userId) throw new AppError(409, 'profile.emailTakenMeanwhile');
  }

  private async userById(userId: string) {
    const [user] = await this.db.select().from(users).where(eq(users.id, userId));
    if (!user) throw new AppError(404, 'users.notFound');
    return user;
  }

  /** Whether the account can sign in with a password (the settings modal then asks for the current one). */
  async hasPassword(userId: string) {
    const accounts = await (await this.auth.$context).internalAdapter.findAccounts(userId);
    return accounts.some((account) => account.providerId === 'credential' && Boolean(account.password));
  }

  private async assertCurrentPassword(userId: string, stored: string, given: string | undefined) {
    if (!given) throw new AppError(400, 'settings.currentPasswordNeeded');
    await this.limits.currentPassword.check(userId);
    const context = await this.auth.$context;
    if (!(await context.password.verify({ hash: stored, password: given }))) {
      await this.limits.currentPassword.consume(userId);
      throw new AppError(400, 'settings.currentPasswordWrong');
    }
  }

  /** Ends every session of a user (ban, deactivation). */
  async endAllSessions(userId: string) {
    await this.db.delete(sessions).where(eq(sessions.userId, userId));
  }

  /** Set-Cookie values that make the browser drop the session cookie, named as the library names it. */
  async clearedSessionCookies() {
    const { name, attributes } = (await this.auth.$context).authCookies.sessionToken;
    return [`${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${attributes.secure ? '; Secure' : ''}`];
  }

  private async findUserByEmail(email: string) {
    const [user] = await this.db.select().from(users).where(sql`lower(${users.userEmail}) = ${email.toLowerCase()}`);
    return user;
  }

  private libraryHeaders(meta: RequestMeta) {
    const headers = new Headers();
    for (const name of ['cookie', 'authorization', 'user-agent']) {
      const value = meta.headers.get(name);
      if (value) headers.set(name, value);
    }
    headers.set(CLIENT_IP_HEADER, meta.ip);
    headers.set(LANGUAGE_HEADER, meta.language);
    return headers;
  }

  /**
   * Runs a library call, turning its failures into translated errors: `known` by the library's error code,
   * anything else in the 4xx range as `fallbackKey`.
   */
  private async call<T>(
    run: () => Promise<T>,
    known: Record<string, AppError> = {},
    fallbackKey = 'errors.invalidRequest',
  ) {
    try {
      return await run();
    } catch (error) {
      const failure = error as LibraryFailure;
      if (error instanceof AppError || failure.statusCode === undefined) throw error;
      const mapped = failure.body?.code ? known[failure.body.code] : undefined;
      if (mapped) throw mapped;
      if (failure.statusCode >= 500) throw error;
      if (failure.body?.code === 'PASSWORD_TOO_SHORT') throw new AppError(400, 'validation.passwordLength');
      throw new AppError(failure.statusCode === 429 ? 429 : 400, fallbackKey);
    }
  }
}

export function authServiceFor(
  db: Db,
  auth: AuthLibrary,
  config: Parameters<typeof enabledSocialProviders>[0] & { SMS_HOURLY_LIMIT: number },
  sending: { createLimiter: LimiterFactory; mailer: Mailer; users: UsersService },
) {
  return new AuthService(db, auth, enabledSocialProviders(config), {
    ...sending,
    smsHourlyLimit: config.SMS_HOURLY_LIMIT,
  });
}
