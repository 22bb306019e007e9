import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { envelopeSchema, errorEnvelopeSchema } from '../../../../contract/envelope.ts';
import { PAYMENT_METHODS } from '../../../../contract/payments.ts';
import { ok } from '../../../http/envelope.ts';
import { AppError } from '../../../kernel/errors.ts';
import type { PaymentsService } from '../service.ts';

/** Providers post small JSON events; anything larger is not one of theirs. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;
const ONLINE_METHODS = PAYMENT_METHODS.filter((method) => method !== 'offline');

/**
 * One endpoint per provider, reading the body as bytes: a signature is over the exact bytes sent, which a
 * parsed and re-serialized JSON would not reproduce. What the event claims is checked with the provider.
 */
export async function registerWebhooks(scope: FastifyInstance, payments: PaymentsService) {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );
  scope.post(
    '/webhooks/:method',
    {
      schema: {
        tags: ['payments'],
        summary:
          'A payment provider’s event (stripe, paypal, razor, paystack, In_App_Purchase), signed by its scheme; ' +
          'the same event twice changes nothing',
        params: z.object({ method: z.enum(ONLINE_METHODS) }),
        response: {
          200: envelopeSchema(z.object({ received: z.boolean() })),
          400: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const { method } = request.params as { method: (typeof ONLINE_METHODS)[number] };
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const outcome = await payments.receiveWebhook(method, body, request.headers);
      if (outcome === 'unknown') throw new AppError(404, 'api.routeNotFound');
      if (outcome === 'rejected') throw new AppError(400, 'api.webhookRejected');
      request.log.info({ method, outcome }, 'payment webhook');
      return ok({ received: true });
    },
  );
}
