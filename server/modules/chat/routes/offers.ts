import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { chatMessageSchema, chatStateSchema } from '../../../../contract/chat.ts';
import { OFFER_LIST_TABS, offerDecisionSchema, offerInputSchema, offerSchema } from '../../../../contract/offers.ts';
import { PAGE_SIZE, pagedSchema, pageQuerySchema } from '../../../../contract/paging.ts';
import { answer, route } from '../../../http/route.ts';
import { resolveOffset } from '../../../kernel/paging.ts';
import type { ChatService } from '../service.ts';
import { chatParams } from './conversations.ts';

const listQuery = pageQuerySchema(PAGE_SIZE.chatHistory).extend({ tab: z.enum(OFFER_LIST_TABS).default('received') });

/** The offer flow of SPEC.md 4, step by step, and /offer-list. */
export async function offerRoutes(app: FastifyInstance, { chat }: { chat: ChatService }) {
  route(app, {
    method: 'POST',
    url: '/chats/:chatId/offers',
    tag: 'chat',
    summary:
      'The buyer offers a price in the item’s currency (replacing an open offer), a few an hour; refused once accepted or sold',
    access: 'signed-in',
    params: chatParams,
    body: offerInputSchema,
    data: chatMessageSchema,
    refusals: [404, 409, 429],
    handle: async ({ params, body, viewer, language }) =>
      answer(await chat.makeOffer(viewer, params.chatId, body, language), 'api.offerSent'),
  });

  route(app, {
    method: 'POST',
    url: '/chats/:chatId/offer-decision',
    tag: 'chat',
    summary: 'The seller accepts or rejects the open offer; a conversation accepts one offer at most',
    access: 'signed-in',
    params: chatParams,
    body: offerDecisionSchema,
    data: chatStateSchema,
    refusals: [404, 409],
    handle: async ({ params, body, viewer }) =>
      answer(
        await chat.decideOffer(viewer, params.chatId, body.accept),
        body.accept ? 'api.offerAccepted' : 'api.offerRejected',
      ),
  });

  route(app, {
    method: 'POST',
    url: '/chats/:chatId/sold',
    tag: 'chat',
    summary: 'The seller sold the item to this buyer: the item is marked sold and the buyer sees it as bought',
    access: 'signed-in',
    params: chatParams,
    data: chatMessageSchema,
    refusals: [404, 409],
    handle: async ({ params, viewer }) => answer(await chat.markSold(viewer, params.chatId), 'api.chatMarkedSold'),
  });

  route(app, {
    method: 'GET',
    url: '/offers',
    tag: 'chat',
    summary: 'Offers the signed-in user received (as seller) or sent (as buyer), the latest first',
    access: 'signed-in',
    query: listQuery,
    data: pagedSchema(offerSchema),
    handle: async ({ query, viewer, language }) =>
      answer(await chat.offerList(viewer, query.tab, { limit: query.limit, offset: resolveOffset(query) }, language)),
  });
}
