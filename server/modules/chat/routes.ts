import type { FastifyInstance } from 'fastify';
import { conversationRoutes } from './routes/conversations.ts';
import { offerRoutes } from './routes/offers.ts';
import type { ChatService } from './service.ts';

export async function chatRoutes(app: FastifyInstance, options: { chat: ChatService }) {
  await conversationRoutes(app, options);
  await offerRoutes(app, options);
}
