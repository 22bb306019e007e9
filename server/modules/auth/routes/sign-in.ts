import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '../../../../contract/api.ts';
import {
  CODE_RESEND_SECONDS,
  emailCodeSchema,
  forgotPasswordSchema,
  loginSchema,
  phoneCodeSchema,
  phoneLoginSchema,
  registerSchema,
  resetPasswordSchema,
} from '../../../../contract/auth.ts';
import { ERROR_CODES, errorEnvelopeSchema } from '../../../../contract/errors.ts';
import type { PendingVerification } from '../../../../contract/session.ts';
import { ok } from '../../../http/envelope.ts';
import { requestLanguage } from '../../../http/language.ts';
import { currentViewer, requestMeta } from '../../../http/session.ts';
import { translate } from '../../../i18n.ts';
import { AppError } from '../../../kernel/errors.ts';
import type { AuthService, SignedIn } from '../service.ts';

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  429: errorEnvelopeSchema.describe('Too many requests; Retry-After gives the seconds to wait'),
};
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
const tooSoon = errorEnvelopeSchema.describe(
  'Too many requests; a code asked for again too soon says how many seconds remain, also sent as Retry-After',
);

/** The code step as the API tells it: 403 with code 10001 and what the step needs. */
function pendingVerification(pending: PendingVerification) {
  return new AppError(403, 'auth.pendingVerification', {
    code: ERROR_CODES.forbidden,
    data: { registration_token: pending.registrationToken, user_email: pending.userEmail, user_name: pending.userName },
  });
}

function sendSignedIn(request: FastifyRequest, reply: FastifyReply, session: SignedIn) {
  reply.header('set-cookie', session.cookies);
  const message = translate(requestLanguage(request), 'messages.loginSuccess');
  return reply.send(ok({ user_id: session.userId, user_name: session.userName, token: session.token }, message));
}

export async function authRoutes(app: FastifyInstance, options: { auth: AuthService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { auth } = options;
  const say = (request: FastifyRequest, key: string) => translate(requestLanguage(request), key);

  api.post(
    '/auth/register',
    {
      schema: {
        tags: ['accounts'],
        summary:
          'Register; when e-mail verification is on, a code is e-mailed and status is 0 (pending) with a registration_token that /auth/verify-email needs',
        body: registerSchema,
        response: {
          200: envelopeSchema(z.union([signedInSchema, pendingSchema])),
          409: errorEnvelopeSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const outcome = await auth.register(request.body, requestMeta(request));
      if (outcome.kind === 'signedIn') return sendSignedIn(request, reply, outcome.session);
      const { userId, userName, userEmail, registrationToken } = outcome.pending;
      return ok(
        {
          user_id: userId,
          user_name: userName,
          user_email: userEmail,
          status: 0 as const,
          registration_token: registrationToken,
        },
        say(request, 'auth.codeSent'),
      );
    },
  );

  api.post(
    '/auth/verify-email',
    {
      schema: {
        tags: ['accounts'],
        summary:
          'Confirm a registration with the e-mailed code and its registration_token; creates the account with the password of that registration and signs it in',
        body: verifyEmailSchema,
        response: { 200: envelopeSchema(signedInSchema), ...errors },
      },
    },
    async (request, reply) => sendSignedIn(request, reply, await auth.verifyEmail(request.body, requestMeta(request))),
  );

  api.post(
    '/auth/resend-code',
    {
      schema: {
        tags: ['accounts'],
        summary: `E-mail a new code for a registration (one per address every ${CODE_RESEND_SECONDS} seconds)`,
        body: resendSchema,
        response: { 200: envelopeSchema(z.null()), ...errors, 429: tooSoon },
      },
    },
    async (request) => {
      await auth.resendEmailCode(request.body, requestMeta(request));
      return ok(null, say(request, 'auth.codeResent'));
    },
  );

  api.post(
    '/auth/login',
    {
      schema: {
        tags: ['accounts'],
        summary:
          'Sign in with e-mail and password. The right password of a registration still waiting for its code answers 403 with code 10001 and a registration_token, and a new code is e-mailed',
        body: loginSchema.extend({ device_token: z.string().max(500).optional() }),
        response: { 200: envelopeSchema(signedInSchema), ...errors, 403: pendingLoginSchema },
      },
    },
    async (request, reply) => {
      const outcome = await auth.login(request.body, requestMeta(request));
      if (outcome.kind === 'pending') throw pendingVerification(outcome.pending);
      return sendSignedIn(request, reply, outcome.session);
    },
  );

  api.post(
    '/auth/logout',
    {
      schema: { tags: ['accounts'], summary: 'End this session', response: { 200: envelopeSchema(z.null()) } },
    },
    async (request, reply) => {
      const viewer = await currentViewer(request, reply);
      reply.header('set-cookie', await auth.logout(requestMeta(request), viewer));
      return ok(null);
    },
  );

  api.post(
    '/auth/forgot-password',
    {
      schema: {
        tags: ['accounts'],
        summary: 'E-mail a password reset code (the answer is the same for unknown addresses)',
        body: forgotPasswordSchema,
        response: { 200: envelopeSchema(z.null()), ...errors, 429: tooSoon },
      },
    },
    async (request) => {
      await auth.forgotPassword(request.body, requestMeta(request));
      return ok(null, say(request, 'auth.resetCodeSent'));
    },
  );

  api.post(
    '/auth/reset-password',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Set a new password with the e-mailed code; ends every session of the account',
        body: resetPasswordSchema,
        response: { 200: envelopeSchema(z.null()), ...errors },
      },
    },
    async (request) => {
      await auth.resetPassword(request.body, requestMeta(request));
      return ok(null, say(request, 'auth.passwordReset'));
    },
  );

  api.post(
    '/auth/phone/send-code',
    {
      schema: {
        tags: ['accounts'],
        summary:
          'Text a sign-in code to a phone number (international, or local with its country); is_new says whether the number has no account yet, so the name is asked only then',
        body: phoneLoginSchema,
        response: { 200: envelopeSchema(z.object({ is_new: z.boolean() })), ...errors, 429: tooSoon },
      },
    },
    async (request) => {
      const { isNew } = await auth.sendPhoneCode(request.body, requestMeta(request));
      return ok({ is_new: isNew }, say(request, 'auth.smsSent'));
    },
  );

  api.post(
    '/auth/phone/verify',
    {
      schema: {
        tags: ['accounts'],
        summary:
          'Sign in with the texted code; for a new number user_name (first and last name) is required and the account is created',
        body: phoneCodeSchema,
        response: { 200: envelopeSchema(signedInSchema), ...errors },
      },
    },
    async (request, reply) =>
      sendSignedIn(request, reply, await auth.verifyPhoneCode(request.body, requestMeta(request))),
  );

  api.get(
    '/auth/session',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Who is signed in (user_id "nologinuser" for visitors); renews the session',
        response: {
          200: envelopeSchema(
            z.object({ user_id: z.string(), user_name: z.string().nullable(), is_admin: z.boolean() }),
          ),
        },
      },
    },
    async (request, reply) => {
      const viewer = await currentViewer(request, reply);
      return ok({
        user_id: viewer?.userId ?? 'nologinuser',
        user_name: viewer?.userName ?? null,
        is_admin: viewer?.isAdmin ?? false,
      });
    },
  );

  api.get(
    '/auth/providers',
    {
      schema: {
        tags: ['accounts'],
        summary: 'The social sign-in providers this site has configured',
        response: { 200: envelopeSchema(z.array(z.enum(['google', 'facebook', 'apple']))) },
      },
    },
    async () => ok(auth.enabledSocialProviders()),
  );
}
