import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CATEGORY_PICTURE_SLOTS,
  categoryCreateSchema,
  categoryEditSchema,
  consoleCategorySchema,
} from '../../../../contract/console.ts';
import {
  type ConsoleListKind,
  consoleListEntrySchema,
  consoleListKindSchema,
  consoleListSchema,
  listEntryEditSchema,
} from '../../../../contract/console-lists.ts';
import { serialIdSchema } from '../../../../contract/ids.ts';
import type { LanguageCode } from '../../../../contract/language.ts';
import { invalidField } from '../../../http/errors.ts';
import { answer, route } from '../../../http/route.ts';
import { receiveUpload } from '../../../http/uploads.ts';
import { MAX_CATALOG_PICTURE_BYTES } from '../../lookups/index.ts';
import type { AdminService } from '../service.ts';

const categoryParams = z.object({ catId: serialIdSchema });
const pictureParams = z.object({ catId: serialIdSchema, slot: z.enum(CATEGORY_PICTURE_SLOTS) });
const pictureLimits = {
  maxBytes: MAX_CATALOG_PICTURE_BYTES,
  notAFileKey: 'users.photoNotImage',
  tooLargeKey: 'users.photoTooLarge',
};

/** The console's catalogue (issue 24): categories with their pictures, and every other lookup list. */
export function registerCatalogRoutes(app: FastifyInstance, admin: AdminService) {
  registerCategoryRoutes(app, admin);
  registerCategoryPictureRoutes(app, admin);
  registerListRoutes(app, admin);
  registerSubcategoryPhotoRoutes(app, admin);
}

function registerCategoryRoutes(app: FastifyInstance, admin: AdminService) {
  route(app, {
    method: 'GET',
    url: '/admin/categories',
    tag: 'admin',
    summary: 'Every category, hidden ones too, with its name in each language and its pictures',
    access: 'admin',
    data: z.array(consoleCategorySchema),
    handle: async ({ viewer }) => answer(await admin.catalog.list(viewer)),
  });

  route(app, {
    method: 'POST',
    url: '/admin/categories',
    tag: 'admin',
    summary: 'Add a category (Arabic and English names required); is_vehicle is chosen here once',
    access: 'admin',
    body: categoryCreateSchema,
    data: consoleCategorySchema,
    status: 201,
    refusals: [409],
    handle: async ({ body, viewer }) => answer(await admin.catalog.create(viewer, body), 'admin.done.categoryCreated'),
  });

  route(app, {
    method: 'POST',
    url: '/admin/categories/:catId',
    tag: 'admin',
    summary: "Change a category's names (Arabic and English required), order, visibility and drawn icon",
    access: 'admin',
    params: categoryParams,
    body: categoryEditSchema,
    data: consoleCategorySchema,
    refusals: [404, 409],
    handle: async ({ params, body, viewer }) =>
      answer(await admin.catalog.update(viewer, params.catId, body), 'admin.done.category'),
  });
}

function registerCategoryPictureRoutes(app: FastifyInstance, admin: AdminService) {
  route(app, {
    method: 'POST',
    url: '/admin/categories/:catId/pictures/:slot',
    tag: 'admin',
    summary:
      'Replace the icon picture (a square on its card, instead of the drawn icon) or the photo (a wide strip on its page); multipart, the file as "file"',
    access: 'admin',
    params: pictureParams,
    consumes: ['multipart/form-data'],
    data: consoleCategorySchema,
    refusals: [404, 413],
    handle: async ({ params, request, viewer }) => {
      const picture = await receiveUpload(request, pictureLimits);
      return answer(
        await admin.catalog.savePicture(viewer, params.catId, params.slot, picture),
        'admin.done.categoryPicture',
      );
    },
  });

  route(app, {
    method: 'POST',
    url: '/admin/categories/:catId/pictures/:slot/delete',
    tag: 'admin',
    summary: 'Remove the icon picture (the drawn icon shows again) or the photo, and its file',
    access: 'admin',
    params: pictureParams,
    data: consoleCategorySchema,
    refusals: [404],
    handle: async ({ params, viewer }) =>
      answer(await admin.catalog.removePicture(viewer, params.catId, params.slot), 'admin.done.categoryPicture'),
  });
}

function registerListRoutes(app: FastifyInstance, admin: AdminService) {
  route(app, {
    method: 'GET',
    url: '/admin/lists/:kind',
    tag: 'admin',
    summary:
      'Every entry of a lookup list, hidden ones too, in their order; models, subcategories and townships need parent_id (the manufacturer, category or city)',
    access: 'admin',
    params: z.object({ kind: consoleListKindSchema }),
    query: z.object({ parent_id: serialIdSchema.optional() }),
    data: consoleListSchema,
    refusals: [404],
    handle: async ({ params, query, viewer, language }) =>
      answer(await admin.lists.list(viewer, params.kind, query.parent_id ?? null, language)),
  });

  route(app, {
    method: 'GET',
    url: '/admin/lists/:kind/:id',
    tag: 'admin',
    summary: 'One entry of a lookup list with its name in every language',
    access: 'admin',
    params: z.object({ kind: consoleListKindSchema, id: serialIdSchema }),
    data: consoleListEntrySchema,
    refusals: [404],
    handle: async ({ params, viewer }) => answer(await admin.lists.get(viewer, params.kind, params.id)),
  });

  route(app, {
    method: 'POST',
    url: '/admin/lists/:kind',
    tag: 'admin',
    summary:
      'Add an entry: names (Arabic and English required), ordering, is_published; parent_id for models, subcategories and townships; lat and lng for cities and townships',
    access: 'admin',
    params: z.object({ kind: consoleListKindSchema }),
    body: z.record(z.string(), z.unknown()),
    data: consoleListEntrySchema,
    status: 201,
    refusals: [404, 409],
    handle: async ({ params, body, viewer, language }) => {
      const edit = parseEntryEdit(params.kind, body, language);
      return answer(await admin.lists.create(viewer, params.kind, edit), 'admin.done.listEntry');
    },
  });

  route(app, {
    method: 'POST',
    url: '/admin/lists/:kind/:id',
    tag: 'admin',
    summary: "Change an entry's names, order, visibility and map point (its parent stays)",
    access: 'admin',
    params: z.object({ kind: consoleListKindSchema, id: serialIdSchema }),
    body: z.record(z.string(), z.unknown()),
    data: consoleListEntrySchema,
    refusals: [404, 409],
    handle: async ({ params, body, viewer, language }) => {
      const edit = parseEntryEdit(params.kind, body, language, false);
      return answer(await admin.lists.update(viewer, params.kind, params.id, edit), 'admin.done.listEntry');
    },
  });
}

function registerSubcategoryPhotoRoutes(app: FastifyInstance, admin: AdminService) {
  const params = z.object({ id: serialIdSchema });
  route(app, {
    method: 'POST',
    url: '/admin/lists/subcategories/:id/photo',
    tag: 'admin',
    summary:
      'Replace a subcategory\'s photo, a square on its card on the category\'s page; multipart, the file as "file"',
    access: 'admin',
    params,
    consumes: ['multipart/form-data'],
    data: consoleListEntrySchema,
    refusals: [404, 413],
    handle: async ({ params, request, viewer }) => {
      const photo = await receiveUpload(request, pictureLimits);
      return answer(await admin.saveSubcategoryPhoto(viewer, params.id, photo), 'admin.done.subcategoryPhoto');
    },
  });

  route(app, {
    method: 'POST',
    url: '/admin/lists/subcategories/:id/photo/delete',
    tag: 'admin',
    summary: "Remove a subcategory's photo and its file",
    access: 'admin',
    params,
    data: consoleListEntrySchema,
    refusals: [404],
    handle: async ({ params, viewer }) =>
      answer(await admin.removeSubcategoryPhoto(viewer, params.id), 'admin.done.subcategoryPhoto'),
  });
}

/** The body read by the list's own schema (its fields depend on the list); a refusal names the first bad field. */
function parseEntryEdit(kind: ConsoleListKind, body: unknown, language: LanguageCode, withParent = true) {
  const schema = listEntryEditSchema(kind);
  const parsed = (withParent ? schema : schema.omit({ parent_id: true })).safeParse(body);
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  throw invalidField(language, issue?.path.join('.') ?? '', issue?.message ?? '');
}
