import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { bumpInputSchema, bumpResultSchema, listingUpkeepSchema } from '../../../contract/listing-upkeep.ts';
import { PAGE_SIZE, pagedSchema, pageQuerySchema } from '../../../contract/paging.ts';
import { CONSOLE_PAID_AD_FILTERS } from '../../../contract/payment-catalog.ts';
import { couponCheckSchema, couponDiscountSchema } from '../../../contract/payments.ts';
import {
  consolePaidAdSchema,
  paidAdSchema,
  promoteInputSchema,
  promotionOptionsSchema,
  promotionStartSchema,
} from '../../../contract/promotions.ts';
import { answer, route } from '../../http/route.ts';
import { resolveOffset } from '../../kernel/paging.ts';
import type { BumpService } from './bumps.ts';
import type { PromotionsService } from './service.ts';

const itemParams = z.object({ itemId: z.uuid() });

/** Paid promotion (SPEC.md 7 "paid item add", "paid ad item list"). */
export async function promotionRoutes(
  app: FastifyInstance,
  { promotions, bumps }: { promotions: PromotionsService; bumps: BumpService },
) {
  route(app, {
    method: 'GET',
    url: '/items/:itemId/upkeep',
    tag: 'items',
    summary:
      'The owner’s view of keeping a listing seen: when it expires and whether it can be renewed now, the free ' +
      'bumps to the top of "Latest" left in this period, and the price of a paid one',
    access: 'signed-in',
    params: itemParams,
    data: listingUpkeepSchema,
    refusals: [404],
    handle: async ({ params, viewer, language }) => answer(await bumps.upkeep(viewer, params.itemId, language)),
  });

  route(app, {
    method: 'POST',
    url: '/items/:itemId/bump',
    tag: 'items',
    summary:
      'Move the owner’s active listing to the top of "Latest": free while a free bump is left in the period ' +
      '(the payment fields are then ignored), otherwise paid with `payment_method`; a paid bump is done once ' +
      'its payment is verified',
    access: 'signed-in',
    params: itemParams,
    body: bumpInputSchema,
    data: bumpResultSchema,
    refusals: [400, 404, 409, 503],
    handle: async ({ params, body, viewer, language }) =>
      answer(await bumps.bump(viewer, params.itemId, body, language)),
  });

  route(app, {
    method: 'GET',
    url: '/items/:itemId/promotion-options',
    tag: 'payments',
    summary: 'What the owner may buy to promote a listing: packages with their prices, the payment methods that are on',
    access: 'signed-in',
    params: itemParams,
    data: promotionOptionsSchema,
    refusals: [404, 409],
    handle: async ({ params, viewer, language }) => answer(await promotions.options(viewer, params.itemId, language)),
  });

  route(app, {
    method: 'POST',
    url: '/paid-items',
    tag: 'payments',
    summary:
      'Promote a listing: a package, a start date and time and a payment method. The price is the server’s; the ' +
      'ad runs once the payment is verified with the provider (or approved by an operator, offline)',
    access: 'signed-in',
    body: promoteInputSchema,
    data: promotionStartSchema,
    refusals: [400, 404, 409, 503],
    handle: async ({ body, viewer, language }) => answer(await promotions.promote(viewer, body, language)),
  });

  route(app, {
    method: 'POST',
    url: '/coupons/check',
    tag: 'payments',
    summary: 'What a coupon takes off a promotion package of `days` (a few checks an hour per account)',
    access: 'signed-in',
    body: couponCheckSchema,
    data: couponDiscountSchema,
    handle: async ({ body, viewer }) => answer(await promotions.checkCoupon(viewer, body)),
  });

  route(app, {
    method: 'GET',
    url: '/paid-items',
    tag: 'payments',
    summary: 'The signed-in user’s paid ads, the latest first, with their state',
    access: 'signed-in',
    query: pageQuerySchema(PAGE_SIZE.items),
    data: pagedSchema(paidAdSchema),
    handle: async ({ query, viewer, language }) =>
      answer(await promotions.paidAds(viewer, { limit: query.limit, offset: resolveOffset(query) }, language)),
  });

  route(app, {
    method: 'GET',
    url: '/admin/paid-ads',
    tag: 'admin',
    summary: 'Paid ads for the console: those running now, the soonest to end first, or all, the latest first',
    access: 'admin',
    query: pageQuerySchema(PAGE_SIZE.items).extend({ status: z.enum(CONSOLE_PAID_AD_FILTERS).default('running') }),
    data: pagedSchema(consolePaidAdSchema),
    handle: async ({ query, viewer, language }) => {
      const page = { limit: query.limit, offset: resolveOffset(query) };
      return answer(await promotions.operatorPaidAds(viewer, query.status, page, language));
    },
  });
}
