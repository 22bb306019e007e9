import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CODE_RESEND_SECONDS,
  emailCodeSchema,
  forgotPasswordSchema,
  loginSchema,
  phoneCodeSchema,
  phoneLoginSchema,
  registerSchema,
  resetPasswordSchema,
  SOCIAL_PROVIDERS,
} from '../../../../contract/auth.ts';
import { errorEnvelopeSchema } from '../../../../contract/envelope.ts';
import { ERROR_CODES } from '../../../../contract/errors.ts';
import type { PendingVerification, SignedIn } from '../../../../contract/session.ts';
import { type Answer, answer, route } from '../../../http/route.ts';
import { AppError } from '../../../kernel/errors.ts';
import type { AuthService } from '../service.ts';

const signedInSchema = z.object({
  user_id: z.string(),
  user_name: z.string(),
  token: z.string().describe('Send as "Authorization: Bearer <token>"; browsers use the session cookie instead'),
});
const registrationToken = z
  .string()
  .min(20)
  .max(200)
  .describe('Proves this client made the registration: send it back with the e-mailed code. Keep it private');
const pendingSchema = z.object({
  user_id: z.string().describe('Empty until the address is confirmed: no account exists before that'),
  user_name: z.string(),
  user_email: z.string(),
  status: z.literal(0),
  registration_token: registrationToken,
});
const verifyEmailSchema = emailCodeSchema.extend({ registration_token: registrationToken });
const resendSchema = z.object({ user_email: z.email(), registration_token: registrationToken.optional() });
/** A sign-in whose registration still waits for its e-mail code: 403, code 10001, and what the code step needs. */
const pendingLoginSchema = errorEnvelopeSchema.extend({
  data: z.object({ registration_token: registrationToken, user_email: z.string(), user_name: z.string() }).nullable(),
});
const tooSoon = {
  status: 429,
  schema: errorEnvelopeSchema.describe(
    'Too many requests; a code asked for again too soon says how many seconds remain, also sent as Retry-After',
  ),
};

/** The code step as the API tells it: 403 with code 10001 and what the step needs. */
function pendingVerification(pending: PendingVerification) {
  return new AppError(403, 'auth.pendingVerification', {
    code: ERROR_CODES.forbidden,
    data: { registration_token: pending.registrationToken, user_email: pending.userEmail, user_name: pending.userName },
  });
}

/** A session for the client: the token in the answer for apps, the cookie for browsers. */
function signedIn(session: SignedIn): Answer<z.input<typeof signedInSchema>> {
  const data = { user_id: session.userId, user_name: session.userName, token: session.token };
  return { ...answer(data, 'messages.loginSuccess'), cookies: session.cookies };
}

/** The OpenAPI tag and the access of every route here (logout and the session check are open to anyone). */
const accountRoute = { tag: 'accounts', access: 'public' } as const;

export async function authRoutes(app: FastifyInstance, { auth }: { auth: AuthService }) {
  registerRegistrationRoutes(app, auth);
  registerPasswordSignInRoutes(app, auth);
  registerPasswordResetRoutes(app, auth);
  registerPhoneSignInRoutes(app, auth);
  registerSessionInfoRoutes(app, auth);
}

/** Registering with an e-mail address, confirmed by the code e-mailed to it when verification is on. */
function registerRegistrationRoutes(app: FastifyInstance, auth: AuthService) {
  route(app, {
    ...accountRoute,
    method: 'POST',
    url: '/auth/register',
    summary:
      'Register; when e-mail verification is on, a code is e-mailed and status is 0 (pending) with a registration_token that /auth/verify-email needs',
    body: registerSchema,
    data: z.union([signedInSchema, pendingSchema]),
    refusals: [409],
    handle: async ({ body, meta }) => {
      const outcome = await auth.register(body, meta());
      if (outcome.kind === 'signedIn') return signedIn(outcome.session);
      const { userId, userName, userEmail, registrationToken } = outcome.pending;
      const data = {
        user_id: userId,
        user_name: userName,
        user_email: userEmail,
        status: 0 as const,
        registration_token: registrationToken,
      };
      return answer(data, 'auth.codeSent');
    },
  });

  route(app, {
    ...accountRoute,
    method: 'POST',
    url: '/auth/verify-email',
    summary:
      'Confirm a registration with the e-mailed code and its registration_token; creates the account with the password of that registration and signs it in',
    body: verifyEmailSchema,
    data: signedInSchema,
    refusals: [403, 409],
    handle: async ({ body, meta }) => signedIn(await auth.verifyEmail(body, meta())),
  });

  route(app, {
    ...accountRoute,
    method: 'POST',
    url: '/auth/resend-code',
    summary: `E-mail a new code for a registration (one per address every ${CODE_RESEND_SECONDS} seconds)`,
    body: resendSchema,
    data: z.null(),
    refusals: [tooSoon],
    handle: async ({ body, meta }) => {
      await auth.resendEmailCode(body, meta());
      return answer(null, 'auth.codeResent');
    },
  });
}

/** Signing in with e-mail and password, and signing out (whichever way the session began). */
function registerPasswordSignInRoutes(app: FastifyInstance, auth: AuthService) {
  route(app, {
    ...accountRoute,
    method: 'POST',
    url: '/auth/login',
    summary:
      'Sign in with e-mail and password. The right password of an account nobody proved yet (a registration still waiting for its code) answers 403 with code 10001 and a registration_token, and a new code is e-mailed',
    body: loginSchema.extend({ device_token: z.string().max(500).optional() }),
    data: signedInSchema,
    refusals: [401, { status: 403, schema: pendingLoginSchema }],
    handle: async ({ body, meta }) => {
      const outcome = await auth.login(body, meta());
      if (outcome.kind === 'pending') throw pendingVerification(outcome.pending);
      return signedIn(outcome.session);
    },
  });

  route(app, {
    ...accountRoute,
    method: 'POST',
    url: '/auth/logout',
    access: 'anyone',
    summary: 'End this session',
    data: z.null(),
    handle: async ({ viewer, meta }) => ({ ...answer(null), cookies: await auth.logout(meta(), viewer) }),
  });
}

function registerPasswordResetRoutes(app: FastifyInstance, auth: AuthService) {
  route(app, {
    ...accountRoute,
    method: 'POST',
    url: '/auth/forgot-password',
    summary: 'E-mail a password reset code (the answer is the same for unknown addresses)',
    body: forgotPasswordSchema,
    data: z.null(),
    refusals: [tooSoon],
    handle: async ({ body, meta }) => {
      await auth.forgotPassword(body, meta());
      return answer(null, 'auth.resetCodeSent');
    },
  });

  route(app, {
    ...accountRoute,
    method: 'POST',
    url: '/auth/reset-password',
    summary: 'Set a new password with the e-mailed code; ends every session of the account',
    body: resetPasswordSchema,
    data: z.null(),
    handle: async ({ body, meta }) => {
      await auth.resetPassword(body, meta());
      return answer(null, 'auth.passwordReset');
    },
  });
}

function registerPhoneSignInRoutes(app: FastifyInstance, auth: AuthService) {
  route(app, {
    ...accountRoute,
    method: 'POST',
    url: '/auth/phone/send-code',
    summary:
      'Text a sign-in code to a phone number (international, or local with its country); is_new says whether the number has no account yet, so the name is asked only then',
    body: phoneLoginSchema,
    data: z.object({ is_new: z.boolean() }),
    refusals: [403, tooSoon],
    handle: async ({ body, meta }) => {
      const { isNew } = await auth.sendPhoneCode(body, meta());
      return answer({ is_new: isNew }, 'auth.smsSent');
    },
  });

  route(app, {
    ...accountRoute,
    method: 'POST',
    url: '/auth/phone/verify',
    summary:
      'Sign in with the texted code; for a new number user_name (first and last name) is required and the account is created',
    body: phoneCodeSchema,
    data: signedInSchema,
    refusals: [403, 409],
    handle: async ({ body, meta }) => signedIn(await auth.verifyPhoneCode(body, meta())),
  });
}

/** What a client asks before signing in or to know who is signed in. */
function registerSessionInfoRoutes(app: FastifyInstance, auth: AuthService) {
  route(app, {
    ...accountRoute,
    method: 'GET',
    url: '/auth/session',
    access: 'anyone',
    summary: 'Who is signed in (user_id "nologinuser" for visitors); renews the session',
    data: z.object({ user_id: z.string(), user_name: z.string().nullable(), is_admin: z.boolean() }),
    handle: async ({ viewer }) =>
      answer({
        user_id: viewer?.userId ?? 'nologinuser',
        user_name: viewer?.userName ?? null,
        is_admin: viewer?.isAdmin ?? false,
      }),
  });

  route(app, {
    ...accountRoute,
    method: 'GET',
    url: '/auth/providers',
    summary: 'The social sign-in providers this site has configured',
    data: z.array(z.enum(SOCIAL_PROVIDERS)),
    handle: async () => answer(auth.enabledSocialProviders()),
  });
}
