import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { serialIdSchema } from '../../../../contract/ids.ts';
import { pagedSchema, pageQuerySchema } from '../../../../contract/paging.ts';
import { consoleReviewSchema, reviewVisibilitySchema } from '../../../../contract/review-moderation.ts';
import { answer, route } from '../../../http/route.ts';
import { resolveOffset } from '../../../kernel/paging.ts';
import type { AdminService } from '../service.ts';

/** The console's reviews (issue 24): the latest first, each hidden or shown again by an operator. */
export function registerReviewRoutes(app: FastifyInstance, admin: AdminService) {
  route(app, {
    method: 'GET',
    url: '/admin/reviews',
    tag: 'admin',
    summary: 'Reviews, the latest first, hidden ones too',
    access: 'admin',
    query: pageQuerySchema(30),
    data: pagedSchema(consoleReviewSchema),
    handle: async ({ query, viewer }) =>
      answer(await admin.reviews.latest(viewer, { limit: query.limit, offset: resolveOffset(query) })),
  });

  route(app, {
    method: 'POST',
    url: '/admin/reviews/:reviewId',
    tag: 'admin',
    summary: "Hide a review (it no longer shows nor counts in the person's rating) or show it again",
    access: 'admin',
    params: z.object({ reviewId: serialIdSchema }),
    body: reviewVisibilitySchema,
    data: z.null(),
    refusals: [404],
    handle: async ({ params, body, viewer }) => {
      await admin.reviews.setHidden(viewer, params.reviewId, body.hidden);
      return answer(null, body.hidden ? 'console.reviews.hidden' : 'console.reviews.shown');
    },
  });
}
