import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '../../../contract/api.ts';
import { errorEnvelopeSchema } from '../../../contract/errors.ts';
import { userIdSchema } from '../../../contract/ids.ts';
import { userSchema } from '../../../contract/users.ts';
import { ok } from '../../http/envelope.ts';
import { requestLanguage } from '../../http/language.ts';
import { requireViewer } from '../../http/session.ts';
import { translate } from '../../i18n.ts';
import { ADMIN_ACTIONS, type UsersService } from '../users/index.ts';
import type { AdminService } from './service.ts';

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};

export async function adminRoutes(app: FastifyInstance, options: { admin: AdminService; users: UsersService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { admin, users } = options;
  const say = (request: FastifyRequest, key: string) => translate(requestLanguage(request), key);

  api.post(
    '/admin/users/:userId/:action',
    {
      schema: {
        tags: ['admin'],
        summary: 'Ban, unban, verify, reject or unpublish an account (administrators only)',
        params: z.object({ userId: userIdSchema, action: z.enum(ADMIN_ACTIONS) }),
        response: { 200: envelopeSchema(userSchema), ...errors },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply);
      await admin.decideOnAccount(viewer, request.params.userId, request.params.action);
      return ok(
        await users.profile(request.params.userId, viewer),
        say(request, `admin.done.${request.params.action}`),
      );
    },
  );
}
