import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '../../../../contract/api.ts';
import {
  codeFormSchema,
  emailChangeSchema,
  passwordUpdateSchema,
  phoneChangeCodeSchema,
  phoneChangeSchema,
} from '../../../../contract/auth.ts';
import { errorEnvelopeSchema } from '../../../../contract/errors.ts';
import { profileUpdateSchema, userSchema } from '../../../../contract/users.ts';
import { ok } from '../../../http/envelope.ts';
import { requestLanguage } from '../../../http/language.ts';
import { requestMeta, requireViewer } from '../../../http/session.ts';
import { translate } from '../../../i18n.ts';
import type { UsersService } from '../../users/index.ts';
import type { AuthService } from '../service.ts';

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};
const done = envelopeSchema(z.null());

/** The signed-in user's own sign-in details (e-mail, password, phone), kept under /users/me with the profile. */
export async function accountRoutes(app: FastifyInstance, options: { auth: AuthService; users: UsersService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { auth, users } = options;
  const say = (request: FastifyRequest, key: string) => translate(requestLanguage(request), key);

  api.post(
    '/users/me',
    {
      schema: {
        tags: ['accounts'],
        summary:
          'Update the profile; a different user_email is kept as pending_email and a code is e-mailed to it (confirm with /users/me/email/verify)',
        body: profileUpdateSchema,
        response: { 200: envelopeSchema(userSchema), ...errors },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply);
      const saved = await auth.updateProfile(viewer.userId, request.body, requestMeta(request));
      const message = saved.emailPending ? 'profile.emailCodeSent' : 'messages.profileUpdated';
      return ok(await users.profile(viewer.userId, viewer), say(request, message));
    },
  );

  api.post(
    '/users/me/email/send-code',
    {
      schema: {
        tags: ['accounts'],
        summary: 'E-mail a code to a new address; the account keeps its address until the code is entered',
        body: emailChangeSchema,
        response: { 200: done, ...errors },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply);
      const change = await auth.requestEmailChange(viewer.userId, request.body.user_email, requestMeta(request));
      return ok(null, say(request, change.pending ? 'profile.emailCodeSent' : 'messages.profileUpdated'));
    },
  );

  api.post(
    '/users/me/email/resend-code',
    {
      schema: {
        tags: ['accounts'],
        summary: 'E-mail a new code to the pending address (refused with 429 while the last one is too recent)',
        response: { 200: done, ...errors },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply);
      await auth.resendEmailChangeCode(viewer.userId, requestMeta(request));
      return ok(null, say(request, 'auth.codeResent'));
    },
  );

  api.delete(
    '/users/me/email/pending',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Keep the current address: the pending one is dropped and its code no longer works',
        response: { 200: done, ...errors },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply);
      await auth.cancelEmailChange(viewer.userId);
      return ok(null, say(request, 'profile.emailChangeCancelled'));
    },
  );

  api.post(
    '/users/me/email/verify',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Confirm the pending address with the e-mailed code; it becomes the account’s address',
        body: codeFormSchema,
        response: { 200: done, ...errors },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply);
      const confirmed = await auth.confirmEmailChange(viewer.userId, request.body.code, requestMeta(request));
      if (confirmed.cookies.length > 0) reply.header('set-cookie', confirmed.cookies);
      return ok(null, say(request, 'profile.emailChanged'));
    },
  );

  api.post(
    '/users/me/password',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Set a new password; current_password is required when the account has one; other sessions end',
        body: passwordUpdateSchema,
        response: { 200: done, ...errors },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply);
      await auth.changePassword(viewer.userId, request.body, requestMeta(request));
      return ok(null, say(request, 'settings.passwordUpdated'));
    },
  );

  api.post(
    '/users/me/phone/send-code',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Text a code to a new phone number',
        body: phoneChangeSchema,
        response: { 200: done, ...errors },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply);
      await auth.sendPhoneChangeCode(viewer.userId, request.body.user_phone, requestMeta(request));
      return ok(null, say(request, 'auth.smsSent'));
    },
  );

  api.post(
    '/users/me/phone/verify',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Confirm the new phone number with the texted code',
        body: phoneChangeCodeSchema,
        response: { 200: done, ...errors },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply);
      await auth.confirmPhoneChange(viewer.userId, request.body.user_phone, request.body.code, requestMeta(request));
      return ok(null, say(request, 'profile.phoneChanged'));
    },
  );
}
