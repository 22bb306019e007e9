import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MAX_ITEM_IMAGES } from '../../../../contract/items.ts';
import { imageSchema } from '../../../../contract/media.ts';
import { answer, route } from '../../../http/route.ts';
import { receiveUpload } from '../../../http/uploads.ts';
import { badRequest } from '../../../kernel/errors.ts';
import type { ItemMediaService } from '../item-media.ts';
import { PHOTO_UPLOAD_LIMITS, VIDEO_UPLOAD_LIMITS } from '../item-media-rules.ts';

const uuid = z.uuid();
const itemParams = z.object({ itemId: uuid });
const itemImageParams = z.object({ itemId: uuid, imgId: uuid });
const replaceQuery = z.object({
  replace_img_id: uuid
    .optional()
    .describe('Replace this photo of the item in place (or send it as a form field before the file)'),
});
const orderBody = z.object({
  img_ids: z
    .array(uuid)
    .min(1)
    .max(MAX_ITEM_IMAGES)
    .describe('Every photo of the item, each once; the first is the cover'),
});

const PHOTO_TYPES =
  'JPEG, PNG, WebP, GIF, HEIF or AVIF, up to 15 MB, stored as WebP within 2048 x 2048 without metadata';
const VIDEO_TYPES = 'MP4 or WebM, under one minute, up to 100 MB';

/**
 * An item's photos, video and video thumbnail: uploads while the item is being written (drafts the item takes
 * when it is saved) and changes of an existing item. Every rule and ownership check is in ItemMediaService.
 */
export async function itemMediaRoutes(app: FastifyInstance, { itemMedia }: { itemMedia: ItemMediaService }) {
  registerDraftUploadRoutes(app, itemMedia);
  registerItemPhotoRoutes(app, itemMedia);
  registerItemVideoRoutes(app, itemMedia);
}

/** Uploads for an item being written, and discarding one it has not taken. */
function registerDraftUploadRoutes(app: FastifyInstance, itemMedia: ItemMediaService) {
  route(app, {
    method: 'POST',
    url: '/item-uploads/photos',
    tag: 'items',
    summary: `Upload a photo for an item being written (multipart, field "file"; ${PHOTO_TYPES}); its img_id goes in image_ids`,
    access: 'signed-in',
    consumes: ['multipart/form-data'],
    data: imageSchema,
    status: 201,
    refusals: [413, 429],
    handle: async ({ viewer, request, language }) => {
      const upload = await receiveUpload(request, PHOTO_UPLOAD_LIMITS);
      return answer(await itemMedia.uploadDraft(viewer.userId, 'item', upload, language));
    },
  });

  route(app, {
    method: 'POST',
    url: '/item-uploads/video',
    tag: 'items',
    summary: `Upload the video of an item being written (multipart, field "file"; ${VIDEO_TYPES}); its img_id goes in video_id`,
    access: 'signed-in',
    consumes: ['multipart/form-data'],
    data: imageSchema,
    status: 201,
    refusals: [413, 429],
    handle: async ({ viewer, request, language }) => {
      const upload = await receiveUpload(request, VIDEO_UPLOAD_LIMITS);
      return answer(await itemMedia.uploadDraft(viewer.userId, 'video', upload, language));
    },
  });

  route(app, {
    method: 'POST',
    url: '/item-uploads/video-icon',
    tag: 'items',
    summary: `Upload the video thumbnail of an item being written (multipart, field "file"; ${PHOTO_TYPES}); its img_id goes in video_icon_id`,
    access: 'signed-in',
    consumes: ['multipart/form-data'],
    data: imageSchema,
    status: 201,
    refusals: [413, 429],
    handle: async ({ viewer, request, language }) => {
      const upload = await receiveUpload(request, PHOTO_UPLOAD_LIMITS);
      return answer(await itemMedia.uploadDraft(viewer.userId, 'video-icon', upload, language));
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/item-uploads/:imgId',
    tag: 'items',
    summary: 'Discard one of your uploads not taken by an item yet (its files are deleted)',
    access: 'signed-in',
    params: z.object({ imgId: uuid }),
    data: z.null(),
    refusals: [404],
    handle: async ({ viewer, params }) => {
      await itemMedia.discardDraft(viewer.userId, params.imgId);
      return answer(null);
    },
  });
}

function registerItemPhotoRoutes(app: FastifyInstance, itemMedia: ItemMediaService) {
  route(app, {
    method: 'POST',
    url: '/items/:itemId/images',
    tag: 'items',
    summary: `Add a photo to your item, at most ${MAX_ITEM_IMAGES} (multipart, field "file"; ${PHOTO_TYPES}), or replace one in place with replace_img_id; the item is edited (back to pending when approval is on)`,
    access: 'signed-in',
    params: itemParams,
    query: replaceQuery,
    consumes: ['multipart/form-data'],
    data: imageSchema,
    refusals: [404, 413, 429],
    handle: async ({ viewer, params, query, request, language }) => {
      const upload = await receiveUpload(request, PHOTO_UPLOAD_LIMITS);
      const field = upload.formFields.replace_img_id?.trim() || undefined;
      if (field !== undefined && !uuid.safeParse(field).success) {
        throw badRequest('errors.invalidParameter', { field: 'replace_img_id' });
      }
      const replace = query.replace_img_id ?? field ?? null;
      return answer(await itemMedia.addPhoto(viewer, params.itemId, upload, replace, language));
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/items/:itemId/images/:imgId',
    tag: 'items',
    summary: 'Remove a photo of your item (an item keeps at least one); answers the photos left, cover first',
    access: 'signed-in',
    params: itemImageParams,
    data: z.array(imageSchema),
    refusals: [404],
    handle: async ({ viewer, params }) => answer(await itemMedia.removePhoto(viewer, params.itemId, params.imgId)),
  });

  route(app, {
    method: 'POST',
    url: '/items/:itemId/images/order',
    tag: 'items',
    summary: 'Order the photos of your item (every photo once; the first is the cover)',
    access: 'signed-in',
    params: itemParams,
    body: orderBody,
    data: z.array(imageSchema),
    refusals: [404],
    handle: async ({ viewer, params, body }) =>
      answer(await itemMedia.reorderPhotos(viewer, params.itemId, body.img_ids)),
  });
}

function registerItemVideoRoutes(app: FastifyInstance, itemMedia: ItemMediaService) {
  route(app, {
    method: 'POST',
    url: '/items/:itemId/video',
    tag: 'items',
    summary: `Set the video of your item (multipart, field "file"; ${VIDEO_TYPES}); the previous one is deleted`,
    access: 'signed-in',
    params: itemParams,
    consumes: ['multipart/form-data'],
    data: imageSchema,
    refusals: [404, 413, 429],
    handle: async ({ viewer, params, request, language }) => {
      const upload = await receiveUpload(request, VIDEO_UPLOAD_LIMITS);
      return answer(await itemMedia.setVideo(viewer, params.itemId, 'video', upload, language));
    },
  });

  route(app, {
    method: 'POST',
    url: '/items/:itemId/video-icon',
    tag: 'items',
    summary: `Set the video thumbnail of your item (multipart, field "file"; ${PHOTO_TYPES}); the previous one is deleted`,
    access: 'signed-in',
    params: itemParams,
    consumes: ['multipart/form-data'],
    data: imageSchema,
    refusals: [404, 413, 429],
    handle: async ({ viewer, params, request, language }) => {
      const upload = await receiveUpload(request, PHOTO_UPLOAD_LIMITS);
      return answer(await itemMedia.setVideo(viewer, params.itemId, 'video-icon', upload, language));
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/items/:itemId/video',
    tag: 'items',
    summary: 'Remove the video of your item and its thumbnail (files deleted)',
    access: 'signed-in',
    params: itemParams,
    data: z.null(),
    refusals: [404],
    handle: async ({ viewer, params }) => {
      await itemMedia.removeVideo(viewer, params.itemId);
      return answer(null);
    },
  });
}
