import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  savedSearchCreatedSchema,
  savedSearchIdParams,
  savedSearchInputSchema,
  savedSearchListSchema,
  savedSearchSchema,
} from '../../../../contract/saved-searches.ts';
import { answer, route } from '../../../http/route.ts';
import type { SearchService } from '../service.ts';

/** Saved searches with alerts (issue 22 point 5): the signed-in user's own, nobody else's. */
export async function savedSearchRoutes(app: FastifyInstance, options: { search: SearchService }) {
  const { saved } = options.search;

  route(app, {
    method: 'POST',
    url: '/saved-searches',
    tag: 'search',
    summary:
      'Save a search: the same parameters as GET /items (paging ignored) and an optional name; the same filters saved again answer the search kept then (already_saved)',
    access: 'signed-in',
    body: savedSearchInputSchema,
    data: savedSearchCreatedSchema,
    status: 201,
    refusals: [409],
    handle: async ({ body, viewer, meta }) => {
      const created = await saved.create(viewer, body, meta());
      return answer(created, created.already_saved ? 'api.savedSearchExists' : 'api.savedSearchSaved');
    },
  });

  route(app, {
    method: 'GET',
    url: '/saved-searches',
    tag: 'search',
    summary: 'The signed-in user’s saved searches, newest first, each with its count of new matching listings',
    access: 'signed-in',
    data: savedSearchListSchema,
    handle: async ({ viewer }) => answer(await saved.list(viewer)),
  });

  route(app, {
    method: 'DELETE',
    url: '/saved-searches/:savedSearchId',
    tag: 'search',
    summary: 'Delete one of one’s saved searches (and its matches)',
    access: 'signed-in',
    params: savedSearchIdParams,
    data: z.null(),
    refusals: [404],
    handle: async ({ params, viewer }) => {
      await saved.remove(viewer, params.savedSearchId);
      return answer(null, 'api.savedSearchDeleted');
    },
  });

  route(app, {
    method: 'POST',
    url: '/saved-searches/:savedSearchId/seen',
    tag: 'search',
    summary: 'The owner ran the search: its matches so far are no longer new (list_path is the item list to show)',
    access: 'signed-in',
    params: savedSearchIdParams,
    data: savedSearchSchema,
    refusals: [404],
    handle: async ({ params, viewer }) => answer(await saved.markSeen(viewer, params.savedSearchId)),
  });
}
