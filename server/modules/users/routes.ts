import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { userIdSchema } from '../../../contract/ids.ts';
import { sellerContactSchema, userSchema, userSettingsSchema } from '../../../contract/users.ts';
import { answer, route } from '../../http/route.ts';
import { clearSessionCookie } from '../../http/session.ts';
import { receiveUpload } from '../../http/uploads.ts';
import { registerBadgeRoutes } from './routes/badges.ts';
import { registerPeopleSearchRoute } from './routes/people-search.ts';
import { MAX_PHOTO_BYTES, type UsersService } from './service.ts';

const settingsSchema = z.object({ show_profile_on_items: z.boolean(), show_notifications: z.boolean() });
const photoKind = z.object({ kind: z.enum(['profile', 'cover']) });

export async function userRoutes(app: FastifyInstance, options: { users: UsersService }) {
  const { users } = options;

  route(app, {
    method: 'GET',
    url: '/users/me',
    tag: 'accounts',
    summary: 'The signed-in user’s own profile',
    access: 'signed-in',
    data: userSchema,
    handle: async ({ viewer }) => answer(await users.profile(viewer.userId, viewer)),
  });

  route(app, {
    method: 'GET',
    url: '/users/:userId',
    tag: 'accounts',
    summary: 'A public profile; the e-mail when the owner shows it; phone and WhatsApp to the owner and admins only',
    access: 'anyone',
    params: z.object({ userId: userIdSchema }),
    data: userSchema,
    refusals: [404],
    handle: async ({ params, viewer }) => answer(await users.profile(params.userId, viewer)),
  });

  registerPeopleSearchRoute(app, users);
  registerContactRoute(app, users);
  registerBadgeRoutes(app, users);

  route(app, {
    method: 'POST',
    url: '/users/me/photos/:kind',
    tag: 'accounts',
    summary: 'Upload the profile or cover photo (multipart, field "file"; JPEG, PNG, WebP, GIF, HEIF or AVIF)',
    access: 'signed-in',
    params: photoKind,
    consumes: ['multipart/form-data'],
    data: z.object({ img_path: z.string() }),
    refusals: [413],
    handle: async ({ params, viewer, request }) => {
      const upload = await receiveUpload(request, {
        maxBytes: MAX_PHOTO_BYTES,
        notAFileKey: 'users.photoNotImage',
        tooLargeKey: 'users.photoTooLarge',
      });
      const imgPath = await users.savePhoto(viewer.userId, params.kind, upload);
      return answer({ img_path: imgPath }, 'messages.profileUpdated');
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/users/me/photos/:kind',
    tag: 'accounts',
    summary: 'Remove the profile or cover photo (its stored files and thumbnails are deleted)',
    access: 'signed-in',
    params: photoKind,
    data: z.null(),
    handle: async ({ params, viewer }) => {
      await users.removePhoto(viewer.userId, params.kind);
      return answer(null, 'messages.profileUpdated');
    },
  });

  route(app, {
    method: 'GET',
    url: '/users/me/settings',
    tag: 'accounts',
    summary: 'Profile-on-items and notification settings',
    access: 'signed-in',
    data: settingsSchema,
    handle: async ({ viewer }) => answer(await users.settings(viewer.userId)),
  });

  route(app, {
    method: 'POST',
    url: '/users/me/settings',
    tag: 'accounts',
    summary: 'Show or hide the profile on item cards, and notifications',
    access: 'signed-in',
    body: userSettingsSchema,
    data: settingsSchema,
    handle: async ({ body, viewer }) => {
      await users.updateSettings(viewer.userId, body);
      return answer(await users.settings(viewer.userId), 'settings.saved');
    },
  });

  route(app, {
    method: 'POST',
    url: '/users/me/deactivate',
    tag: 'accounts',
    summary: 'Deactivate the account (irreversible: no more sign-in, listings leave public lists, data is kept)',
    access: 'signed-in',
    data: z.null(),
    handle: async ({ viewer, request, reply }) => {
      await users.deactivate(viewer.userId);
      await clearSessionCookie(request, reply);
      return answer(null, 'settings.deactivated');
    },
  });
}

/** Revealing the numbers a member shares (issue 24): to signed-in members, a limited number an hour. */
function registerContactRoute(app: FastifyInstance, users: UsersService) {
  route(app, {
    method: 'POST',
    url: '/users/:userId/contact',
    tag: 'accounts',
    summary: 'Reveal the phone and WhatsApp a member shares (signed in, a limited number an hour)',
    access: 'signed-in',
    params: z.object({ userId: userIdSchema }),
    data: sellerContactSchema,
    refusals: [404, 429],
    handle: async ({ params, viewer }) => answer(await users.revealContact(viewer, params.userId)),
  });
}
