import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CHAT_LIST_TABS,
  chatKeySchema,
  chatMessageSchema,
  chatRecordSchema,
  clientIdSchema,
  conversationSchema,
  messagePageSchema,
  sendMessageSchema,
  unreadTotalSchema,
} from '../../../../contract/chat.ts';
import { PAGE_SIZE, pagedSchema, pageQuerySchema } from '../../../../contract/paging.ts';
import { answer, route } from '../../../http/route.ts';
import { receiveUpload } from '../../../http/uploads.ts';
import { badRequest } from '../../../kernel/errors.ts';
import { resolveOffset } from '../../../kernel/paging.ts';
import { MAX_CHAT_IMAGE_BYTES } from '../messages.ts';
import type { ChatService } from '../service.ts';

export const chatParams = z.object({ chatId: z.uuid() });
const listQuery = pageQuerySchema(PAGE_SIZE.chatHistory).extend({ tab: z.enum(CHAT_LIST_TABS).default('from-buyers') });
const historyQuery = z.object({
  before: z.coerce.number().int().positive().optional(),
  after: z.coerce.number().int().min(0).optional(),
});

/** Conversations and their messages (SPEC.md 7 "Chat and offers"); the WebSocket /ws carries the same live. */
export async function conversationRoutes(app: FastifyInstance, { chat }: { chat: ChatService }) {
  registerConversationRoutes(app, chat);
  registerMessageRoutes(app, chat);
}

/** Opening a conversation, the user's conversations, one of them, and their unread total. */
function registerConversationRoutes(app: FastifyInstance, chat: ChatService) {
  route(app, {
    method: 'POST',
    url: '/chats',
    tag: 'chat',
    summary: 'Open the conversation about an item between its seller and a buyer (the buyer’s first call starts it)',
    access: 'signed-in',
    body: chatKeySchema,
    data: conversationSchema,
    refusals: [403, 404, 409],
    handle: async ({ body, viewer, language }) => answer(await chat.open(viewer, body, language)),
  });

  route(app, {
    method: 'GET',
    url: '/chats',
    tag: 'chat',
    summary: 'The signed-in user’s conversations, the latest first: from buyers (I sell) or from sellers (I buy)',
    access: 'signed-in',
    query: listQuery,
    data: pagedSchema(chatRecordSchema),
    handle: async ({ query, viewer, language }) =>
      answer(await chat.list(viewer, query.tab, { limit: query.limit, offset: resolveOffset(query) }, language)),
  });

  route(app, {
    method: 'GET',
    url: '/chats/unread',
    tag: 'chat',
    summary: 'How many messages the signed-in user has not read, all conversations together',
    access: 'signed-in',
    data: unreadTotalSchema,
    handle: async ({ viewer }) => answer({ unread_count: await chat.unreadTotal(viewer.userId) }),
  });

  route(app, {
    method: 'GET',
    url: '/chats/:chatId',
    tag: 'chat',
    summary: 'One conversation of the signed-in user',
    access: 'signed-in',
    params: chatParams,
    data: chatRecordSchema,
    refusals: [404],
    handle: async ({ params, viewer, language }) => answer(await chat.record(viewer, params.chatId, language)),
  });
}

/** The messages of one conversation: reading, sending texts and photos, marking it read. */
function registerMessageRoutes(app: FastifyInstance, chat: ChatService) {
  route(app, {
    method: 'GET',
    url: '/chats/:chatId/messages',
    tag: 'chat',
    summary: `Messages, oldest first: the latest ${PAGE_SIZE.chatHistory}, those before a seq (older), or after one (catching up)`,
    access: 'signed-in',
    params: chatParams,
    query: historyQuery,
    data: messagePageSchema,
    refusals: [404],
    handle: async ({ params, query, viewer }) => {
      if (query.before !== undefined && query.after !== undefined)
        throw badRequest('errors.invalidParameter', { field: 'after' });
      return answer(await chat.history(viewer, params.chatId, query));
    },
  });

  route(app, {
    method: 'POST',
    url: '/chats/:chatId/messages',
    tag: 'chat',
    summary: 'Send a text; the same client_id sent again stores nothing new and answers the stored message',
    access: 'signed-in',
    params: chatParams,
    body: sendMessageSchema,
    data: chatMessageSchema,
    refusals: [404, 409],
    handle: async ({ params, body, viewer }) => answer(await chat.sendText(viewer, params.chatId, body)),
  });

  route(app, {
    method: 'POST',
    url: '/chats/:chatId/images',
    tag: 'chat',
    summary:
      'Send a photo (multipart: the field client_id, then the file in "file"; JPEG, PNG, WebP, GIF, HEIF or AVIF)',
    access: 'signed-in',
    params: chatParams,
    consumes: ['multipart/form-data'],
    data: chatMessageSchema,
    refusals: [404, 409, 413],
    handle: async ({ params, viewer, request }) => {
      const upload = await receiveUpload(request, {
        maxBytes: MAX_CHAT_IMAGE_BYTES,
        notAFileKey: 'api.chatImageRefused',
        tooLargeKey: 'api.chatImageTooLarge',
      });
      const clientId = clientIdSchema.safeParse(upload.formFields.client_id);
      if (!clientId.success) throw badRequest('errors.invalidParameter', { field: 'client_id' });
      return answer(await chat.sendImage(viewer, params.chatId, clientId.data, upload));
    },
  });

  route(app, {
    method: 'POST',
    url: '/chats/:chatId/read',
    tag: 'chat',
    summary: 'The signed-in user read the conversation: its unread count resets; answers their unread total',
    access: 'signed-in',
    params: chatParams,
    data: unreadTotalSchema,
    refusals: [404],
    handle: async ({ params, viewer }) => answer({ unread_count: await chat.markRead(viewer.userId, params.chatId) }),
  });
}
