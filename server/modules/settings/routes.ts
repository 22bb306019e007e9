import type { FastifyInstance } from 'fastify';
import { appInfoQuerySchema, appInfoSchema } from '../../../contract/app-info.ts';
import { answer, route } from '../../http/route.ts';
import { clearSessionCookie } from '../../http/session.ts';
import type { AppInfoService } from './app-info.ts';

export async function appInfoRoutes(app: FastifyInstance, { appInfo }: { appInfo: AppInfoService }) {
  route(app, {
    method: 'GET',
    url: '/app-info',
    tag: 'app',
    summary:
      'What a client asks at start (SPEC.md 3, 7): the version with force update, app settings, the state of the ' +
      'signed-in account (banned or deleted: its sessions end and the session cookie is cleared, so the client ' +
      'signs out), the listings and accounts deleted between start_date and end_date (at most 500, the oldest ' +
      'first: ask again from the last deleted_date), and the payment options with their public keys',
    access: 'anyone',
    query: appInfoQuerySchema,
    data: appInfoSchema,
    handle: async ({ query, viewer, request, reply }) => {
      const { info, signOut } = await appInfo.get(viewer, query);
      if (signOut) await clearSessionCookie(request, reply);
      return answer(info);
    },
  });
}
