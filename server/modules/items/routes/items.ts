import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { serialIdSchema, userIdSchema } from '../../../../contract/ids.ts';
import { itemEntrySchema } from '../../../../contract/item-entry.ts';
import {
  ITEM_RAIL_KINDS,
  ITEM_RAIL_SIZE,
  itemDetailSchema,
  itemOrCardSchema,
  itemViewQuery,
  OWNER_LISTS,
  ownItemCardSchema,
  ownItemSchema,
} from '../../../../contract/items.ts';
import {
  categorySchema,
  currencySchema,
  itemLocationSchema,
  lookupSchema,
  priceTypeSchema,
} from '../../../../contract/lookups.ts';
import { PAGE_SIZE, pagedSchema, pageQuerySchema } from '../../../../contract/paging.ts';
import { sellerContactSchema } from '../../../../contract/users.ts';
import { answer, route } from '../../../http/route.ts';
import type { IdentifyVisitor } from '../../../http/visitor.ts';
import { resolveOffset } from '../../../kernel/paging.ts';
import type { ItemsService } from '../service.ts';

export const itemIdParams = z.object({ itemId: z.uuid() });
const pageQuery = pageQuerySchema(PAGE_SIZE.items);
const window = (query: z.output<typeof pageQuery>) => ({ limit: query.limit, offset: resolveOffset(query) });

const relatedQuery = itemViewQuery.extend({
  kind: z
    .enum(ITEM_RAIL_KINDS)
    .default('subcategory')
    .describe(
      'subcategory: the same subcategory (else category); seller: the seller’s other items; city: the same subcategory (else category) in one city',
    ),
  item_location_id: serialIdSchema
    .optional()
    .describe('kind=city: the city, as chosen on the device; without it, the item’s own city'),
});

/** The lists of the item entry form (contract/pages.ts ItemEntryOptions). */
const entryOptionsSchema = z
  .object({
    categories: z.array(categorySchema),
    item_types: z.array(lookupSchema),
    price_types: z.array(priceTypeSchema),
    currencies: z.array(currencySchema),
    conditions: z.array(lookupSchema),
    deal_options: z.array(lookupSchema),
    locations: z.array(itemLocationSchema),
    manufacturers: z.array(lookupSchema),
    engine_statuses: z.array(lookupSchema),
    transmissions: z.array(lookupSchema),
    fuel_types: z.array(lookupSchema),
    body_styles: z.array(lookupSchema),
    colors: z.array(lookupSchema),
    seller_types: z.array(lookupSchema),
    vehicle_types: z.array(lookupSchema),
  })
  .meta({ id: 'ItemEntryOptions' });

export async function itemRoutes(
  app: FastifyInstance,
  { items, identifyVisitor }: { items: ItemsService; identifyVisitor: IdentifyVisitor },
) {
  registerPostingRoute(app, items);
  registerSellerListRoutes(app, items);
  registerOneItemRoutes(app, items);
  registerItemPageRoutes(app, items, identifyVisitor);
  registerEntryOptionsRoute(app, items);
}

function registerPostingRoute(app: FastifyInstance, items: ItemsService) {
  route(app, {
    method: 'POST',
    url: '/items',
    tag: 'items',
    summary: 'Post an item: its photos (and video) are uploads made beforehand; pending when approval is on',
    access: 'signed-in',
    body: itemEntrySchema,
    data: itemDetailSchema,
    status: 201,
    handle: async ({ body, viewer, language }) => answer(await items.create(viewer, body, language), 'api.itemSaved'),
  });
}

function registerSellerListRoutes(app: FastifyInstance, items: ItemsService) {
  route(app, {
    method: 'GET',
    url: '/items/mine',
    tag: 'items',
    summary: 'The signed-in seller’s own items: active, pending, rejected (with disabled) or sold; newest first',
    access: 'signed-in',
    query: pageQuery.extend({ list: z.enum(OWNER_LISTS).default('active') }).extend(itemViewQuery.shape),
    data: pagedSchema(z.union([ownItemSchema, ownItemCardSchema])),
    handle: async ({ query, viewer, language }) =>
      answer(await items.listMine(viewer, query.list, window(query), language, query.view)),
  });

  route(app, {
    method: 'GET',
    url: '/items/by-seller/:userId/sold',
    tag: 'items',
    summary: 'A seller’s sold items (their own view includes those not active)',
    access: 'anyone',
    params: z.object({ userId: userIdSchema }),
    query: pageQuery.extend(itemViewQuery.shape),
    data: pagedSchema(itemOrCardSchema),
    handle: async ({ params, query, viewer, language }) =>
      answer(await items.listSoldBy(params.userId, viewer, window(query), language, query.view)),
  });
}

/** One item: reading it, and its owner's edit, deletion and sold mark. */
function registerOneItemRoutes(app: FastifyInstance, items: ItemsService) {
  route(app, {
    method: 'GET',
    url: '/items/:itemId',
    tag: 'items',
    summary:
      'An item with every photo and its vehicle details; pending, rejected and disabled ones only for their owner and admins',
    access: 'anyone',
    params: itemIdParams,
    data: itemDetailSchema,
    refusals: [404],
    handle: async ({ params, viewer, language }) => answer(await items.get(params.itemId, viewer, language)),
  });

  route(app, {
    method: 'POST',
    url: '/items/:itemId',
    tag: 'items',
    summary: 'Edit one’s own item (the same fields as posting); an active item waits again when approval is on',
    access: 'signed-in',
    params: itemIdParams,
    body: itemEntrySchema,
    data: itemDetailSchema,
    refusals: [404],
    handle: async ({ params, body, viewer, language }) =>
      answer(await items.update(viewer, params.itemId, body, language), 'api.itemSaved'),
  });

  route(app, {
    method: 'DELETE',
    url: '/items/:itemId',
    tag: 'items',
    summary: 'Delete one’s own item (admins any): it leaves every list; its photos and video are removed',
    access: 'signed-in',
    params: itemIdParams,
    data: z.null(),
    refusals: [404],
    handle: async ({ params, viewer }) => {
      await items.remove(viewer, params.itemId);
      return answer(null, 'api.itemDeleted');
    },
  });

  route(app, {
    method: 'POST',
    url: '/items/:itemId/sold',
    tag: 'items',
    summary: 'Mark one’s own item sold, or available again',
    access: 'signed-in',
    params: itemIdParams,
    body: z.object({ is_sold_out: z.boolean() }),
    data: z.object({ is_sold_out: z.boolean() }),
    refusals: [404],
    handle: async ({ params, body, viewer }) => {
      await items.setSoldOut(viewer, params.itemId, body.is_sold_out);
      return answer(
        { is_sold_out: body.is_sold_out },
        body.is_sold_out ? 'api.itemMarkedSold' : 'api.itemMarkedAvailable',
      );
    },
  });

  route(app, {
    method: 'POST',
    url: '/items/:itemId/renew',
    tag: 'items',
    summary:
      'Renew one’s own expired listing, or an active one within the notice days before it expires: it is ' +
      'public again for the operator’s number of days from now',
    access: 'signed-in',
    params: itemIdParams,
    data: z.object({ renewed: z.literal(true) }),
    refusals: [403, 404, 409],
    handle: async ({ params, viewer }) => {
      await items.renew(viewer, params.itemId);
      return answer({ renewed: true as const }, 'api.itemRenewed');
    },
  });
}

/** What an item's page asks besides the item: a view counted, and related items. */
function registerItemPageRoutes(app: FastifyInstance, items: ItemsService, identifyVisitor: IdentifyVisitor) {
  route(app, {
    method: 'POST',
    url: '/items/:itemId/seller-contact',
    tag: 'items',
    summary:
      'Reveal the phone and WhatsApp the seller shares (signed in; contact_reveals_per_hour a member; counted once a day in the listing’s statistics)',
    access: 'signed-in',
    params: itemIdParams,
    data: sellerContactSchema,
    refusals: [404, 429],
    handle: async ({ params, viewer, language }) =>
      answer(await items.revealSellerContact(viewer, params.itemId, language)),
  });

  route(app, {
    method: 'POST',
    url: '/items/:itemId/touch',
    tag: 'items',
    summary:
      'Count a view of the item (once per viewer and day: the account, else the visitor cookie it sets; bots count none)',
    access: 'anyone',
    params: itemIdParams,
    data: z.null(),
    refusals: [404],
    handle: async ({ params, viewer, request, reply }) => {
      const visitorId = viewer ? null : (await identifyVisitor(request, reply)).id;
      await items.touch(params.itemId, viewer, visitorId);
      return answer(null);
    },
  });

  route(app, {
    method: 'GET',
    url: '/items/:itemId/related',
    tag: 'items',
    summary: `One rail of the item page: up to ${ITEM_RAIL_SIZE} active, unsold items the viewer may see, newest first, without this one`,
    access: 'anyone',
    params: itemIdParams,
    query: relatedQuery,
    data: z.array(itemOrCardSchema),
    refusals: [404],
    handle: async ({ params, query, viewer, language }) =>
      answer(
        await items.relatedTo(params.itemId, viewer, language, query.view, {
          kind: query.kind,
          cityId: query.item_location_id ?? null,
        }),
      ),
  });
}

function registerEntryOptionsRoute(app: FastifyInstance, items: ItemsService) {
  route(app, {
    method: 'GET',
    url: '/item-entry/options',
    tag: 'items',
    summary:
      'Every list the item entry form offers, in the request language (subcategories, townships and models come from their own lists)',
    access: 'public',
    data: entryOptionsSchema,
    handle: async ({ language }) => answer(await items.entryOptions(language)),
  });
}
