import type { SocialProvider } from '../../../contract/auth.ts';
import type { RequestMeta } from '../../../contract/session.ts';
import { AppError } from '../../kernel/errors.ts';
import { type AuthLibrary, CLIENT_IP_HEADER, LANGUAGE_HEADER } from './library.ts';

interface LibraryFailure {
  statusCode?: number;
  body?: { code?: string; message?: string };
}

/** How the person reads the library's answers to a one-time code, by its error code. */
const CODE_FAILURES: Record<string, () => AppError> = {
  INVALID_OTP: () => new AppError(400, 'validation.verificationCode'),
  OTP_NOT_FOUND: () => new AppError(400, 'validation.verificationCode'),
  OTP_EXPIRED: () => new AppError(400, 'auth.codeExpired'),
  TOO_MANY_ATTEMPTS: () => new AppError(429, 'auth.codeAttemptsUsed'),
};

/** A session the library issued: the token for API clients and the cookies for browsers. */
export interface IssuedSession {
  token: string;
  cookies: string[];
}

/**
 * Every use of better-auth's internals (its server API, `$context`, internal adapter, password hasher and
 * cookie names) in one place, so the use cases speak in the product's terms and a library upgrade touches
 * one file. Library failures come out as translated AppErrors.
 */
export class LibraryGateway {
  private readonly library: AuthLibrary;

  constructor(library: AuthLibrary) {
    this.library = library;
  }

  /** The key the library signs with (also used to hash our own one-time codes). */
  async secret() {
    return (await this.library.$context).secret;
  }

  // Sessions

  /** Opens a session for an account a use case has already identified; the library's session hook still applies. */
  async startSession(userId: string, meta: RequestMeta, refusedKey: string): Promise<IssuedSession> {
    const { headers, response } = await this.call(
      () => this.library.api.signInProvenUser({ body: { userId }, headers: this.headers(meta), returnHeaders: true }),
      { SESSION_REFUSED: () => new AppError(403, refusedKey) },
      refusedKey,
    );
    return { token: response.token, cookies: headers.getSetCookie() };
  }

  /** The session's user, after the library renewed it (its expiry moves on), and the cookies to set. */
  async currentSession(meta: RequestMeta) {
    const cookieName = (await this.library.$context).authCookies.sessionToken.name;
    const hasCredentials = meta.headers.has('authorization') || meta.headers.get('cookie')?.includes(`${cookieName}=`);
    if (!hasCredentials) return { user: null, token: null, sessionId: null, expiresAt: null, cookies: [] };
    const { headers, response } = await this.library.api.getSession({
      headers: this.headers(meta),
      returnHeaders: true,
    });
    return {
      user: response?.user ?? null,
      token: response?.session.token ?? null,
      sessionId: response?.session.id ?? null,
      expiresAt: response ? new Date(response.session.expiresAt) : null,
      cookies: headers.getSetCookie(),
    };
  }

  /**
   * The one credential a request carries, as it came (its bearer token, else its session cookie), or null
   * when it carries none, or several cookies of that name (the library then picks one: not ours to guess).
   */
  async credentialOf(meta: RequestMeta): Promise<string | null> {
    const authorization = meta.headers.get('authorization');
    if (authorization !== null) return /^Bearer [^\s,]+$/.test(authorization) ? authorization : null;
    const cookieName = (await this.library.$context).authCookies.sessionToken.name;
    const values = (meta.headers.get('cookie') ?? '')
      .split(';')
      .map((pair) => pair.trim())
      .filter((pair) => pair.startsWith(`${cookieName}=`));
    return values.length === 1 ? (values[0] ?? null) : null;
  }

  /** Whether `credential` (as credentialOf answers it) is the session token `token`, signed or not. */
  credentialCarries(credential: string, token: string) {
    const value = credential.startsWith('Bearer ')
      ? credential.slice(7)
      : credential.slice(credential.indexOf('=') + 1);
    return value === token || value.startsWith(`${token}.`);
  }

  /** Ends the request's session; answers the cookies to set (cleared ones when there was no session). */
  async signOut(meta: RequestMeta): Promise<string[]> {
    try {
      const { headers } = await this.library.api.signOut({ headers: this.headers(meta), returnHeaders: true });
      return headers.getSetCookie();
    } catch {
      return this.clearedSessionCookies();
    }
  }

  /** Set-Cookie values that make the browser drop the session cookie, named as the library names it. */
  async clearedSessionCookies() {
    const { name, attributes } = (await this.library.$context).authCookies.sessionToken;
    return [`${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${attributes.secure ? '; Secure' : ''}`];
  }

  // Passwords

  async hashPassword(password: string) {
    return (await this.library.$context).password.hash(password);
  }

  async passwordMatches(hash: string, password: string) {
    return (await this.library.$context).password.verify({ hash, password });
  }

  /** The stored hash of the account's password sign-in, or null when it has none. */
  async passwordHashOf(userId: string) {
    const accounts = await (await this.library.$context).internalAdapter.findAccounts(userId);
    const credential = accounts.find((account) => account.providerId === 'credential');
    return credential ? (credential.password ?? null) : undefined;
  }

  /** Sets the account's password sign-in to `hash`, creating it for accounts that never had one. */
  async setPasswordHash(userId: string, hash: string) {
    const { internalAdapter } = await this.library.$context;
    if ((await this.passwordHashOf(userId)) !== undefined) await internalAdapter.updatePassword(userId, hash);
    else await internalAdapter.linkAccount({ userId, providerId: 'credential', accountId: userId, password: hash });
  }

  /** Creates a proven account with a password sign-in; answers its id. */
  async createAccountWithPassword(account: { email: string; name: string }, passwordHash: string) {
    const { internalAdapter } = await this.library.$context;
    const user = await internalAdapter.createUser({ ...account, emailVerified: true }, { method: 'email-password' });
    await internalAdapter.linkAccount({
      userId: user.id,
      providerId: 'credential',
      accountId: user.id,
      password: passwordHash,
    });
    return user.id;
  }

  /** E-mails a password reset code (the library's e-mail code plugin). */
  async sendPasswordResetCode(email: string, meta: RequestMeta) {
    await this.call(() =>
      this.library.api.requestPasswordResetEmailOTP({ body: { email }, headers: this.headers(meta) }),
    );
  }

  async resetPasswordWithCode(input: { email: string; code: string; password: string }, meta: RequestMeta) {
    await this.call(
      () =>
        this.library.api.resetPasswordEmailOTP({
          body: { email: input.email, otp: input.code, password: input.password },
          headers: this.headers(meta),
        }),
      CODE_FAILURES,
    );
  }

  // Phone codes

  async sendPhoneCode(phone: string, meta: RequestMeta, failureKey: string) {
    await this.call(
      () => this.library.api.sendPhoneNumberOTP({ body: { phoneNumber: phone }, headers: this.headers(meta) }),
      { INVALID_PHONE_NUMBER: () => new AppError(400, 'validation.phoneFormat') },
      failureKey,
    );
  }

  /** Checks and spends a texted code without letting the library pick an account. */
  async consumePhoneCode(phone: string, code: string, failureKey: string) {
    await this.call(
      () => this.library.api.consumePhoneNumberOTP({ body: { phoneNumber: phone, code } }),
      CODE_FAILURES,
      failureKey,
    );
  }

  // E-mail change codes

  async sendEmailChangeCode(newEmail: string, meta: RequestMeta) {
    await this.call(() =>
      this.library.api.requestEmailChangeEmailOTP({ body: { newEmail }, headers: this.headers(meta) }),
    );
  }

  /** Moves the account to `newEmail` with its code; answers the session cookies the library renews. */
  async changeEmailWithCode(newEmail: string, code: string, meta: RequestMeta) {
    const { headers } = await this.call(
      () =>
        this.library.api.changeEmailEmailOTP({
          body: { newEmail, otp: code },
          headers: this.headers(meta),
          returnHeaders: true,
        }),
      CODE_FAILURES,
    );
    return headers.getSetCookie();
  }

  /** How the library names the stored code of an e-mail change (better-auth 1.7). */
  emailChangeCodeIdentifier(userId: string, newEmail: string) {
    return `change-email-otp-${userId}:${newEmail}`;
  }

  // Social sign-in

  /** The provider's sign-in address and the state cookies to set before going there. */
  async startSocialSignIn(
    provider: SocialProvider,
    urls: { callbackURL: string; errorCallbackURL: string },
    meta: RequestMeta,
    failureKey: string,
  ) {
    const { headers, response } = await this.call(
      () =>
        this.library.api.signInSocial({
          body: { provider, ...urls },
          headers: this.headers(meta),
          returnHeaders: true,
        }),
      {},
      failureKey,
    );
    return { url: response.url, cookies: headers.getSetCookie() };
  }

  /** The request's credentials, user agent, client address and language, as the library reads them. */
  private headers(meta: RequestMeta) {
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
    known: Record<string, () => AppError> = {},
    fallbackKey = 'errors.invalidRequest',
  ) {
    try {
      return await run();
    } catch (error) {
      const failure = error as LibraryFailure;
      if (error instanceof AppError || failure.statusCode === undefined) throw error;
      const mapped = failure.body?.code ? known[failure.body.code] : undefined;
      if (mapped) throw mapped();
      if (failure.statusCode >= 500) throw error;
      if (failure.body?.code === 'PASSWORD_TOO_SHORT') throw new AppError(400, 'validation.passwordLength');
      throw new AppError(failure.statusCode === 429 ? 429 : 400, fallbackKey);
    }
  }
}
