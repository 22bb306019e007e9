import { and, eq, sql } from 'drizzle-orm';
import { ROLE, SOCIAL_LOGIN_FAILED, type SocialProvider, USER_STATUS } from '../../../contract/constants.ts';
import type {
  EmailCodeInput,
  ForgotPasswordInput,
  LoginInput,
  PhoneCodeInput,
  PhoneLoginInput,
  RegisterInput,
  ResetPasswordInput,
} from '../../../contract/validation.ts';
import type { Db } from '../../db/database.ts';
import { appSettings, sessions, users } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import type { Limiter, LimiterFactory } from '../../platform/rate-limit.ts';
import { type AuthLibrary, CLIENT_IP_HEADER, enabledSocialProviders, LANGUAGE_HEADER } from './library.ts';

/** What the service needs to know about the request it serves. */
export interface RequestMeta {
  /** The incoming headers (cookie or bearer token, user agent). */
  headers: Headers;
  ip: string;
  language: string;
}

/** A signed-in result: the session token (for API clients) and the cookies to set (for browsers). */
export interface SignedIn {
  userId: string;
  userName: string;
  token: string;
  cookies: string[];
}

export interface PendingVerification {
  userId: string;
  userName: string;
  userEmail: string;
}

export type RegisterOutcome =
  | { kind: 'signedIn'; session: SignedIn }
  | { kind: 'pending'; pending: PendingVerification };

/** Who is asking, when anyone is signed in. */
export interface Viewer {
  userId: string;
  userName: string;
  photo: string | null;
  isAdmin: boolean;
  status: number;
}

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
  private readonly limits: Record<'login' | 'register' | 'code' | 'reset' | 'accountLogin' | 'accountCode', Limiter>;

  constructor(db: Db, auth: AuthLibrary, socialProviders: SocialProvider[], createLimiter: LimiterFactory) {
    this.db = db;
    this.auth = auth;
    this.socialProviders = socialProviders;
    // Per-address limits are generous (mobile carriers put many people behind one address);
    // per-account limits are the tight ones.
    this.limits = {
      login: createLimiter({ keyPrefix: 'login-ip', points: 100, durationSeconds: 900 }),
      accountLogin: createLimiter({ keyPrefix: 'login-account', points: 10, durationSeconds: 900 }),
      register: createLimiter({ keyPrefix: 'register-ip', points: 30, durationSeconds: 3600 }),
      code: createLimiter({ keyPrefix: 'code-ip', points: 60, durationSeconds: 3600 }),
      accountCode: createLimiter({ keyPrefix: 'code-account', points: 5, durationSeconds: 900 }),
      reset: createLimiter({ keyPrefix: 'reset-ip', points: 30, durationSeconds: 3600 }),
    };
  }

  enabledSocialProviders() {
    return this.socialProviders;
  }

  async register(input: RegisterInput, meta: RequestMeta): Promise<RegisterOutcome> {
    await this.limits.register.consume(meta.ip);
    const email = input.user_email.toLowerCase();
    const existing = await this.findUserByEmail(email);
    if (input.user_phone) await this.assertPhoneFree(existing?.id ?? '', input.user_phone);
    if (existing?.status === USER_STATUS.pending) return this.registerAgain(existing.id, input, meta);
    if (existing) throw new AppError(409, 'auth.emailTaken');
    const { response } = await this.call(() =>
      this.auth.api.signUpEmail({
        body: { name: input.user_name, email, password: input.user_password },
        headers: this.libraryHeaders(meta),
        returnHeaders: true,
      }),
    );
    const userId = response.user.id;
    if (input.user_phone) await this.db.update(users).set({ userPhone: input.user_phone }).where(eq(users.id, userId));
    if (await this.emailVerificationRequired()) {
      await this.db.update(users).set({ status: USER_STATUS.pending }).where(eq(users.id, userId));
      await this.sendEmailCode(email, meta);
      return { kind: 'pending', pending: { userId, userName: input.user_name, userEmail: email } };
    }
    await this.db.update(users).set({ emailVerify: true }).where(eq(users.id, userId));
    return { kind: 'signedIn', session: await this.signInWithPassword(email, input.user_password, meta) };
  }

  /**
   * Someone registers again with an address still waiting for its code (a lost e-mail, a forgotten
   * password): the latest name and password count, and a new code goes out.
   */
  private async registerAgain(userId: string, input: RegisterInput, meta: RequestMeta): Promise<RegisterOutcome> {
    const context = await this.auth.$context;
    await context.internalAdapter.updatePassword(userId, await context.password.hash(input.user_password));
    await this.db
      .update(users)
      .set({ userName: input.user_name, ...(input.user_phone ? { userPhone: input.user_phone } : {}) })
      .where(eq(users.id, userId));
    const email = input.user_email.toLowerCase();
    await this.sendEmailCode(email, meta);
    return { kind: 'pending', pending: { userId, userName: input.user_name, userEmail: email } };
  }

  /**
   * Confirms an address with the e-mailed code and signs the account in: a new registration, or an
   * account whose e-mail was changed and not yet confirmed.
   */
  async verifyEmail(input: EmailCodeInput, meta: RequestMeta): Promise<SignedIn> {
    const email = input.user_email.toLowerCase();
    await this.limits.code.consume(meta.ip);
    const user = await this.findUserByEmail(email);
    if (!user || !awaitsEmailCode(user)) throw new AppError(400, 'validation.verificationCode');
    const { headers, response } = await this.call(
      () =>
        this.auth.api.verifyEmailOTP({
          body: { email, otp: input.code },
          headers: this.libraryHeaders(meta),
          returnHeaders: true,
        }),
      CODE_FAILURES,
    );
    await this.db
      .update(users)
      .set({ status: USER_STATUS.active })
      .where(and(eq(users.id, user.id), eq(users.status, USER_STATUS.pending)));
    const token = 'token' in response && typeof response.token === 'string' ? response.token : '';
    return { userId: user.id, userName: user.userName, token, cookies: headers.getSetCookie() };
  }

  /** Sends a new code to an unconfirmed address. Answers the same whether or not the address is known. */
  async resendEmailCode(input: { user_email: string }, meta: RequestMeta) {
    const email = input.user_email.toLowerCase();
    await this.limits.code.consume(meta.ip);
    await this.limits.accountCode.consume(`email:${email}`);
    const user = await this.findUserByEmail(email);
    if (user && awaitsEmailCode(user)) await this.sendEmailCode(email, meta);
  }

  /** Signs in; an app's push `device_token`, when given, is kept with the account (SPEC.md 4 Session). */
  async login(input: LoginInput & { device_token?: string }, meta: RequestMeta): Promise<SignedIn> {
    const email = input.user_email.toLowerCase();
    await this.limits.login.consume(meta.ip);
    await this.limits.accountLogin.consume(`email:${email}`);
    const user = await this.findUserByEmail(email);
    if (user) assertMaySignIn(user);
    const session = await this.signInWithPassword(email, input.user_password, meta);
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
    await this.limits.reset.consume(meta.ip);
    await this.limits.accountCode.consume(`reset:${email}`);
    const user = await this.findUserByEmail(email);
    if (!user || user.isBanned || user.status === USER_STATUS.deactivated) return;
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

  async sendPhoneCode(input: PhoneLoginInput, meta: RequestMeta) {
    await this.limits.code.consume(meta.ip);
    await this.limits.accountCode.consume(`phone:${input.user_phone}`);
    const [user] = await this.db.select().from(users).where(eq(users.userPhone, input.user_phone));
    if (user) assertMaySignIn(user);
    await this.call(
      () =>
        this.auth.api.sendPhoneNumberOTP({
          body: { phoneNumber: input.user_phone },
          headers: this.libraryHeaders(meta),
        }),
      { INVALID_PHONE_NUMBER: new AppError(400, 'validation.phoneFormat') },
      'messages.phoneSignInFailed',
    );
  }

  /** Signs in (creating the account on first use) with the SMS code. */
  async verifyPhoneCode(input: PhoneCodeInput, meta: RequestMeta): Promise<SignedIn> {
    await this.limits.code.consume(meta.ip);
    const { headers, response } = await this.call(
      () =>
        this.auth.api.verifyPhoneNumber({
          body: { phoneNumber: input.user_phone, code: input.code },
          headers: this.libraryHeaders(meta),
          returnHeaders: true,
        }),
      CODE_FAILURES,
      'messages.phoneSignInFailed',
    );
    const user = response.user;
    if (!user || !response.token) throw new AppError(400, 'messages.phoneSignInFailed');
    const isNew = user.name === input.user_phone;
    const userName = isNew ? input.user_name : user.name;
    await this.db
      .update(users)
      .set({ phoneId: input.user_phone, ...(isNew ? { userName } : {}) })
      .where(eq(users.id, user.id));
    return { userId: user.id, userName, token: response.token, cookies: headers.getSetCookie() };
  }

  /** Sends a code to a new phone number of a signed-in user ('Error in Changing Phone Number' on failure). */
  async sendPhoneChangeCode(userId: string, phone: string, meta: RequestMeta) {
    await this.limits.code.consume(meta.ip);
    await this.limits.accountCode.consume(`phone:${phone}`);
    await this.assertPhoneFree(userId, phone);
    await this.call(
      () => this.auth.api.sendPhoneNumberOTP({ body: { phoneNumber: phone }, headers: this.libraryHeaders(meta) }),
      {},
      'messages.phoneChangeFailed',
    );
  }

  async confirmPhoneChange(userId: string, phone: string, code: string, meta: RequestMeta) {
    await this.limits.code.consume(meta.ip);
    await this.assertPhoneFree(userId, phone);
    await this.call(
      () =>
        this.auth.api.verifyPhoneNumber({
          body: { phoneNumber: phone, code, updatePhoneNumber: true },
          headers: this.libraryHeaders(meta),
        }),
      CODE_FAILURES,
      'messages.phoneChangeFailed',
    );
    await this.db.update(users).set({ phoneId: phone }).where(eq(users.id, userId));
  }

  private async assertPhoneFree(userId: string, phone: string) {
    const [owner] = await this.db.select({ id: users.id }).from(users).where(eq(users.userPhone, phone));
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
    if (!user || user.isBanned || user.status === USER_STATUS.deactivated) return { viewer: null, cookies };
    return {
      viewer: {
        userId: user.id,
        userName: user.name,
        photo: user.userProfilePhoto ? `/uploads/${user.userProfilePhoto}` : (user.image ?? null),
        isAdmin: user.userIsSysAdmin || user.roleId === ROLE.admin,
        status: user.status,
      },
      cookies,
    };
  }

  /** Sets a new password (creating the password sign-in for phone and social accounts) and ends other sessions. */
  async changePassword(userId: string, password: string, meta: RequestMeta) {
    const context = await this.auth.$context;
    const hashed = await context.password.hash(password);
    const accounts = await context.internalAdapter.findAccounts(userId);
    const credential = accounts.find((account) => account.providerId === 'credential');
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

  /** Ends every session of a user (ban, deactivation). */
  async endAllSessions(userId: string) {
    await this.db.delete(sessions).where(eq(sessions.userId, userId));
  }

  /** Set-Cookie values that make the browser drop the session cookie, named as the library names it. */
  async clearedSessionCookies() {
    const { name, attributes } = (await this.auth.$context).authCookies.sessionToken;
    return [`${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${attributes.secure ? '; Secure' : ''}`];
  }

  private async signInWithPassword(email: string, password: string, meta: RequestMeta): Promise<SignedIn> {
    const { headers, response } = await this.call(
      () =>
        this.auth.api.signInEmail({
          body: { email, password },
          headers: this.libraryHeaders(meta),
          returnHeaders: true,
        }),
      {
        INVALID_EMAIL_OR_PASSWORD: new AppError(401, 'auth.wrongCredentials'),
        EMAIL_NOT_VERIFIED: new AppError(403, 'auth.pendingVerification', { code: 10001 }),
      },
      'auth.wrongCredentials',
    );
    return {
      userId: response.user.id,
      userName: response.user.name,
      token: response.token,
      cookies: headers.getSetCookie(),
    };
  }

  private async sendEmailCode(email: string, meta: RequestMeta) {
    await this.call(() =>
      this.auth.api.sendVerificationOTP({
        body: { email, type: 'email-verification' },
        headers: this.libraryHeaders(meta),
      }),
    );
  }

  private async emailVerificationRequired() {
    const [settings] = await this.db
      .select({ required: appSettings.isEmailVerificationEnabled })
      .from(appSettings)
      .limit(1);
    return settings?.required ?? true;
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
    fallbackKey = 'api.invalidRequest',
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

/** An account that may sign in once it confirms its e-mail address. */
function awaitsEmailCode(user: typeof users.$inferSelect) {
  return !user.emailVerify && !user.isBanned && user.status !== USER_STATUS.deactivated;
}

function assertMaySignIn(user: typeof users.$inferSelect) {
  if (user.isBanned) throw new AppError(403, 'auth.banned');
  if (user.status === USER_STATUS.deactivated) throw new AppError(403, 'auth.deactivated');
  if (user.status === USER_STATUS.pending) throw new AppError(403, 'auth.pendingVerification', { code: 10001 });
}

export function authServiceFor(
  db: Db,
  auth: AuthLibrary,
  config: Parameters<typeof enabledSocialProviders>[0],
  createLimiter: LimiterFactory,
) {
  return new AuthService(db, auth, enabledSocialProviders(config), createLimiter);
}
