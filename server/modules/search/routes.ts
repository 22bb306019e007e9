import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { collectionSchema } from '../../../contract/collections.ts';
import { serialIdSchema } from '../../../contract/ids.ts';
import { itemOrCardSchema, itemViewQuery } from '../../../contract/items.ts';
import { pagedSchema } from '../../../contract/paging.ts';
import { itemSearchSchema, SUGGESTION_KINDS, suggestQuerySchema } from '../../../contract/search.ts';
import { answer, route } from '../../http/route.ts';
import { categoryCountsRoutes } from './routes/category-counts.ts';
import { savedSearchRoutes } from './routes/saved-searches.ts';
import type { SearchService } from './service.ts';

const itemSearchResultSchema = pagedSchema(itemOrCardSchema)
  .extend({
    total: z.object({ count: z.number().int(), capped: z.boolean() }),
    corrections: z
      .array(z.object({ term: z.string(), replacement: z.string() }))
      .describe('Words searched as another (a typo) or left out because they match nothing (replacement "")'),
    suggestion: z.string().nullable(),
  })
  .meta({ id: 'ItemSearchResult' });

const suggestionsSchema = z
  .object({
    suggestions: z.array(
      z.object({
        kind: z.enum(SUGGESTION_KINDS),
        text: z.string(),
        cat_id: z.number().int().optional(),
        sub_cat_id: z.number().int().optional(),
      }),
    ),
  })
  .meta({ id: 'SearchSuggestions' });

export async function searchRoutes(app: FastifyInstance, options: { search: SearchService }) {
  const { search } = options;
  await categoryCountsRoutes(app, { search });
  await savedSearchRoutes(app, { search });

  route(app, {
    method: 'GET',
    url: '/items',
    tag: 'search',
    summary:
      'Public items: every filter of the item list (SPEC.md 2), text (Arabic-aware, typo-tolerant), map radius in miles; newest, popular, best match or nearest; keyset paging with next_cursor',
    access: 'anyone',
    query: itemSearchSchema,
    data: itemSearchResultSchema,
    handle: async ({ query, viewer, language }) => answer(await search.list(query, viewer, language)),
  });

  route(app, {
    method: 'GET',
    url: '/collections',
    tag: 'search',
    summary: "The operator's published collections of listings, in their order, named in the request language",
    access: 'public',
    data: z.array(collectionSchema),
    handle: async ({ language }) => answer(await search.collections.shown(language, 30)),
  });

  route(app, {
    method: 'GET',
    url: '/collections/:collectionId/items',
    tag: 'search',
    summary: "A published collection's listings, newest first (SPEC.md collection products)",
    access: 'public',
    params: z.object({ collectionId: serialIdSchema }),
    query: z.object({
      limit: itemSearchSchema.shape.limit,
      offset: itemSearchSchema.shape.offset,
      cursor: itemSearchSchema.shape.cursor,
      view: itemViewQuery.shape.view,
    }),
    data: pagedSchema(itemOrCardSchema),
    refusals: [404],
    handle: async ({ params, query, viewer, language }) =>
      answer(await search.collectionItems(params.collectionId, viewer, query, language)),
  });

  route(app, {
    method: 'GET',
    url: '/items/following',
    tag: 'search',
    summary: 'Items of the sellers the signed-in user follows, newest first',
    access: 'signed-in',
    query: z.object({
      limit: itemSearchSchema.shape.limit,
      offset: itemSearchSchema.shape.offset,
      cursor: itemSearchSchema.shape.cursor,
      view: itemViewQuery.shape.view,
    }),
    data: pagedSchema(itemOrCardSchema),
    handle: async ({ query, viewer, language }) => answer(await search.fromFollowed(viewer, query, language)),
  });

  route(app, {
    method: 'GET',
    url: '/search/suggestions',
    tag: 'search',
    summary: 'What the search box offers as you type: categories, subcategories, brands and titles',
    access: 'anyone',
    query: suggestQuerySchema,
    data: suggestionsSchema,
    handle: async ({ query, language }) => answer({ suggestions: await search.suggest(query.q, language) }),
  });
}
