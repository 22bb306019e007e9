import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PAGE_SIZE, pagedSchema, pageQuerySchema } from '../../../../contract/paging.ts';
import {
  offlineMethodSchema,
  type PayerProof,
  payerProofSchema,
  paymentSchema,
  paymentStartSchema,
} from '../../../../contract/payments.ts';
import { answer, route } from '../../../http/route.ts';
import { resolveOffset } from '../../../kernel/paging.ts';
import type { PaymentsService } from '../service.ts';
import { registerCardRoutes } from './cards.ts';
import { registerCatalogRoutes } from './catalog.ts';
import { registerOperatorRoutes } from './operator.ts';
import { registerWebhooks } from './webhooks.ts';

const paymentParams = z.object({ paymentId: z.uuid() });

const proofOf = (body: PayerProof) =>
  Object.fromEntries(
    Object.entries(body ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );

/** Payments: the payer's list and receipts, the operator's decisions, the providers' webhooks. */
export async function paymentRoutes(app: FastifyInstance, { payments }: { payments: PaymentsService }) {
  route(app, {
    method: 'GET',
    url: '/offline-payments',
    tag: 'payments',
    summary: 'The operator’s offline payment methods (bank transfer, cash) with their instructions',
    access: 'public',
    data: z.object({ offline_payment: z.array(offlineMethodSchema) }),
    handle: async ({ language }) => answer({ offline_payment: await payments.offlineMethods(language) }),
  });

  route(app, {
    method: 'GET',
    url: '/payments',
    tag: 'payments',
    summary: 'The signed-in user’s payments, the latest first',
    access: 'signed-in',
    query: pageQuerySchema(PAGE_SIZE.items),
    data: pagedSchema(paymentSchema),
    handle: async ({ query, viewer, language }) =>
      answer(
        await payments.lists.ofPayer(viewer.userId, { limit: query.limit, offset: resolveOffset(query) }, language),
      ),
  });

  route(app, {
    method: 'GET',
    url: '/payments/:paymentId',
    tag: 'payments',
    summary: 'One of the signed-in user’s payments (its receipt)',
    access: 'signed-in',
    params: paymentParams,
    data: paymentSchema,
    refusals: [404],
    handle: async ({ params, viewer, language }) => answer(await payments.one(viewer, params.paymentId, language)),
  });

  route(app, {
    method: 'GET',
    url: '/payments/:paymentId/next-step',
    tag: 'payments',
    summary:
      'How to finish one of the signed-in user’s unpaid payments: the same step its start gave (the card, ' +
      'Razorpay’s checkout, the provider’s page, the transfer’s instructions); `none` once it is settled',
    access: 'signed-in',
    params: paymentParams,
    data: paymentStartSchema,
    refusals: [404],
    handle: async ({ params, viewer, language }) => answer(await payments.nextStep(viewer, params.paymentId, language)),
  });

  route(app, {
    method: 'POST',
    url: '/payments/:paymentId/refresh',
    tag: 'payments',
    summary:
      'Back from the provider: the server asks it how the payment stands, and answers with the payment. Razorpay’s ' +
      'checkout result (its signed payment id) or an in-app purchase (store, purchase token or transaction id) goes ' +
      'in the body and is checked with the provider first; one purchase never pays twice (409)',
    access: 'signed-in',
    params: paymentParams,
    body: payerProofSchema,
    data: paymentSchema,
    refusals: [400, 404, 409, 503],
    handle: async ({ params, body, viewer, language }) =>
      answer(await payments.refresh(viewer, params.paymentId, language, proofOf(body))),
  });

  registerCardRoutes(app, payments.cards);
  await registerOperatorRoutes(app, payments);
  registerCatalogRoutes(app, payments);
  await app.register((scope) => registerWebhooks(scope, payments));
}
