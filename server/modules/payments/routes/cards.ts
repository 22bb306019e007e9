import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  cardSetupIdSchema,
  cardSetupRequestSchema,
  cardSetupSchema,
  savedCardIdSchema,
  savedCardListSchema,
} from '../../../../contract/payment-cards.ts';
import { answer, route } from '../../../http/route.ts';
import type { SavedCards } from '../saved-cards.ts';

/**
 * Saved cards (SPEC.md 2 card entry and card update): kept at the card provider, saved through its own card
 * fields; these calls only start a saving, confirm it with the provider, list and remove.
 */
export function registerCardRoutes(app: FastifyInstance, cards: SavedCards) {
  route(app, {
    method: 'GET',
    url: '/payment-cards',
    tag: 'payments',
    summary: 'The signed-in user’s saved cards (brand, last four digits, expiry), kept by the card provider',
    access: 'signed-in',
    data: savedCardListSchema,
    refusals: [503],
    handle: async ({ viewer }) => answer(await cards.list(viewer)),
  });

  route(app, {
    method: 'POST',
    url: '/payment-cards/setups',
    tag: 'payments',
    summary:
      'Start saving a card (card entry), or a card that takes the place of a saved one (`replaces`, card update): ' +
      'the browser confirms `client_secret` with Stripe.js in Stripe’s card fields, then calls …/finish',
    access: 'signed-in',
    body: cardSetupRequestSchema,
    data: cardSetupSchema,
    status: 201,
    refusals: [404, 409, 503],
    handle: async ({ body, viewer, meta }) => answer(await cards.startSetup(viewer, meta(), body?.replaces)),
  });

  route(app, {
    method: 'POST',
    url: '/payment-cards/setups/:setupId/finish',
    tag: 'payments',
    summary:
      'After Stripe.js saved the card: the server asks Stripe, keeps the card (a replaced card is removed) and ' +
      'answers with the saved cards',
    access: 'signed-in',
    params: z.object({ setupId: cardSetupIdSchema }),
    data: savedCardListSchema,
    refusals: [404, 409, 503],
    handle: async ({ params, viewer }) => answer(await cards.finishSetup(viewer, params.setupId), 'api.cardSaved'),
  });

  route(app, {
    method: 'DELETE',
    url: '/payment-cards/:cardId',
    tag: 'payments',
    summary: 'Remove one of the signed-in user’s saved cards (at the card provider)',
    access: 'signed-in',
    params: z.object({ cardId: savedCardIdSchema }),
    data: savedCardListSchema,
    refusals: [404, 503],
    handle: async ({ params, viewer }) => answer(await cards.remove(viewer, params.cardId), 'api.cardRemoved'),
  });
}
