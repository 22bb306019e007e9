import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '../../../contract/api.ts';
import { errorEnvelopeSchema } from '../../../contract/errors.ts';
import { serialIdSchema } from '../../../contract/ids.ts';
import { LANGUAGE_CODES, type LanguageCode } from '../../../contract/language.ts';
import {
  categorySchema,
  currencySchema,
  itemLocationSchema,
  lookupSchema,
  modelSchema,
  priceTypeSchema,
  subcategorySchema,
  townshipSchema,
} from '../../../contract/lookups.ts';
import { orderTypeSchema, PAGE_SIZE, type Paged, pagedSchema, pageQuerySchema } from '../../../contract/paging.ts';
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
const id = serialIdSchema;
const errors = { 400: errorEnvelopeSchema, 404: errorEnvelopeSchema };
type FastifyZodInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

type ListQuerySchema = ReturnType<typeof listQuerySchema>;

/**
 * A list under a parent, reachable two ways: by path (/categories/3/subcategories) and, as the spec's
 * calls do, by query (/subcategories?cat_id=3).
 */
function registerChildList<Item extends z.ZodType>(
  api: FastifyZodInstance,
  options: {
    path: string;
    flatPath: string;
    parent: { pathParam: string; queryParam: string };
    summary: string;
    item: Item;
    query: ListQuerySchema;
    list: (parentId: number, query: ListQueryInput, language: LanguageCode) => Promise<Paged<z.output<Item>>>;
  },
) {
  const schema = {
    tags: ['lookups'],
    summary: options.summary,
    response: { 200: envelopeSchema(pagedSchema(options.item)), ...errors },
  };
  api.get(
    options.path,
    { schema: { ...schema, params: z.object({ [options.parent.pathParam]: id }), querystring: options.query } },
    async (request) => {
      const parentId = (request.params as Record<string, number>)[options.parent.pathParam] as number;
      return ok(await options.list(parentId, request.query, requestLanguage(request)));
    },
  );
  api.get(
    options.flatPath,
    { schema: { ...schema, querystring: options.query.extend({ [options.parent.queryParam]: id }) } },
    async (request) => {
      const query = request.query as ListQueryInput & Record<string, number>;
      return ok(await options.list(query[options.parent.queryParam] as number, query, requestLanguage(request)));
    },
  );
}

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

  registerChildList(api, {
    path: '/categories/:catId/subcategories',
    flatPath: '/subcategories',
    parent: { pathParam: 'catId', queryParam: 'cat_id' },
    summary: 'Subcategories of a category',
    item: subcategorySchema,
    query: lookupsQuery,
    list: (catId, query, language) =>
      lookups.listSubcategories(catId, toListQuery(query, NAME_ORDER, 'ordering'), language),
  });

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

  registerChildList(api, {
    path: '/locations/:cityId/townships',
    flatPath: '/townships',
    parent: { pathParam: 'cityId', queryParam: 'city_id' },
    summary: 'Townships (districts) of a city',
    item: townshipSchema,
    query: locationsQuery,
    list: (cityId, query, language) =>
      lookups.listTownships(cityId, toListQuery(query, NAME_ORDER, 'ordering'), language),
  });

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

  registerChildList(api, {
    path: '/manufacturers/:manufacturerId/models',
    flatPath: '/models',
    parent: { pathParam: 'manufacturerId', queryParam: 'manufacturer_id' },
    summary: 'Vehicle models of a manufacturer',
    item: modelSchema,
    query: lookupsQuery,
    list: (manufacturerId, query, language) =>
      lookups.listModels(manufacturerId, toListQuery(query, NAME_ORDER, 'name'), language),
  });

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
