import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  accountListQuerySchema,
  consoleAccountListingSchema,
  consoleAccountPaymentSchema,
  consoleAccountReportSchema,
  consoleAccountSessionSchema,
  REPORT_DIRECTIONS,
} from '../../../../contract/console-account.ts';
import { userIdSchema } from '../../../../contract/ids.ts';
import { pagedSchema } from '../../../../contract/paging.ts';
import { answer, route } from '../../../http/route.ts';
import { resolveOffset } from '../../../kernel/paging.ts';
import type { AdminService } from '../service.ts';

const account = z.object({ userId: userIdSchema });
const windowOf = (query: { limit: number; offset: number; cursor?: string | undefined }) => ({
  limit: query.limit,
  offset: resolveOffset(query),
});

/**
 * The lists of one account in the console (issue 24), each the latest first and paged: its listings, the reports
 * it made and received, its open sessions and its payments. The account page shows the first page of each.
 */
export function registerAccountListRoutes(app: FastifyInstance, admin: AdminService) {
  route(app, {
    method: 'GET',
    url: '/admin/users/:userId/listings',
    tag: 'admin',
    summary: "An account's listings, the latest first, whatever their state (deleted ones too)",
    access: 'admin',
    params: account,
    query: accountListQuerySchema,
    data: pagedSchema(consoleAccountListingSchema),
    refusals: [404],
    handle: async ({ params, query, viewer, language }) =>
      answer(await admin.accountListings(viewer, params.userId, windowOf(query), language)),
  });

  route(app, {
    method: 'GET',
    url: '/admin/users/:userId/reports/:direction',
    tag: 'admin',
    summary:
      'The reports an account made, or those made of its listings, the latest first, each with its outcome (open, dismissed, upheld, withdrawn)',
    access: 'admin',
    params: account.extend({ direction: z.enum(REPORT_DIRECTIONS) }),
    query: accountListQuerySchema,
    data: pagedSchema(consoleAccountReportSchema),
    refusals: [404],
    handle: async ({ params, query, viewer }) =>
      answer(await admin.accountReports(viewer, params.userId, params.direction, windowOf(query))),
  });

  route(app, {
    method: 'GET',
    url: '/admin/users/:userId/sessions',
    tag: 'admin',
    summary: "An account's open sessions, the last renewed first: device, opened, last renewed, expiry",
    access: 'admin',
    params: account,
    query: accountListQuerySchema,
    data: pagedSchema(consoleAccountSessionSchema),
    refusals: [404],
    handle: async ({ params, query, viewer }) =>
      answer(await admin.accountSessions(viewer, params.userId, windowOf(query))),
  });

  route(app, {
    method: 'GET',
    url: '/admin/users/:userId/payments',
    tag: 'admin',
    summary: "An account's payments, the latest first (read only)",
    access: 'admin',
    params: account,
    query: accountListQuerySchema,
    data: pagedSchema(consoleAccountPaymentSchema),
    refusals: [404],
    handle: async ({ params, query, viewer }) =>
      answer(await admin.accountPayments(viewer, params.userId, windowOf(query))),
  });
}
