import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { serialIdSchema } from '../../../../contract/ids.ts';
import {
  consoleCouponSchema,
  consoleOfflineMethodSchema,
  couponEditSchema,
  offlineMethodEditSchema,
  paymentMethodStateSchema,
} from '../../../../contract/payment-catalog.ts';
import { answer, route } from '../../../http/route.ts';
import type { PaymentsService } from '../service.ts';

const methodParams = z.object({ methodId: serialIdSchema });
const couponParams = z.object({ couponId: serialIdSchema });

/** The console's offline payment methods and coupons (issue 24). */
export function registerCatalogRoutes(app: FastifyInstance, payments: PaymentsService) {
  route(app, {
    method: 'GET',
    url: '/admin/payment-methods',
    tag: 'admin',
    summary: 'Each payment method: its keys set on the server or not (never the keys), offered to payers now or not',
    access: 'admin',
    data: z.array(paymentMethodStateSchema),
    handle: async ({ viewer }) => answer(await payments.methodStates(viewer)),
  });
  registerOfflineMethodRoutes(app, payments.catalog);
  registerCouponRoutes(app, payments.catalog);
}

function registerOfflineMethodRoutes(app: FastifyInstance, catalog: PaymentsService['catalog']) {
  route(app, {
    method: 'GET',
    url: '/admin/offline-payment-methods',
    tag: 'admin',
    summary: 'Every offline payment method, hidden ones too, in their order, worded in every language',
    access: 'admin',
    data: z.array(consoleOfflineMethodSchema),
    handle: async ({ viewer }) => answer(await catalog.offlineMethods(viewer)),
  });

  route(app, {
    method: 'GET',
    url: '/admin/offline-payment-methods/:methodId',
    tag: 'admin',
    summary: 'An offline payment method with its words in every language',
    access: 'admin',
    params: methodParams,
    data: consoleOfflineMethodSchema,
    refusals: [404],
    handle: async ({ params, viewer }) => answer(await catalog.offlineMethod(viewer, params.methodId)),
  });

  route(app, {
    method: 'POST',
    url: '/admin/offline-payment-methods',
    tag: 'admin',
    summary: 'Add an offline payment method (titles and descriptions: Arabic and English required)',
    access: 'admin',
    body: offlineMethodEditSchema,
    data: consoleOfflineMethodSchema,
    status: 201,
    handle: async ({ body, viewer }) =>
      answer(await catalog.saveOfflineMethod(viewer, null, body), 'admin.done.offlineMethodSaved'),
  });

  route(app, {
    method: 'POST',
    url: '/admin/offline-payment-methods/:methodId',
    tag: 'admin',
    summary: "Change an offline payment method's words, picture, order and visibility",
    access: 'admin',
    params: methodParams,
    body: offlineMethodEditSchema,
    data: consoleOfflineMethodSchema,
    refusals: [404],
    handle: async ({ params, body, viewer }) =>
      answer(await catalog.saveOfflineMethod(viewer, params.methodId, body), 'admin.done.offlineMethodSaved'),
  });
}

function registerCouponRoutes(app: FastifyInstance, catalog: PaymentsService['catalog']) {
  route(app, {
    method: 'GET',
    url: '/admin/coupons',
    tag: 'admin',
    summary: 'The latest 200 coupons, with how often each was used',
    access: 'admin',
    data: z.array(consoleCouponSchema),
    handle: async ({ viewer }) => answer(await catalog.coupons(viewer)),
  });

  route(app, {
    method: 'GET',
    url: '/admin/coupons/:couponId',
    tag: 'admin',
    summary: 'One coupon',
    access: 'admin',
    params: couponParams,
    data: consoleCouponSchema,
    refusals: [404],
    handle: async ({ params, viewer }) => answer(await catalog.coupon(viewer, params.couponId)),
  });

  route(app, {
    method: 'POST',
    url: '/admin/coupons',
    tag: 'admin',
    summary: 'Add a coupon: a percent or an amount off, valid between two UTC days, with limits on its uses',
    access: 'admin',
    body: couponEditSchema,
    data: consoleCouponSchema,
    status: 201,
    refusals: [409],
    handle: async ({ body, viewer }) => answer(await catalog.saveCoupon(viewer, null, body), 'admin.done.couponSaved'),
  });

  route(app, {
    method: 'POST',
    url: '/admin/coupons/:couponId',
    tag: 'admin',
    summary: 'Change a coupon (its uses so far stay)',
    access: 'admin',
    params: couponParams,
    body: couponEditSchema,
    data: consoleCouponSchema,
    refusals: [404, 409],
    handle: async ({ params, body, viewer }) =>
      answer(await catalog.saveCoupon(viewer, params.couponId, body), 'admin.done.couponSaved'),
  });
}
