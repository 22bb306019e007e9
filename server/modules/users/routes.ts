import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '../../../contract/api.ts';
import { errorEnvelopeSchema } from '../../../contract/errors.ts';
import { userIdSchema } from '../../../contract/ids.ts';
import { userSchema, userSettingsSchema } from '../../../contract/users.ts';
import { ok } from '../../http/envelope.ts';
import { requestLanguage } from '../../http/language.ts';
import { clearSessionCookie, currentViewer, requireViewer } from '../../http/session.ts';
import { receiveUpload } from '../../http/uploads.ts';
import { translate } from '../../i18n.ts';
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

export async function userRoutes(app: FastifyInstance, options: { users: UsersService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { users } = options;
  const say = (request: FastifyRequest, key: string) => translate(requestLanguage(request), key);

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
      const viewer = await requireViewer(request, reply);
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
      const viewer = await currentViewer(request, reply);
      return ok(await users.profile(request.params.userId, viewer));
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
      const viewer = await requireViewer(request, reply);
      const upload = await receiveUpload(request, {
        maxBytes: MAX_PHOTO_BYTES,
        notAFileKey: 'users.photoNotImage',
        tooLargeKey: 'users.photoTooLarge',
      });
      const imgPath = await users.savePhoto(viewer.userId, request.params.kind, upload);
      return ok({ img_path: imgPath }, say(request, 'messages.profileUpdated'));
    },
  );

  api.delete(
    '/users/me/photos/:kind',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Remove the profile or cover photo (its stored files and thumbnails are deleted)',
        params: z.object({ kind: z.enum(['profile', 'cover']) }),
        response: { 200: done, ...errors },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply);
      await users.removePhoto(viewer.userId, request.params.kind);
      return ok(null, say(request, 'messages.profileUpdated'));
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
      const viewer = await requireViewer(request, reply);
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
      const viewer = await requireViewer(request, reply);
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
      const viewer = await requireViewer(request, reply);
      await users.deactivate(viewer.userId);
      await clearSessionCookie(request, reply);
      return ok(null, say(request, 'settings.deactivated'));
    },
  );
}
