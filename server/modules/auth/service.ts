import type {
  EmailCodeInput,
  ForgotPasswordInput,
  LoginInput,
  PhoneCodeInput,
  PhoneLoginInput,
  RegisterInput,
  ResetPasswordInput,
  SocialProvider,
} from '../../../contract/auth.ts';
import type { PageWindow } from '../../../contract/pages.ts';
import type {
  PendingVerification,
  RegisterOutcome,
  RequestMeta,
  SignedIn,
  SignInOutcome,
  Viewer,
} from '../../../contract/session.ts';
import type { ProfileUpdateInput } from '../../../contract/users.ts';
import type { Db } from '../../kernel/database.ts';
import type { EventBus } from '../../kernel/events.ts';
import type { Mailer } from '../../kernel/mail.ts';
import { refuseUnlessAdmin } from '../../kernel/operator-actions.ts';
import type { PersonalCaching } from '../../kernel/personal-cache.ts';
import type { LimiterFactory } from '../../kernel/rate-limit.ts';
import type { SettingsService } from '../settings/index.ts';
import type { UserAccounts, UsersService } from '../users/index.ts';
import { CodeSendGuard } from './code-sends.ts';
import { EmailChange } from './email-change.ts';
import type { AuthLibrary } from './library.ts';
import { LibraryGateway } from './library-gateway.ts';
import { Passwords } from './password.ts';
import { PhoneNumbers } from './phone.ts';
import { Registration } from './registration.ts';
import { Sessions } from './sessions.ts';
import { enabledSocialProviders } from './social-providers.ts';

export type { PendingVerification, RegisterOutcome, RequestMeta, SignedIn, SignInOutcome, Viewer };

export interface AuthDependencies {
  db: Db;
  library: AuthLibrary;
  users: UsersService;
  accounts: UserAccounts;
  events: EventBus;
  settings: SettingsService;
  mailer: Mailer;
  createLimiter: LimiterFactory;
  socialProviders: SocialProvider[];
  smsHourlyLimit: number;
  /** Sessions found are kept a while in this process (docs/decisions/0023). */
  caching: PersonalCaching;
}

/**
 * Every way to get an account and a session, one use case per file: registration.ts, password.ts, phone.ts,
 * email-change.ts and sessions.ts hold the rules; library-gateway.ts is the only code that talks to the auth
 * library (cryptography, codes, cookies). Each flow is limited per address and per account, and every
 * one-time code passes one gate (code-sends.ts).
 */
export class AuthService {
  private readonly sessions: Sessions;
  private readonly registration: Registration;
  private readonly passwords: Passwords;
  private readonly phones: PhoneNumbers;
  private readonly emailChange: EmailChange;

  constructor(dependencies: AuthDependencies) {
    const { db, library, users, accounts, settings, mailer, createLimiter, socialProviders } = dependencies;
    const gateway = new LibraryGateway(library);
    const codeSends = new CodeSendGuard(createLimiter, dependencies.smsHourlyLimit);
    const sessionDeps = { db, events: dependencies.events, accounts, caching: dependencies.caching };
    this.sessions = new Sessions(sessionDeps, gateway, socialProviders);
    const { sessions } = this;
    this.registration = new Registration({
      db,
      accounts,
      settings,
      gateway,
      sessions,
      mailer,
      codeSends,
      createLimiter,
    });
    const { registration } = this;
    this.passwords = new Passwords({ accounts, gateway, sessions, registration, codeSends, createLimiter });
    this.phones = new PhoneNumbers({ accounts, settings, gateway, sessions, codeSends, createLimiter });
    this.emailChange = new EmailChange({ db, accounts, gateway, users, codeSends });
  }

  // Registration

  async register(input: RegisterInput, meta: RequestMeta): Promise<RegisterOutcome> {
    if (input.user_phone) await this.phones.assertFree('', input.user_phone);
    return this.registration.register(input, meta);
  }

  /** Confirms a registration with the e-mailed code and its registration token, and signs the new account in. */
  verifyEmail(input: EmailCodeInput & { registration_token: string }, meta: RequestMeta): Promise<SignedIn> {
    return this.registration.verify(input, meta);
  }

  /** Sends a new code for a waiting registration. Answers the same whether or not it is known. */
  resendEmailCode(input: { user_email: string; registration_token?: string }, meta: RequestMeta) {
    return this.registration.resend(input, meta);
  }

  // Passwords

  /**
   * Signs in with e-mail and password; an app's push `device_token`, when given, is kept with the account.
   * An account nobody proved yet answers `pending`: the code step, with a fresh code e-mailed.
   */
  async login(input: LoginInput & { device_token?: string }, meta: RequestMeta): Promise<SignInOutcome> {
    const outcome = await this.passwords.login(input, meta);
    if (outcome.kind === 'signedIn' && input.device_token) {
      await this.sessions.rememberDevice(outcome.session.userId, input.device_token);
    }
    return outcome;
  }

  forgotPassword(input: ForgotPasswordInput, meta: RequestMeta) {
    return this.passwords.forgotPassword(input, meta);
  }

  resetPassword(input: ResetPasswordInput, meta: RequestMeta) {
    return this.passwords.resetPassword(input, meta);
  }

  changePassword(userId: string, input: { password: string; current_password?: string }, meta: RequestMeta) {
    return this.passwords.changePassword(userId, input, meta);
  }

  hasPassword(userId: string) {
    return this.passwords.hasPassword(userId);
  }

  // Phone numbers

  sendPhoneCode(input: PhoneLoginInput, meta: RequestMeta) {
    return this.phones.sendSignInCode(input, meta);
  }

  verifyPhoneCode(input: PhoneCodeInput, meta: RequestMeta) {
    return this.phones.signIn(input, meta);
  }

  sendPhoneChangeCode(userId: string, phone: string, meta: RequestMeta) {
    return this.phones.sendChangeCode(userId, phone, meta);
  }

  confirmPhoneChange(userId: string, phone: string, code: string, meta: RequestMeta) {
    return this.phones.confirmChange(userId, phone, code, meta);
  }

  defaultCountry() {
    return this.phones.defaultCountry();
  }

  // E-mail address and profile

  updateProfile(userId: string, input: ProfileUpdateInput, meta: RequestMeta) {
    return this.emailChange.updateProfile(userId, input, meta);
  }

  requestEmailChange(userId: string, newEmail: string, meta: RequestMeta) {
    return this.emailChange.request(userId, newEmail, meta);
  }

  resendEmailChangeCode(userId: string, meta: RequestMeta) {
    return this.emailChange.resend(userId, meta);
  }

  cancelEmailChange(userId: string) {
    return this.emailChange.cancel(userId);
  }

  confirmEmailChange(userId: string, code: string, meta: RequestMeta) {
    return this.emailChange.confirm(userId, code, meta);
  }

  // Sessions

  currentViewer(meta: RequestMeta) {
    return this.sessions.currentViewer(meta);
  }

  logout(meta: RequestMeta, viewer: Viewer | null) {
    return this.sessions.logout(meta, viewer);
  }

  /** Which of these sessions still hold: a WebSocket of one that ended closes (realtime gateway). */
  openSessions(sessionIds: string[]) {
    return this.sessions.stillOpen(sessionIds);
  }

  /** How many sessions of a user are open (the operator's console). */
  openSessionCount(userId: string) {
    return this.sessions.openCount(userId);
  }

  /** A user's open sessions, the last renewed first: administrators only (the operator's console). */
  openSessionsOf(asker: { isAdmin: boolean }, userId: string, page: PageWindow) {
    refuseUnlessAdmin(asker);
    return this.sessions.openOf(userId, page);
  }

  /** Ends every session of a user (ban, deactivation). */
  endAllSessions(userId: string) {
    return this.sessions.endAll(userId);
  }

  clearedSessionCookies() {
    return this.sessions.clearedSessionCookies();
  }

  enabledSocialProviders() {
    return this.sessions.enabledSocialProviders();
  }

  startSocialSignIn(
    provider: SocialProvider,
    urls: { callbackURL: string; errorCallbackURL: string },
    meta: RequestMeta,
  ) {
    return this.sessions.startSocialSignIn(provider, urls, meta);
  }
}

export function authServiceFor(
  db: Db,
  library: AuthLibrary,
  config: Parameters<typeof enabledSocialProviders>[0] & { SMS_HOURLY_LIMIT: number },
  dependencies: Pick<
    AuthDependencies,
    'createLimiter' | 'mailer' | 'users' | 'accounts' | 'settings' | 'events' | 'caching'
  >,
) {
  return new AuthService({
    db,
    library,
    ...dependencies,
    socialProviders: enabledSocialProviders(config),
    smsHourlyLimit: config.SMS_HOURLY_LIMIT,
  });
}
