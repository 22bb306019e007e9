import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  itemOrCardSchema,
  itemViewQuery,
  listedCardsQuery,
  recentlyViewedInputSchema,
} from '../../../../contract/items.ts';
import { answer, route } from '../../../http/route.ts';
import type { ItemsService } from '../service.ts';

/** Recently viewed (issue 22): a signed-in person's list and its clearing, and the cards of a visitor's list. */
export async function recentlyViewedRoutes(app: FastifyInstance, { items }: { items: ItemsService }) {
  route(app, {
    method: 'GET',
    url: '/users/me/recently-viewed',
    tag: 'items',
    summary:
      'The last 30 listings the signed-in user opened (not their own), the latest first; deleted or hidden ones drop out',
    access: 'signed-in',
    query: itemViewQuery,
    data: z.array(itemOrCardSchema),
    handle: async ({ query, viewer, language }) => answer(await items.recentlyViewed(viewer, language, query.view)),
  });

  route(app, {
    method: 'POST',
    url: '/users/me/recently-viewed',
    tag: 'items',
    summary:
      'Adds the listings this browser viewed before its visitor signed in (the latest first) to the front of their list',
    access: 'signed-in',
    body: recentlyViewedInputSchema,
    data: z.object({ remembered: z.number().int() }),
    handle: async ({ body, viewer }) => answer({ remembered: await items.rememberBrowserList(viewer, body.item_ids) }),
  });

  route(app, {
    method: 'DELETE',
    url: '/users/me/recently-viewed',
    tag: 'items',
    summary: 'Forget every listing the signed-in user opened',
    access: 'signed-in',
    data: z.null(),
    handle: async ({ viewer }) => {
      await items.clearRecentlyViewed(viewer);
      return answer(null, 'api.recentlyViewedCleared');
    },
  });

  route(app, {
    method: 'GET',
    url: '/items/listed',
    tag: 'items',
    summary:
      'The listings of up to 30 ids that the viewer may see in a list, in the order given (a visitor’s recently viewed, kept in their browser)',
    access: 'anyone',
    query: listedCardsQuery,
    data: z.array(itemOrCardSchema),
    handle: async ({ query, viewer, language }) =>
      answer(await items.listedCards(query.ids, viewer, language, query.view)),
  });
}
