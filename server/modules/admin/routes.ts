import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { userIdSchema } from '../../../contract/ids.ts';
import { userSchema } from '../../../contract/users.ts';
import { answer, route } from '../../http/route.ts';
import { ADMIN_ACTIONS, type UsersService } from '../users/index.ts';
import type { AdminService } from './service.ts';

export async function adminRoutes(app: FastifyInstance, options: { admin: AdminService; users: UsersService }) {
  const { admin, users } = options;

  route(app, {
    method: 'POST',
    url: '/admin/users/:userId/:action',
    tag: 'admin',
    summary: 'Ban, unban, verify, reject or unpublish an account (administrators only)',
    access: 'admin',
    params: z.object({ userId: userIdSchema, action: z.enum(ADMIN_ACTIONS) }),
    data: userSchema,
    refusals: [404, 409],
    handle: async ({ params, viewer }) => {
      await admin.decideOnAccount(viewer, params.userId, params.action);
      return answer(await users.profile(params.userId, viewer), `admin.done.${params.action}`);
    },
  });
}
