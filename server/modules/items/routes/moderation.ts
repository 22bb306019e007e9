import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ITEM_STATUS, MODERATION_DECISIONS, moderationItemSchema } from '../../../../contract/items.ts';
import { PAGE_SIZE, pagedSchema, pageQuerySchema } from '../../../../contract/paging.ts';
import { answer, route } from '../../../http/route.ts';
import { resolveOffset } from '../../../kernel/paging.ts';
import type { ItemsService } from '../service.ts';
import { itemIdParams } from './items.ts';

const statuses = Object.values(ITEM_STATUS);

export async function moderationRoutes(app: FastifyInstance, options: { items: ItemsService }) {
  const { items } = options;

  route(app, {
    method: 'GET',
    url: '/admin/items',
    tag: 'items',
    summary:
      'The moderation queue with the open reports of each item: pending items (those held for reports too) first, then by last change; `status` narrows to one status',
    access: 'admin',
    query: pageQuerySchema(PAGE_SIZE.items).extend({
      status: z.coerce
        .number()
        .int()
        .refine((value) => (statuses as number[]).includes(value))
        .optional(),
    }),
    data: pagedSchema(moderationItemSchema),
    handle: async ({ query, viewer, language }) =>
      answer(
        await items.queue(
          viewer,
          { status: query.status ?? null },
          { limit: query.limit, offset: resolveOffset(query) },
          language,
        ),
      ),
  });

  route(app, {
    method: 'POST',
    url: '/admin/items/:itemId/decision',
    tag: 'items',
    summary: 'Approve, reject (reason required), disable (reason required) or enable an item',
    access: 'admin',
    params: itemIdParams,
    body: z.object({
      decision: z.enum(MODERATION_DECISIONS),
      reason: z.string().trim().max(1000, 'validation.tooLong').nullish(),
    }),
    data: z.null(),
    refusals: [404],
    handle: async ({ params, body, viewer, language }) => {
      await items.decide(viewer, params.itemId, body.decision, body.reason ?? null, language);
      return answer(null, 'api.itemDecisionSaved');
    },
  });

  route(app, {
    method: 'POST',
    url: '/admin/items/decisions',
    tag: 'items',
    summary: `One decision for up to ${MAX_BULK_DECISIONS} items; items deleted meanwhile are skipped and listed`,
    access: 'admin',
    body: z.object({
      item_ids: z.array(z.uuid()).min(1).max(MAX_BULK_DECISIONS),
      decision: z.enum(MODERATION_DECISIONS),
      reason: z.string().trim().max(1000, 'validation.tooLong').nullish(),
    }),
    data: z.object({ decided: z.array(z.string()), skipped: z.array(z.string()) }),
    handle: async ({ body, viewer, language }) => {
      const outcome = await items.decideMany(viewer, body.item_ids, body.decision, body.reason ?? null, language);
      return answer(outcome, 'api.itemDecisionSaved');
    },
  });
}

/** A page of the queue and then some: one request stays short. */
export const MAX_BULK_DECISIONS = 50;
