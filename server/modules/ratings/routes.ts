import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { userIdSchema } from '../../../contract/ids.ts';
import { PAGE_SIZE, pagedSchema, pageQuerySchema } from '../../../contract/paging.ts';
import { reviewInputSchema, reviewSchema, reviewStandingSchema } from '../../../contract/ratings.ts';
import { answer, route } from '../../http/route.ts';
import { resolveOffset } from '../../kernel/paging.ts';
import type { RatingsService } from './service.ts';

const userParams = z.object({ userId: userIdSchema });
const reviewsPage = pageQuerySchema(PAGE_SIZE.isUserBought);

/** Reviews (SPEC.md 7 "Ratings"): rating add, rating list, and whether the viewer may review (is-user-bought). */
export async function ratingRoutes(app: FastifyInstance, { ratings }: { ratings: RatingsService }) {
  route(app, {
    method: 'POST',
    url: '/users/:userId/reviews',
    tag: 'ratings',
    summary:
      'Review someone you completed a deal with (1 to 5 stars, a title and a message); a second review replaces the first',
    access: 'signed-in',
    params: userParams,
    body: reviewInputSchema,
    data: reviewSchema,
    refusals: [403, 404],
    handle: async ({ params, body, viewer, language }) =>
      answer(await ratings.review(viewer, params.userId, body, language), 'api.reviewSent'),
  });

  route(app, {
    method: 'GET',
    url: '/users/:userId/reviews',
    tag: 'ratings',
    summary: 'Someone’s reviews, the latest first (their rating summary is on the profile)',
    access: 'anyone',
    params: userParams,
    query: reviewsPage,
    data: pagedSchema(reviewSchema),
    refusals: [404],
    handle: async ({ params, query, viewer, language }) =>
      answer(
        await ratings.reviews(params.userId, viewer, { limit: query.limit, offset: resolveOffset(query) }, language),
      ),
  });

  route(app, {
    method: 'GET',
    url: '/users/:userId/review-standing',
    tag: 'ratings',
    summary: 'Whether the signed-in user may review someone (they completed a deal together) and their review so far',
    access: 'signed-in',
    params: userParams,
    data: reviewStandingSchema,
    handle: async ({ params, viewer, language }) => answer(await ratings.standing(viewer, params.userId, language)),
  });
}
