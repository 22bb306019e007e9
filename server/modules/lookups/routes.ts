import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { bannerSchema } from '../../../contract/banners.ts';
import { serialIdSchema } from '../../../contract/ids.ts';
import type { LanguageCode } from '../../../contract/language.ts';
import {
  categorySchema,
  currencySchema,
  itemLocationSchema,
  lookupSchema,
  modelSchema,
  priceTypeSchema,
  shippingMethodSchema,
  subcategorySchema,
  townshipSchema,
} from '../../../contract/lookups.ts';
import { orderTypeSchema, PAGE_SIZE, type Paged, pagedSchema, pageQuerySchema } from '../../../contract/paging.ts';
import { answer, route } from '../../http/route.ts';
import type { Banners } from './banners.ts';
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
  });
}

type ListQuerySchema = ReturnType<typeof listQuerySchema>;
type ListQueryInput = z.infer<ListQuerySchema>;

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

/** A published list, paged, in the request's language. */
function registerList<Item extends z.ZodType>(
  app: FastifyInstance,
  options: {
    url: string;
    summary: string;
    item: Item;
    query: ListQuerySchema;
    list: (query: ListQueryInput, language: LanguageCode) => Promise<Paged<z.input<Item>>>;
  },
) {
  route(app, {
    method: 'GET',
    url: options.url,
    tag: 'lookups',
    summary: options.summary,
    access: 'public',
    query: options.query,
    data: pagedSchema(options.item),
    handle: async ({ query, language }) => answer(await options.list(query, language)),
  });
}

/**
 * A list under a parent, reachable two ways: by path (/categories/3/subcategories) and, as the spec's
 * calls do, by query (/subcategories?cat_id=3).
 */
function registerChildList<Item extends z.ZodType>(
  app: FastifyInstance,
  options: {
    path: string;
    flatPath: string;
    parent: { pathParam: string; queryParam: string };
    summary: string;
    item: Item;
    query: ListQuerySchema;
    list: (parentId: number, query: ListQueryInput, language: LanguageCode) => Promise<Paged<z.input<Item>>>;
  },
) {
  const common = {
    method: 'GET',
    tag: 'lookups',
    summary: options.summary,
    access: 'public',
    data: pagedSchema(options.item),
    refusals: [404],
  } as const;
  route(app, {
    ...common,
    url: options.path,
    params: z.object({ [options.parent.pathParam]: serialIdSchema }),
    query: options.query,
    handle: async ({ params, query, language }) =>
      answer(await options.list(params[options.parent.pathParam] as number, query, language)),
  });
  route(app, {
    ...common,
    url: options.flatPath,
    query: options.query.extend({ [options.parent.queryParam]: serialIdSchema }),
    handle: async ({ query, language }) => {
      const flat = query as ListQueryInput & Record<string, number>;
      return answer(await options.list(flat[options.parent.queryParam] as number, flat, language));
    },
  });
}

export async function lookupRoutes(app: FastifyInstance, options: { lookups: LookupsService; banners: Banners }) {
  const { lookups } = options;
  registerBannerRoute(app, options.banners);
  const lookupsQuery = listQuerySchema(PAGE_SIZE.lookups, NAME_ORDER);
  const categoriesQuery = listQuerySchema(PAGE_SIZE.categories, CATEGORY_ORDER);
  const locationsQuery = listQuerySchema(PAGE_SIZE.locations, NAME_ORDER);

  registerList(app, {
    url: '/categories',
    summary: 'Categories (localized names, keyword search, ordering)',
    item: categorySchema,
    query: categoriesQuery,
    list: (query, language) => lookups.listCategories(toListQuery(query, CATEGORY_ORDER, 'name'), language),
  });

  route(app, {
    method: 'GET',
    url: '/categories/:catId',
    tag: 'lookups',
    summary: 'One category',
    access: 'public',
    params: z.object({ catId: serialIdSchema }),
    data: categorySchema,
    refusals: [404],
    handle: async ({ params, language }) => answer(await lookups.getCategory(params.catId, language)),
  });

  registerChildList(app, {
    path: '/categories/:catId/subcategories',
    flatPath: '/subcategories',
    parent: { pathParam: 'catId', queryParam: 'cat_id' },
    summary: 'Subcategories of a category',
    item: subcategorySchema,
    query: lookupsQuery,
    list: (catId, query, language) =>
      lookups.listSubcategories(catId, toListQuery(query, NAME_ORDER, 'ordering'), language),
  });

  registerList(app, {
    url: '/locations',
    summary: 'Cities (item locations)',
    item: itemLocationSchema,
    query: locationsQuery,
    list: (query, language) => lookups.listLocations(toListQuery(query, NAME_ORDER, 'ordering'), language),
  });

  registerChildList(app, {
    path: '/locations/:cityId/townships',
    flatPath: '/townships',
    parent: { pathParam: 'cityId', queryParam: 'city_id' },
    summary: 'Townships (districts) of a city',
    item: townshipSchema,
    query: locationsQuery,
    list: (cityId, query, language) =>
      lookups.listTownships(cityId, toListQuery(query, NAME_ORDER, 'ordering'), language),
  });

  registerList(app, {
    url: '/currencies',
    summary: 'Currencies',
    item: currencySchema,
    query: lookupsQuery,
    list: (query, language) => lookups.listCurrencies(toListQuery(query, NAME_ORDER, 'ordering'), language),
  });

  registerList(app, {
    url: '/shipping-methods',
    summary: "Shipping methods: how a buyer may receive an item, with the price in the site's currency and days",
    item: shippingMethodSchema,
    query: lookupsQuery,
    list: (query, language) => lookups.listShippingMethods(toListQuery(query, NAME_ORDER, 'ordering'), language),
  });

  registerList(app, {
    url: '/price-types',
    summary: 'Price types',
    item: priceTypeSchema,
    query: lookupsQuery,
    list: (query, language) => lookups.listPriceTypes(toListQuery(query, NAME_ORDER, 'ordering'), language),
  });

  registerChildList(app, {
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
    registerList(app, {
      url: `/${kind}`,
      summary: `${kind.replaceAll('-', ' ')} lookup`,
      item: lookupSchema,
      query: lookupsQuery,
      list: (query, language) => lookups.listSimple(kind, toListQuery(query, NAME_ORDER, 'ordering'), language),
    });
  }
}

function registerBannerRoute(app: FastifyInstance, banners: Banners) {
  route(app, {
    method: 'GET',
    url: '/banners',
    tag: 'lookups',
    summary: "The dashboard's banners, in their order, worded in the request language",
    access: 'public',
    data: z.array(bannerSchema),
    handle: async ({ language }) => answer(await banners.shown(language)),
  });
}
