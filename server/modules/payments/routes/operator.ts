import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PAGE_SIZE, pagedSchema, pageQuerySchema } from '../../../../contract/paging.ts';
import {
  CONSOLE_PAYMENT_FILTERS,
  consolePaymentSchema,
  offlineReviewSchema,
  paymentSchema,
} from '../../../../contract/payments.ts';
import { answer, route } from '../../../http/route.ts';
import { resolveOffset } from '../../../kernel/paging.ts';
import type { PaymentsService } from '../service.ts';

const paymentParams = z.object({ paymentId: z.uuid() });

/** The operator's side of payments (issue 24): the list, offline approvals and refunds. */
export async function registerOperatorRoutes(app: FastifyInstance, payments: PaymentsService) {
  route(app, {
    method: 'GET',
    url: '/admin/payments',
    tag: 'admin',
    summary:
      'Payments for the console: those waiting for an operator’s approval (offline transfers), the oldest first, ' +
      'or all, the latest first; each with who paid',
    access: 'admin',
    query: pageQuerySchema(PAGE_SIZE.items).extend({ status: z.enum(CONSOLE_PAYMENT_FILTERS).default('all') }),
    data: pagedSchema(consolePaymentSchema),
    handle: async ({ query, viewer, language }) =>
      answer(
        await payments.operatorList(
          viewer,
          query.status,
          { limit: query.limit, offset: resolveOffset(query) },
          language,
        ),
      ),
  });

  route(app, {
    method: 'POST',
    url: '/admin/payments/:paymentId/review',
    tag: 'admin',
    summary: 'Approve an offline payment (the money arrived: what it paid for starts) or reject it with a reason',
    access: 'admin',
    params: paymentParams,
    body: offlineReviewSchema,
    data: paymentSchema,
    refusals: [404, 409],
    handle: async ({ params, body, viewer, language }) =>
      answer(await payments.reviewOffline(viewer, params.paymentId, body, language)),
  });

  route(app, {
    method: 'POST',
    url: '/admin/payments/:paymentId/refund',
    tag: 'admin',
    summary: 'Refund a succeeded payment through its provider; what it paid for ends',
    access: 'admin',
    params: paymentParams,
    data: paymentSchema,
    refusals: [404, 409, 503],
    handle: async ({ params, viewer, language }) => answer(await payments.refund(viewer, params.paymentId, language)),
  });
}
