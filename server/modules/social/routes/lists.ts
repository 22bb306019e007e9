import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { userIdSchema } from '../../../../contract/ids.ts';
import { itemOrCardSchema, itemViewQuery } from '../../../../contract/items.ts';
import { PAGE_SIZE, pagedSchema, pageQuerySchema } from '../../../../contract/paging.ts';
import { reportedItemSchema } from '../../../../contract/social.ts';
import { userSchema } from '../../../../contract/users.ts';
import { answer, route } from '../../../http/route.ts';
import { resolveOffset } from '../../../kernel/paging.ts';
import type { SocialService } from '../service.ts';

const itemsPage = pageQuerySchema(PAGE_SIZE.items);
/** People lists have no size in the spec: the lookup lists' 30. */
const peoplePage = pageQuerySchema(PAGE_SIZE.lookups);
const window = (query: z.output<typeof itemsPage>) => ({ limit: query.limit, offset: resolveOffset(query) });
const userParams = z.object({ userId: userIdSchema });

/** /favourite, /followers, /following, /blocked-users and /reported-items as JSON, paged with next_cursor. */
export async function socialListRoutes(app: FastifyInstance, { social }: { social: SocialService }) {
  route(app, {
    method: 'GET',
    url: '/users/me/favourites',
    tag: 'social',
    summary: 'The signed-in user’s favourite items they may still see, the latest kept first',
    access: 'signed-in',
    query: itemsPage.extend(itemViewQuery.shape),
    data: pagedSchema(itemOrCardSchema),
    handle: async ({ query, viewer, language }) =>
      answer(await social.favouriteItems(viewer, window(query), language, query.view)),
  });

  route(app, {
    method: 'GET',
    url: '/users/me/reported-items',
    tag: 'social',
    summary: 'The items the signed-in user reported, with the reason, the latest first',
    access: 'signed-in',
    query: itemsPage,
    data: pagedSchema(reportedItemSchema),
    handle: async ({ query, viewer, language }) => answer(await social.reportedItems(viewer, window(query), language)),
  });

  route(app, {
    method: 'GET',
    url: '/users/me/blocked',
    tag: 'social',
    summary: 'The people the signed-in user blocked, the latest first',
    access: 'signed-in',
    query: peoplePage,
    data: pagedSchema(userSchema),
    handle: async ({ query, viewer }) => answer(await social.blockedUsers(viewer, window(query))),
  });

  for (const direction of ['followers', 'following'] as const) {
    route(app, {
      method: 'GET',
      url: `/users/:userId/${direction}`,
      tag: 'social',
      summary:
        direction === 'followers'
          ? 'The people following someone, the latest first'
          : 'The people someone follows, the latest first',
      access: 'anyone',
      params: userParams,
      query: peoplePage,
      data: pagedSchema(userSchema),
      refusals: [404],
      handle: async ({ params, query, viewer }) =>
        answer(await social[direction](params.userId, viewer, window(query))),
    });
  }
}
