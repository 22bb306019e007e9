import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  collectionEditSchema,
  collectionItemSchema,
  consoleCollectionSchema,
} from '../../../../contract/collections.ts';
import { serialIdSchema } from '../../../../contract/ids.ts';
import { answer, route } from '../../../http/route.ts';
import type { AdminService } from '../service.ts';

const collectionParams = z.object({ collectionId: serialIdSchema });

/** The console's collections (issue 24): the dashboard shows each published one as a rail of its listings. */
export function registerCollectionRoutes(app: FastifyInstance, admin: AdminService) {
  route(app, {
    method: 'GET',
    url: '/admin/content/collections',
    tag: 'admin',
    summary: 'Every collection, hidden ones too, in their order, with the ids of their listings',
    access: 'admin',
    data: z.array(consoleCollectionSchema),
    handle: async ({ viewer }) => answer(await admin.collections.list(viewer)),
  });

  route(app, {
    method: 'GET',
    url: '/admin/content/collections/:collectionId',
    tag: 'admin',
    summary: 'A collection with its names in every language and its listings',
    access: 'admin',
    params: collectionParams,
    data: consoleCollectionSchema,
    refusals: [404],
    handle: async ({ params, viewer }) => answer(await admin.collections.get(viewer, params.collectionId)),
  });

  route(app, {
    method: 'POST',
    url: '/admin/content/collections',
    tag: 'admin',
    summary: 'Add a collection: its names (Arabic and English required), order and visibility',
    access: 'admin',
    body: collectionEditSchema,
    data: consoleCollectionSchema,
    status: 201,
    handle: async ({ body, viewer }) =>
      answer(await admin.collections.create(viewer, body), 'admin.done.collectionSaved'),
  });

  route(app, {
    method: 'POST',
    url: '/admin/content/collections/:collectionId',
    tag: 'admin',
    summary: "Change a collection's names, order and visibility",
    access: 'admin',
    params: collectionParams,
    body: collectionEditSchema,
    data: consoleCollectionSchema,
    refusals: [404],
    handle: async ({ params, body, viewer }) =>
      answer(await admin.collections.update(viewer, params.collectionId, body), 'admin.done.collectionSaved'),
  });

  route(app, {
    method: 'POST',
    url: '/admin/content/collections/:collectionId/items',
    tag: 'admin',
    summary: 'Add a listing to a collection, by its id or the address of its page (at most 50 listings)',
    access: 'admin',
    params: collectionParams,
    body: collectionItemSchema,
    data: consoleCollectionSchema,
    refusals: [404, 409],
    handle: async ({ params, body, viewer }) =>
      answer(await admin.collections.addItem(viewer, params.collectionId, body.item), 'admin.done.collectionSaved'),
  });

  route(app, {
    method: 'POST',
    url: '/admin/content/collections/:collectionId/items/:itemId/remove',
    tag: 'admin',
    summary: 'Take a listing out of a collection',
    access: 'admin',
    params: collectionParams.extend({ itemId: z.uuid() }),
    data: consoleCollectionSchema,
    refusals: [404],
    handle: async ({ params, viewer }) =>
      answer(
        await admin.collections.removeItem(viewer, params.collectionId, params.itemId),
        'admin.done.collectionSaved',
      ),
  });

  route(app, {
    method: 'POST',
    url: '/admin/content/collections/:collectionId/delete',
    tag: 'admin',
    summary: 'Delete a collection (its listings stay as they are)',
    access: 'admin',
    params: collectionParams,
    data: z.null(),
    refusals: [404],
    handle: async ({ params, viewer }) => {
      await admin.collections.remove(viewer, params.collectionId);
      return answer(null, 'admin.done.collectionDeleted');
    },
  });
}
