import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { answer, route } from '../../../http/route.ts';
import type { SearchService } from '../service.ts';

const countsById = z.record(z.string(), z.number().int()).describe('Count by id; an id not listed has none');

const activeItemCountsSchema = z
  .object({ categories: countsById, subcategories: countsById })
  .meta({ id: 'ActiveItemCounts' });

/** The category pages' counts for other clients: public items per category and subcategory, up to a minute old. */
export async function categoryCountsRoutes(app: FastifyInstance, options: { search: SearchService }) {
  const { search } = options;
  route(app, {
    method: 'GET',
    url: '/categories/item-counts',
    tag: 'search',
    summary:
      'Active public items per category and per subcategory (active, not deleted, of an active seller not banned), refreshed at most once a minute',
    access: 'public',
    data: activeItemCountsSchema,
    handle: async () => answer(await search.activeItemCounts()),
  });
}
