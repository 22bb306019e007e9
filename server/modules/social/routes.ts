import type { FastifyInstance } from 'fastify';
import { socialListRoutes } from './routes/lists.ts';
import { socialToggleRoutes } from './routes/toggles.ts';
import type { SocialService } from './service.ts';

export async function socialRoutes(app: FastifyInstance, options: { social: SocialService }) {
  await socialToggleRoutes(app, options);
  await socialListRoutes(app, options);
}
