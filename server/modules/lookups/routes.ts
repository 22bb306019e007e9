import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, errorEnvelopeSchema, pagedSchema } from '../../../contract/api.ts';
import { LANGUAGE_CODES, PAGE_SIZE } from '../../../contract/constants.ts';
import {
  categorySchema,
  currencySchema,
  itemLocationSchema,
  lookupSchema,
  modelSchema,
  priceTypeSchema,
  subcategorySchema,
  townshipSchema,
} from '../../../contract/entities.ts';
import { orderTypeSchema, pageQuerySchema } from '../../../contract/paging.ts';
import { ok } from '../../http/envelope.ts';
import { requestLanguage } from '../../http/language.ts';
import { type ListQuery, type LookupsService, SIMPLE_LOOKUPS, type SimpleLookupKind } from './service.ts';

type OrderField = ListQuery['orderBy'];

/**
 * Query of every lookup list. The spec spells the category parameters `oder_by` / `oder_type`; both
 * spellings are accepted.
 */
function listQuerySchema(defaultLimit: number, orderFields: Record<string, OrderField>) {
  const orderBy = z.enum(Object.keys(orderFields) as [string, ...string[]]);
  return pageQuerySchema(defaultLimit).extend({
    keyword: z.string().trim().max(100).optional(),
    order_by: orderBy.optional(),
    oder_by: orderBy.optional(),
    order_type: orderTypeSchema.optional(),
    oder_type: orderTypeSchema.optional(),
    lang: z.enum(LANGUAGE_CODES).optional(),
  });
}

type ListQueryInput = z.infer<ReturnType<typeof listQuerySchema>>;

function toListQuery(
  input: ListQueryInput,
  orderFields: Record<string, OrderField>,
  defaultOrder: OrderField,
): ListQuery {
  const orderKey = input.order_by ?? input.oder_by;
  return {
    limit: input.limit,
    offset: input.offset,
    cursor: input.cursor,
    keyword: input.keyword || undefined,
    orderBy: (orderKey && orderFields[orderKey]) || defaultOrder,
    orderType: input.order_type ?? input.oder_type ?? 'asc',
  };
}

const NAME_ORDER = { name: 'name', ordering: 'ordering', added_date: 'added_date' } as const;
const CATEGORY_ORDER = { ...NAME_ORDER, cat_name: 'name', cat_ordering: 'ordering' } as const;
const id = z.coerce.number().int().positive().max(2_147_483_647);
const errors = { 400: errorEnvelopeSchema, 404: errorEnvelopeSchema };

export async function lookupRoutes(app: FastifyInstance, options: { lookups: LookupsService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { lookups } = options;
  const lookupsQuery = listQuerySchema(PAGE_SIZE.lookups, NAME_ORDER);
  const categoriesQuery = listQuerySchema(PAGE_SIZE.categories, CATEGORY_ORDER);
  const locationsQuery = listQuerySchema(PAGE_SIZE.locations, NAME_ORDER);

  api.get(
    '/categories',
    {
      schema: {
        tags: ['lookups'],
        summary: 'Categories (localized names, keyword search, ordering)',
        querystring: categoriesQuery,
        response: { 200: envelopeSchema(pagedSchema(categorySchema)), ...errors },
      },
    },
    async (request) =>
      ok(await lookups.listCategories(toListQuery(request.query, CATEGORY_ORDER, 'name'), requestLanguage(request))),
  );

  api.get(
    '/categories/:catId',
    {
      schema: {
        tags: ['lookups'],
        summary: 'One category',
        params: z.object({ catId: id }),
        querystring: z.object({ lang: z.enum(LANGUAGE_CODES).optional() }),
        response: { 200: envelopeSchema(categorySchema), ...errors },
      },
    },
    async (request) => ok(await lookups.getCategory(request.params.catId, requestLanguage(request))),
  );

  const subcategoriesSchema = {
    tags: ['lookups'],
    summary: 'Subcategories of a category',
    response: { 200: envelopeSchema(pagedSchema(subcategorySchema)), ...errors },
  };
  api.get(
    '/categories/:catId/subcategories',
    { schema: { ...subcategoriesSchema, params: z.object({ catId: id }), querystring: lookupsQuery } },
    async (request) =>
      ok(
        await lookups.listSubcategories(
          request.params.catId,
          toListQuery(request.query, NAME_ORDER, 'ordering'),
          requestLanguage(request),
        ),
      ),
  );
  api.get(
    '/subcategories',
    { schema: { ...subcategoriesSchema, querystring: lookupsQuery.extend({ cat_id: id }) } },
    async (request) =>
      ok(
        await lookups.listSubcategories(
          request.query.cat_id,
          toListQuery(request.query, NAME_ORDER, 'ordering'),
          requestLanguage(request),
        ),
      ),
  );

  api.get(
    '/locations',
    {
      schema: {
        tags: ['lookups'],
        summary: 'Cities (item locations)',
        querystring: locationsQuery,
        response: { 200: envelopeSchema(pagedSchema(itemLocationSchema)), ...errors },
      },
    },
    async (request) =>
      ok(await lookups.listLocations(toListQuery(request.query, NAME_ORDER, 'ordering'), requestLanguage(request))),
  );

  const townshipsSchema = {
    tags: ['lookups'],
    summary: 'Townships (districts) of a city',
    response: { 200: envelopeSchema(pagedSchema(townshipSchema)), ...errors },
  };
  api.get(
    '/locations/:cityId/townships',
    { schema: { ...townshipsSchema, params: z.object({ cityId: id }), querystring: locationsQuery } },
    async (request) =>
      ok(
        await lookups.listTownships(
          request.params.cityId,
          toListQuery(request.query, NAME_ORDER, 'ordering'),
          requestLanguage(request),
        ),
      ),
  );
  api.get(
    '/townships',
    { schema: { ...townshipsSchema, querystring: locationsQuery.extend({ city_id: id }) } },
    async (request) =>
      ok(
        await lookups.listTownships(
          request.query.city_id,
          toListQuery(request.query, NAME_ORDER, 'ordering'),
          requestLanguage(request),
        ),
      ),
  );

  api.get(
    '/currencies',
    {
      schema: {
        tags: ['lookups'],
        summary: 'Currencies',
        querystring: lookupsQuery,
        response: { 200: envelopeSchema(pagedSchema(currencySchema)), ...errors },
      },
    },
    async (request) =>
      ok(await lookups.listCurrencies(toListQuery(request.query, NAME_ORDER, 'ordering'), requestLanguage(request))),
  );

  api.get(
    '/price-types',
    {
      schema: {
        tags: ['lookups'],
        summary: 'Price types',
        querystring: lookupsQuery,
        response: { 200: envelopeSchema(pagedSchema(priceTypeSchema)), ...errors },
      },
    },
    async (request) =>
      ok(await lookups.listPriceTypes(toListQuery(request.query, NAME_ORDER, 'ordering'), requestLanguage(request))),
  );

  const modelsSchema = {
    tags: ['lookups'],
    summary: 'Vehicle models of a manufacturer',
    response: { 200: envelopeSchema(pagedSchema(modelSchema)), ...errors },
  };
  api.get(
    '/manufacturers/:manufacturerId/models',
    { schema: { ...modelsSchema, params: z.object({ manufacturerId: id }), querystring: lookupsQuery } },
    async (request) =>
      ok(
        await lookups.listModels(
          request.params.manufacturerId,
          toListQuery(request.query, NAME_ORDER, 'name'),
          requestLanguage(request),
        ),
      ),
  );
  api.get(
    '/models',
    { schema: { ...modelsSchema, querystring: lookupsQuery.extend({ manufacturer_id: id }) } },
    async (request) =>
      ok(
        await lookups.listModels(
          request.query.manufacturer_id,
          toListQuery(request.query, NAME_ORDER, 'name'),
          requestLanguage(request),
        ),
      ),
  );

  for (const kind of Object.keys(SIMPLE_LOOKUPS) as SimpleLookupKind[]) {
    api.get(
      `/${kind}`,
      {
        schema: {
          tags: ['lookups'],
          summary: `${kind.replaceAll('-', ' ')} lookup`,
          querystring: lookupsQuery,
          response: { 200: envelopeSchema(pagedSchema(lookupSchema)), ...errors },
        },
      },
      async (request) =>
        ok(
          await lookups.listSimple(kind, toListQuery(request.query, NAME_ORDER, 'ordering'), requestLanguage(request)),
        ),
    );
  }
}
