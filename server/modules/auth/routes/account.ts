import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  codeFormSchema,
  emailChangeSchema,
  passwordUpdateSchema,
  phoneChangeCodeSchema,
  phoneChangeSchema,
} from '../../../../contract/auth.ts';
import { profileUpdateSchema, userSchema } from '../../../../contract/users.ts';
import { answer, route } from '../../../http/route.ts';
import type { UsersService } from '../../users/index.ts';
import type { AuthService } from '../service.ts';

type AccountRouteOptions = { auth: AuthService; users: UsersService };

/** The OpenAPI tag and the access of every route here. */
const accountRoute = { tag: 'accounts', access: 'signed-in' } as const;

/** The signed-in user's own sign-in details (e-mail, password, phone), kept under /users/me with the profile. */
export async function accountRoutes(app: FastifyInstance, options: AccountRouteOptions) {
  registerProfileRoute(app, options);
  registerEmailChangeRoutes(app, options);
  registerPasswordRoute(app, options);
  registerPhoneChangeRoutes(app, options);
}

function registerProfileRoute(app: FastifyInstance, { auth, users }: AccountRouteOptions) {
  route(app, {
    ...accountRoute,
    method: 'POST',
    url: '/users/me',
    summary:
      'Update the profile; a different user_email is kept as pending_email and a code is e-mailed to it (confirm with /users/me/email/verify)',
    body: profileUpdateSchema,
    data: userSchema,
    refusals: [409],
    handle: async ({ body, viewer, meta }) => {
      const saved = await auth.updateProfile(viewer.userId, body, meta());
      const message = saved.emailPending ? 'profile.emailCodeSent' : 'messages.profileUpdated';
      return answer(await users.profile(viewer.userId, viewer), message);
    },
  });
}

/** A new e-mail address waits, pending, until the code sent to it is entered. */
function registerEmailChangeRoutes(app: FastifyInstance, { auth }: AccountRouteOptions) {
  route(app, {
    ...accountRoute,
    method: 'POST',
    url: '/users/me/email/send-code',
    summary: 'E-mail a code to a new address; the account keeps its address until the code is entered',
    body: emailChangeSchema,
    data: z.null(),
    refusals: [409],
    handle: async ({ body, viewer, meta }) => {
      const change = await auth.requestEmailChange(viewer.userId, body.user_email, meta());
      return answer(null, change.pending ? 'profile.emailCodeSent' : 'messages.profileUpdated');
    },
  });

  route(app, {
    ...accountRoute,
    method: 'POST',
    url: '/users/me/email/resend-code',
    summary: 'E-mail a new code to the pending address (refused with 429 while the last one is too recent)',
    data: z.null(),
    handle: async ({ viewer, meta }) => {
      await auth.resendEmailChangeCode(viewer.userId, meta());
      return answer(null, 'auth.codeResent');
    },
  });

  route(app, {
    ...accountRoute,
    method: 'DELETE',
    url: '/users/me/email/pending',
    summary: 'Keep the current address: the pending one is dropped and its code no longer works',
    data: z.null(),
    handle: async ({ viewer }) => {
      await auth.cancelEmailChange(viewer.userId);
      return answer(null, 'profile.emailChangeCancelled');
    },
  });

  route(app, {
    ...accountRoute,
    method: 'POST',
    url: '/users/me/email/verify',
    summary: 'Confirm the pending address with the e-mailed code; it becomes the account’s address',
    body: codeFormSchema,
    data: z.null(),
    refusals: [409],
    handle: async ({ body, viewer, meta }) => {
      const confirmed = await auth.confirmEmailChange(viewer.userId, body.code, meta());
      return { ...answer(null, 'profile.emailChanged'), cookies: confirmed.cookies };
    },
  });
}

function registerPasswordRoute(app: FastifyInstance, { auth }: AccountRouteOptions) {
  route(app, {
    ...accountRoute,
    method: 'POST',
    url: '/users/me/password',
    summary: 'Set a new password; current_password is required when the account has one; other sessions end',
    body: passwordUpdateSchema,
    data: z.null(),
    handle: async ({ body, viewer, meta }) => {
      await auth.changePassword(viewer.userId, body, meta());
      return answer(null, 'settings.passwordUpdated');
    },
  });
}

function registerPhoneChangeRoutes(app: FastifyInstance, { auth }: AccountRouteOptions) {
  route(app, {
    ...accountRoute,
    method: 'POST',
    url: '/users/me/phone/send-code',
    summary: 'Text a code to a new phone number',
    body: phoneChangeSchema,
    data: z.null(),
    refusals: [409],
    handle: async ({ body, viewer, meta }) => {
      await auth.sendPhoneChangeCode(viewer.userId, body.user_phone, meta());
      return answer(null, 'auth.smsSent');
    },
  });

  route(app, {
    ...accountRoute,
    method: 'POST',
    url: '/users/me/phone/verify',
    summary: 'Confirm the new phone number with the texted code',
    body: phoneChangeCodeSchema,
    data: z.null(),
    refusals: [409],
    handle: async ({ body, viewer, meta }) => {
      await auth.confirmPhoneChange(viewer.userId, body.user_phone, body.code, meta());
      return answer(null, 'profile.phoneChanged');
    },
  });
}
