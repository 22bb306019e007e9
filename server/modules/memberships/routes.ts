import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  membershipBuySchema,
  membershipOptionsSchema,
  membershipSchema,
  membershipStartSchema,
} from '../../../contract/memberships.ts';
import { answer, route } from '../../http/route.ts';
import type { MembershipsService } from './service.ts';

/** Membership (SPEC.md 7 "membership add"). */
export async function membershipRoutes(app: FastifyInstance, { memberships }: { memberships: MembershipsService }) {
  route(app, {
    method: 'GET',
    url: '/membership',
    tag: 'payments',
    summary: 'The membership on sale (days, price, benefits), the payment methods that are on, and the viewer’s own',
    access: 'signed-in',
    data: membershipOptionsSchema,
    handle: async ({ viewer, language }) => answer(await memberships.options(viewer, language)),
  });

  route(app, {
    method: 'POST',
    url: '/membership',
    tag: 'payments',
    summary:
      'Buy the membership with a payment method; the price and days are the server’s. It starts once the payment ' +
      'is verified, after the days of a current membership',
    access: 'signed-in',
    body: membershipBuySchema,
    data: membershipStartSchema,
    refusals: [400, 409, 503],
    handle: async ({ body, viewer, language }) => answer(await memberships.buy(viewer, body, language)),
  });

  route(app, {
    method: 'GET',
    url: '/membership/history',
    tag: 'payments',
    summary: 'The viewer’s memberships, the latest first',
    access: 'signed-in',
    data: z.array(membershipSchema),
    handle: async ({ viewer }) => answer(await memberships.history(viewer)),
  });
}
