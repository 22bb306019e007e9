import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '../../../contract/api.ts';
import {
  codeFormSchema,
  emailChangeSchema,
  passwordUpdateSchema,
  phoneChangeCodeSchema,
  phoneChangeSchema,
} from '../../../contract/auth.ts';
import { errorEnvelopeSchema } from '../../../contract/errors.ts';
import { userIdSchema } from '../../../contract/ids.ts';
import { profileUpdateSchema, userSchema, userSettingsSchema } from '../../../contract/users.ts';
import { ok } from '../../http/envelope.ts';
import { requestLanguage } from '../../http/language.ts';
import { currentViewer, requestMeta, requireViewer } from '../../http/session.ts';
import { readUploadedFile } from '../../http/uploads.ts';
import { translate } from '../../i18n.ts';
import type { AuthService } from '../auth/service.ts';
import { MAX_PHOTO_BYTES, type UsersService } from './service.ts';

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};
const done = envelopeSchema(z.null());
const settingsSchema = z.object({ show_profile_on_items: z.boolean(), show_notifications: z.boolean() });

export async function userRoutes(app: FastifyInstance, options: { auth: AuthService; users: UsersService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { auth, users } = options;
  const say = (request: FastifyRequest, key: string) => translate(requestLanguage(request), key);
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_PHOTO_BYTES, files: 1, fields: 5 } });

  api.get(
    '/users/me',
    {
      schema: {
        tags: ['accounts'],
        summary: 'The signed-in user’s own profile',
        response: { 200: envelopeSchema(userSchema), ...errors },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(auth, request, reply);
      return ok(await users.profile(viewer.userId, viewer));
    },
  );

  api.get(
    '/users/:userId',
    {
      schema: {
        tags: ['accounts'],
        summary: 'A public profile; e-mail and phone only when the owner shows them',
        params: z.object({ userId: userIdSchema }),
        response: { 200: envelopeSchema(userSchema), ...errors },
      },
    },
    async (request, reply) => {
      const viewer = await currentViewer(auth, request, reply);
      return ok(await users.profile(request.params.userId, viewer));
    },
  );

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
      const viewer = await requireViewer(auth, request, reply);
      const { user_email: email } = request.body;
      const change = email ? await auth.requestEmailChange(viewer.userId, email, requestMeta(request)) : null;
      await users.updateProfile(viewer.userId, request.body);
      const message = change?.pending ? 'profile.emailCodeSent' : 'messages.profileUpdated';
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
      const viewer = await requireViewer(auth, request, reply);
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
      const viewer = await requireViewer(auth, request, reply);
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
      const viewer = await requireViewer(auth, request, reply);
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
      const viewer = await requireViewer(auth, request, reply);
      const confirmed = await auth.confirmEmailChange(viewer.userId, request.body.code, requestMeta(request));
      if (confirmed.cookies.length > 0) reply.header('set-cookie', confirmed.cookies);
      return ok(null, say(request, 'profile.emailChanged'));
    },
  );

  api.post(
    '/users/me/photos/:kind',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Upload the profile or cover photo (multipart, field "file"; JPEG, PNG, WebP, GIF, HEIF or AVIF)',
        params: z.object({ kind: z.enum(['profile', 'cover']) }),
        consumes: ['multipart/form-data'],
        response: { 200: envelopeSchema(z.object({ img_path: z.string() })), 413: errorEnvelopeSchema, ...errors },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(auth, request, reply);
      const bytes = await readUploadedFile(request, {
        notAFileKey: 'users.photoNotImage',
        tooLargeKey: 'users.photoTooLarge',
      });
      const imgPath = await users.savePhoto(viewer.userId, request.params.kind, bytes);
      return ok({ img_path: imgPath }, say(request, 'messages.profileUpdated'));
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
      const viewer = await requireViewer(auth, request, reply);
      await auth.changePassword(viewer.userId, request.body, requestMeta(request));
      return ok(null, say(request, 'settings.passwordUpdated'));
    },
  );

  api.get(
    '/users/me/settings',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Profile-on-items and notification settings',
        response: { 200: envelopeSchema(settingsSchema), ...errors },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(auth, request, reply);
      return ok(await users.settings(viewer.userId));
    },
  );

  api.post(
    '/users/me/settings',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Show or hide the profile on item cards, and notifications',
        body: userSettingsSchema,
        response: { 200: envelopeSchema(settingsSchema), ...errors },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(auth, request, reply);
      await users.updateSettings(viewer.userId, request.body);
      return ok(await users.settings(viewer.userId), say(request, 'settings.saved'));
    },
  );

  api.post(
    '/users/me/deactivate',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Deactivate the account (irreversible: no more sign-in, listings leave public lists, data is kept)',
        response: { 200: done, ...errors },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(auth, request, reply);
      await users.deactivate(viewer.userId);
      reply.header('set-cookie', await auth.clearedSessionCookies());
      return ok(null, say(request, 'settings.deactivated'));
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
      const viewer = await requireViewer(auth, request, reply);
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
      const viewer = await requireViewer(auth, request, reply);
      await auth.confirmPhoneChange(viewer.userId, request.body.user_phone, request.body.code, requestMeta(request));
      return ok(null, say(request, 'profile.phoneChanged'));
    },
  );

  api.post(
    '/admin/users/:userId/:action',
    {
      schema: {
        tags: ['admin'],
        summary: 'Ban, unban, verify, reject or unpublish an account (administrators only)',
        params: z.object({
          userId: userIdSchema,
          action: z.enum(['ban', 'unban', 'verify', 'reject', 'unpublish']),
        }),
        response: { 200: envelopeSchema(userSchema), ...errors },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(auth, request, reply);
      await users.applyAdminAction(viewer, request.params.userId, request.params.action);
      return ok(
        await users.profile(request.params.userId, viewer),
        say(request, `admin.done.${request.params.action}`),
      );
    },
  );
}
