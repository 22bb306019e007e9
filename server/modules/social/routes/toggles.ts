import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { userIdSchema } from '../../../../contract/ids.ts';
import {
  blockInputSchema,
  blockStateSchema,
  favouriteInputSchema,
  favouriteStateSchema,
  followInputSchema,
  followStateSchema,
  reportInputSchema,
  reportOutcomeSchema,
} from '../../../../contract/social.ts';
import { answer, route } from '../../../http/route.ts';
import type { SocialService } from '../service.ts';

const itemParams = z.object({ itemId: z.uuid() });
const userParams = z.object({ userId: userIdSchema });

/** The toggles (SPEC.md 4): each body says the state wanted, so a double click changes nothing. */
export async function socialToggleRoutes(app: FastifyInstance, { social }: { social: SocialService }) {
  route(app, {
    method: 'POST',
    url: '/items/:itemId/favourite',
    tag: 'social',
    summary: 'Keep an item as a favourite, or stop; answers the state and the item’s favourite count',
    access: 'signed-in',
    params: itemParams,
    body: favouriteInputSchema,
    data: favouriteStateSchema,
    refusals: [403, 404],
    handle: async ({ params, body, viewer }) =>
      answer(
        await social.setFavourite(viewer, params.itemId, body.favourite),
        body.favourite ? 'api.favouriteAdded' : 'api.favouriteRemoved',
      ),
  });

  route(app, {
    method: 'POST',
    url: '/items/:itemId/report',
    tag: 'social',
    summary:
      'Report an item once (a reason; "other" needs a note), within limits per hour and day: the reporter no longer sees it',
    access: 'signed-in',
    params: itemParams,
    body: reportInputSchema,
    data: reportOutcomeSchema,
    refusals: [403, 404, 409, 429],
    handle: async ({ params, body, viewer, language }) =>
      answer(await social.report(viewer, params.itemId, body, language), 'api.itemReported'),
  });

  route(app, {
    method: 'POST',
    url: '/users/:userId/follow',
    tag: 'social',
    summary: 'Follow someone, or stop; answers the state and their follower count',
    access: 'signed-in',
    params: userParams,
    body: followInputSchema,
    data: followStateSchema,
    refusals: [403, 404],
    handle: async ({ params, body, viewer }) =>
      answer(
        await social.setFollowing(viewer, params.userId, body.follow),
        body.follow ? 'api.followed' : 'api.unfollowed',
      ),
  });

  route(app, {
    method: 'POST',
    url: '/users/:userId/block',
    tag: 'social',
    summary: 'Block someone, or unblock: a blocked pair stops following, favouriting and seeing each other',
    access: 'signed-in',
    params: userParams,
    body: blockInputSchema,
    data: blockStateSchema,
    refusals: [403, 404],
    handle: async ({ params, body, viewer }) =>
      answer(
        await social.setBlocked(viewer, params.userId, body.block),
        body.block ? 'api.userBlocked' : 'api.userUnblocked',
      ),
  });
}
