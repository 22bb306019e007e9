import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { applicationDecisionSchema, BADGE_KINDS, badgeApplicationSchema } from '../../../contract/applications.ts';
import {
  accountSearchSchema,
  auditEntrySchema,
  auditQuerySchema,
  consoleAccountDetailSchema,
  consoleAccountSchema,
  dashboardSchema,
  operatorSettingsSchema,
  operatorSettingsViewSchema,
  REPORT_QUEUE_SIZE,
  reportedListingSchema,
  reporterRecordSchema,
} from '../../../contract/console.ts';
import { serialIdSchema, userIdSchema } from '../../../contract/ids.ts';
import { pagedSchema, pageQuerySchema } from '../../../contract/paging.ts';
import { userSchema } from '../../../contract/users.ts';
import { answer, route } from '../../http/route.ts';
import { requireViewer } from '../../http/session.ts';
import { AppError } from '../../kernel/errors.ts';
import { resolveOffset } from '../../kernel/paging.ts';
import { ADMIN_ACTIONS, type UsersService } from '../users/index.ts';
import { registerAccountListRoutes } from './routes/account-lists.ts';
import { registerBannerRoutes } from './routes/banners.ts';
import { registerCatalogRoutes } from './routes/catalog.ts';
import { registerCollectionRoutes } from './routes/collections.ts';
import { registerContentRoutes } from './routes/content.ts';
import { registerReviewRoutes } from './routes/reviews.ts';
import { registerSearchSynonymRoutes } from './routes/search-synonyms.ts';
import type { AdminService } from './service.ts';

const windowOf = (query: { limit: number; offset: number; cursor?: string | undefined }) => ({
  limit: query.limit,
  offset: resolveOffset(query),
});

export async function adminRoutes(app: FastifyInstance, options: { admin: AdminService; users: UsersService }) {
  registerAccountRoutes(app, options);
  registerConsoleRoutes(app, options.admin);
  registerApplicationRoutes(app, options.admin);
  registerCatalogRoutes(app, options.admin);
  registerReportRoutes(app, options.admin);
  registerContentRoutes(app, options.admin);
  registerBannerRoutes(app, options.admin);
  registerCollectionRoutes(app, options.admin);
  registerReviewRoutes(app, options.admin);
  registerSearchSynonymRoutes(app, options.admin);
}

const reportQueuePageSchema = pageQuerySchema(REPORT_QUEUE_SIZE).extend({
  limit: z.coerce.number().int().min(1).max(REPORT_QUEUE_SIZE).default(REPORT_QUEUE_SIZE),
});

function registerReportRoutes(app: FastifyInstance, admin: AdminService) {
  route(app, {
    method: 'GET',
    url: '/admin/reports/listings',
    tag: 'admin',
    summary: 'Listings with open reports, the heaviest first, each with its reports and their weights; paged',
    access: 'admin',
    query: reportQueuePageSchema,
    data: pagedSchema(reportedListingSchema),
    handle: async ({ viewer, query }) => answer(await admin.reportsByListing(viewer, windowOf(query))),
  });

  route(app, {
    method: 'GET',
    url: '/admin/reports/reporters',
    tag: 'admin',
    summary: 'Members with open reports, the most first, with their record and the weight of their reports; paged',
    access: 'admin',
    query: reportQueuePageSchema,
    data: pagedSchema(reporterRecordSchema),
    handle: async ({ viewer, query }) => answer(await admin.reportsByReporter(viewer, windowOf(query))),
  });

  route(app, {
    method: 'POST',
    url: '/admin/reports/listings/:itemId/dismiss',
    tag: 'admin',
    summary: "Dismiss a listing's open reports: the listing stays as it is",
    access: 'admin',
    params: z.object({ itemId: z.uuid() }),
    data: z.object({ dismissed: z.number().int() }),
    refusals: [409],
    handle: async ({ params, viewer }) =>
      answer({ dismissed: await admin.dismissListingReports(viewer, params.itemId) }, 'admin.done.reportsDismissed'),
  });

  route(app, {
    method: 'POST',
    url: '/admin/reports/reporters/:userId/dismiss',
    tag: 'admin',
    summary: "Dismiss every open report of a member: each counts against the weight of the member's reports",
    access: 'admin',
    params: z.object({ userId: userIdSchema }),
    data: z.object({ dismissed: z.number().int() }),
    refusals: [409],
    handle: async ({ params, viewer }) =>
      answer({ dismissed: await admin.dismissReporter(viewer, params.userId) }, 'admin.done.reportsDismissed'),
  });
}

function registerAccountRoutes(app: FastifyInstance, { admin, users }: { admin: AdminService; users: UsersService }) {
  route(app, {
    method: 'GET',
    url: '/admin/users',
    tag: 'admin',
    summary: 'Accounts, newest first; q finds a name, an e-mail address, a phone number or an id',
    access: 'admin',
    query: accountSearchSchema,
    data: pagedSchema(consoleAccountSchema),
    handle: async ({ query, viewer }) => answer(await admin.searchAccounts(viewer, query, windowOf(query))),
  });

  route(app, {
    method: 'GET',
    url: '/admin/users/:userId',
    tag: 'admin',
    summary:
      'One account: the counts of its listings, reports made and received and open sessions, and the first page (latest first) of its listings, reports made, reports received, open sessions and payments',
    access: 'admin',
    params: z.object({ userId: userIdSchema }),
    data: consoleAccountDetailSchema,
    refusals: [404],
    handle: async ({ params, viewer, language }) => answer(await admin.account(viewer, params.userId, language)),
  });
  registerAccountListRoutes(app, admin);

  route(app, {
    method: 'POST',
    url: '/admin/users/:userId/end-sessions',
    tag: 'admin',
    summary: 'Sign an account out everywhere (its open sockets close too)',
    access: 'admin',
    params: z.object({ userId: userIdSchema }),
    data: z.null(),
    refusals: [404],
    handle: async ({ params, viewer }) => {
      await admin.endSessions(viewer, params.userId);
      return answer(null, 'admin.done.endSessions');
    },
  });

  route(app, {
    method: 'POST',
    url: '/admin/users/:userId/:action',
    tag: 'admin',
    summary: 'Ban, unban, verify, reject or unpublish an account (administrators only)',
    access: 'admin',
    params: z.object({ userId: userIdSchema, action: z.enum(ADMIN_ACTIONS) }),
    data: userSchema,
    refusals: [404, 409],
    handle: async ({ params, viewer }) => {
      await admin.decideOnAccount(viewer, params.userId, params.action);
      return answer(await users.profile(params.userId, viewer), `admin.done.${params.action}`);
    },
  });
}

function registerConsoleRoutes(app: FastifyInstance, admin: AdminService) {
  route(app, {
    method: 'GET',
    url: '/admin/dashboard',
    tag: 'admin',
    summary: 'What waits for an operator, and new listings and accounts by day',
    access: 'admin',
    data: dashboardSchema,
    handle: async ({ viewer }) => answer(await admin.dashboard(viewer)),
  });

  route(app, {
    method: 'GET',
    url: '/admin/audit',
    tag: 'admin',
    summary: 'The audit log of operator actions, latest first (it cannot be edited)',
    access: 'admin',
    query: auditQuerySchema,
    data: pagedSchema(auditEntrySchema),
    handle: async ({ query, viewer }) => answer(await admin.auditLog(viewer, query, windowOf(query))),
  });

  route(app, {
    method: 'GET',
    url: '/admin/settings',
    tag: 'admin',
    summary: 'The app settings an operator edits',
    access: 'admin',
    data: operatorSettingsViewSchema,
    handle: async ({ viewer }) => answer(await admin.settings(viewer)),
  });

  route(app, {
    method: 'POST',
    url: '/admin/settings',
    tag: 'admin',
    summary: 'Change the app settings (recorded in the audit log with before and after)',
    access: 'admin',
    body: operatorSettingsSchema,
    data: operatorSettingsViewSchema,
    handle: async ({ body, viewer }) => answer(await admin.updateSettings(viewer, body), 'admin.done.settings'),
  });
}

const applicationParams = z.object({ kind: z.enum(BADGE_KINDS), applicationId: serialIdSchema });

function registerApplicationRoutes(app: FastifyInstance, admin: AdminService) {
  route(app, {
    method: 'GET',
    url: '/admin/applications/:kind',
    tag: 'admin',
    summary: 'Blue-mark or dealership applications waiting for a decision, oldest first',
    access: 'admin',
    params: z.object({ kind: z.enum(BADGE_KINDS) }),
    query: pageQuerySchema(30),
    data: pagedSchema(badgeApplicationSchema),
    handle: async ({ params, query, viewer }) =>
      answer(await admin.pendingApplications(viewer, params.kind, windowOf(query))),
  });

  route(app, {
    method: 'POST',
    url: '/admin/applications/:kind/:applicationId',
    tag: 'admin',
    summary: 'Approve an application (the badge shows at once) or refuse it with a reason',
    access: 'admin',
    params: applicationParams,
    body: applicationDecisionSchema,
    data: z.null(),
    refusals: [404, 409],
    handle: async ({ params, body, viewer }) => {
      await admin.decideApplication(viewer, params.kind, params.applicationId, body);
      return answer(null, `admin.done.application.${body.decision}`);
    },
  });

  app.get(
    '/admin/applications/dealership/:applicationId/certificate',
    {
      schema: {
        tags: ['admin'],
        summary: "A dealership application's certificate (PDF), for administrators only",
        params: z.object({ applicationId: serialIdSchema }),
      },
      // As with every console route: who asks is settled before what they sent (route.ts).
      preValidation: async (request, reply) => {
        if (!(await requireViewer(request, reply)).isAdmin) throw new AppError(403, 'errors.forbidden');
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply);
      const { applicationId } = request.params as { applicationId: number };
      const file = await admin.certificate(viewer, applicationId);
      if (!file) throw new AppError(404, 'applications.notFound');
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `inline; filename="certificate-${applicationId}.pdf"`)
        .header('x-content-type-options', 'nosniff')
        .send(file);
    },
  );
}
