import { hash, verify } from '@node-rs/argon2';
import { type BetterAuthOptions, betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthEndpoint } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { bearer } from 'better-auth/plugins/bearer';
import { emailOTP } from 'better-auth/plugins/email-otp';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { phoneNumber } from 'better-auth/plugins/phone-number';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { SESSION_LIFETIME_MS, SESSION_RENEWAL_SECONDS } from '../../../contract/auth.ts';
import { type LanguageCode, pickLanguage } from '../../../contract/language.ts';
import { ROLE, USER_STATUS } from '../../../contract/users.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../kernel/database.ts';
import type { Mailer } from '../../kernel/mail.ts';
import type { SmsSender } from '../../kernel/sms.ts';
import { authLibraryUsersTable, type IdentityProvider, type UserAccounts } from '../users/index.ts';
import { CODE_ATTEMPTS, CODE_LIFETIME_SECONDS, hashCode } from './address-codes.ts';
import { codeMail, codeSms } from './messages.ts';
import { checkHashedPhoneCode, hashPhoneCodeBeforeStoring } from './phone-codes.ts';
import { accounts, sessions, verifications } from './schema.ts';
import { socialProviderConfigs, trustedOrigins } from './social-providers.ts';

/** The header through which the app hands the client's address to the auth library. */
export const CLIENT_IP_HEADER = 'x-souk-client-ip';
/** The header through which the app tells the library the language of codes it sends. */
export const LANGUAGE_HEADER = 'x-souk-language';

export interface AuthLibraryOptions {
  db: Db;
  accounts: UserAccounts;
  config: Config;
  secret: string;
  mailer: Mailer;
  sms: SmsSender;
}

/**
 * better-auth over our own tables: e-mail + password, e-mail codes (verification, password reset), phone
 * codes, bearer tokens for API clients and Google/Facebook/Apple through generic OAuth so every provider's
 * endpoints can be pointed at a local OpenID Connect server in tests (docs/decisions/0005).
 */
export function createAuthLibrary(options: AuthLibraryOptions) {
  const { db, config, mailer, sms } = options;
  const socialConfigs = socialProviderConfigs(db, options.accounts, config);
  return betterAuth({
    appName: 'Souk',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: options.secret,
    telemetry: { enabled: false },
    logger: { level: 'error' },
    trustedOrigins: trustedOrigins(config),
    // Our routes count attempts per address and per account (see service.ts); the library's own would double-count.
    rateLimit: { enabled: false },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: authLibraryUsersTable, session: sessions, account: accounts, verification: verifications },
    }),
    user: {
      fields: {
        name: 'userName',
        email: 'userEmail',
        emailVerified: 'emailVerify',
        createdAt: 'addedDate',
        updatedAt: 'updatedDate',
      },
      additionalFields: {
        // Read with every session, so the app learns who is asking without a second query.
        status: { type: 'number', input: false, defaultValue: USER_STATUS.active },
        isBanned: { type: 'boolean', input: false, defaultValue: false },
        userIsSysAdmin: { type: 'boolean', input: false, defaultValue: false },
        roleId: { type: 'number', input: false, defaultValue: ROLE.user },
        userProfilePhoto: { type: 'string', input: false, required: false },
      },
    },
    session: {
      expiresIn: SESSION_LIFETIME_MS / 1000,
      // Any request renews the session: it ends one day after the last action (SPEC.md 4), to the minute. The
      // session row (and the cookie) is rewritten at most once a minute, not on every request.
      updateAge: SESSION_RENEWAL_SECONDS,
    },
    account: {
      // No trusted providers: a sign-in joins an existing account only when the provider says it verified
      // the e-mail (email_verified), or anyone could claim a copy of someone's address at a provider.
      accountLinking: { enabled: true },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
      // Whether a new account must confirm its e-mail is an app setting; the service marks it verified when not.
      requireEmailVerification: true,
      revokeSessionsOnPasswordReset: true,
      password: {
        hash: (password) => hash(password),
        verify: ({ hash: stored, password }) => verify(stored, password),
      },
    },
    // The service sends the code itself, once, in the reader's language.
    emailVerification: { autoSignInAfterVerification: true, sendOnSignUp: false },
    advanced: {
      cookiePrefix: 'souk',
      useSecureCookies: config.publicUrl.startsWith('https://'),
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: () => crypto.randomUUID() },
    },
    databaseHooks: databaseHooks(options),
    plugins: [
      bearer(),
      emailCodes(options.secret, mailer),
      phoneCodes(options.secret, sms),
      genericOAuth({ config: socialConfigs }),
      provenSignIn(),
    ],
  });
}

function databaseHooks(options: AuthLibraryOptions): BetterAuthOptions['databaseHooks'] {
  return {
    session: {
      create: {
        // Whatever the sign-in method, only proven, active and unbanned accounts get a session.
        before: async (session) => ((await options.accounts.maySignIn(session.userId)) ? undefined : false),
      },
    },
    account: {
      create: { after: async (account) => recordProviderIdentity(options.db, options.accounts, account) },
    },
    verification: {
      // One-time codes are stored hashed (the e-mail plugin does it itself, see storeOTP).
      create: { before: async (verification) => hashPhoneCodeBeforeStoring(options.secret, verification) },
    },
  };
}

/** Codes sent by e-mail: the address's verification, password reset, a new profile address. */
function emailCodes(secret: string, mailer: Mailer) {
  return emailOTP({
    otpLength: 6,
    expiresIn: CODE_LIFETIME_SECONDS,
    allowedAttempts: CODE_ATTEMPTS,
    overrideDefaultEmailVerification: true,
    sendVerificationOnSignUp: false,
    storeOTP: { hash: async (otp) => hashCode(secret, otp) },
    // A new profile address becomes the account's only after the code sent to it (users/service.ts).
    changeEmail: { enabled: true },
    async sendVerificationOTP({ email, otp, type }, context) {
      await mailer.send(codeMail(languageOf(context), email, otp, type));
    },
  });
}

/** Codes sent by SMS, stored hashed (phone-codes.ts). */
function phoneCodes(secret: string, sms: SmsSender) {
  return phoneNumber({
    otpLength: 6,
    expiresIn: CODE_LIFETIME_SECONDS,
    allowedAttempts: CODE_ATTEMPTS,
    schema: { user: { fields: { phoneNumber: 'userPhone', phoneNumberVerified: 'phoneVerify' } } },
    phoneNumberValidator: (value) => /^\+[1-9]\d{6,14}$/.test(value),
    async sendOTP({ phoneNumber: to, code }, context) {
      await sms.send(codeSms(languageOf(context), to, code));
    },
    verifyOTP: async (data, context) => {
      if (!context) return false;
      return checkHashedPhoneCode(secret, context.context.internalAdapter, data);
    },
    // No signUpOnVerification: the library would pick the account by any claim on the number, proven
    // or not; the service checks the code with consumePhoneNumberOTP and chooses the account itself.
  });
}

export type AuthLibrary = ReturnType<typeof createAuthLibrary>;

function languageOf(
  context: { headers?: Headers | undefined; request?: Request | undefined } | null | undefined,
): LanguageCode {
  const headers = context?.headers ?? context?.request?.headers;
  return pickLanguage({ query: headers?.get(LANGUAGE_HEADER) ?? undefined });
}

/**
 * A server-only endpoint (no HTTP path) that signs in an account the service has already identified by
 * a code it checked, setting the library's own session cookie. The session hook still applies.
 */
function provenSignIn() {
  return {
    id: 'souk-proven-sign-in',
    endpoints: {
      signInProvenUser: createAuthEndpoint(
        { method: 'POST', body: z.object({ userId: z.string() }), metadata: { scope: 'server' as const } },
        async (context) => {
          const user = await context.context.internalAdapter.findUserById(context.body.userId);
          const session = user ? await context.context.internalAdapter.createSession(user.id) : null;
          if (!user || !session) throw APIError.fromStatus('FORBIDDEN', { code: 'SESSION_REFUSED' });
          await setSessionCookie(context, { session, user });
          return context.json({ token: session.token });
        },
      ),
    },
  };
}

const IDENTITY_PROVIDERS: readonly string[] = ['google', 'facebook', 'apple'] satisfies IdentityProvider[];

/** Keeps the spec's google_id / facebook_id / apple_id and the provider's e-mail in step with linked accounts. */
async function recordProviderIdentity(
  db: Db,
  userAccounts: UserAccounts,
  account: { userId: string; providerId: string; accountId: string; id: string },
) {
  if (!IDENTITY_PROVIDERS.includes(account.providerId)) return;
  const provider = account.providerId as IdentityProvider;
  const email = await userAccounts.recordProviderIdentity(account.userId, provider, account.accountId);
  await db.update(accounts).set({ providerEmail: email }).where(eq(accounts.id, account.id));
}
