import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { bannerEditSchema, consoleBannerSchema } from '../../../../contract/banners.ts';
import { localizedInput } from '../../../../contract/console.ts';
import { serialIdSchema } from '../../../../contract/ids.ts';
import { invalidField } from '../../../http/errors.ts';
import { answer, route } from '../../../http/route.ts';
import { receiveUpload } from '../../../http/uploads.ts';
import { MAX_BANNER_BYTES } from '../../lookups/index.ts';
import type { AdminService } from '../service.ts';

const bannerParams = z.object({ bannerId: serialIdSchema });
const pictureLimits = {
  maxBytes: MAX_BANNER_BYTES,
  notAFileKey: 'users.photoNotImage',
  tooLargeKey: 'users.photoTooLarge',
};

/** The console's banners (issue 24): the dashboard shows the published ones, in their order. */
export function registerBannerRoutes(app: FastifyInstance, admin: AdminService) {
  route(app, {
    method: 'GET',
    url: '/admin/content/banners',
    tag: 'admin',
    summary: 'Every banner, hidden ones too, in their order',
    access: 'admin',
    data: z.array(consoleBannerSchema),
    handle: async ({ viewer }) => answer(await admin.banners.list(viewer)),
  });

  route(app, {
    method: 'GET',
    url: '/admin/content/banners/:bannerId',
    tag: 'admin',
    summary: 'A banner with its words in every language',
    access: 'admin',
    params: bannerParams,
    data: consoleBannerSchema,
    refusals: [404],
    handle: async ({ params, viewer }) => answer(await admin.banners.get(viewer, params.bannerId)),
  });

  route(app, {
    method: 'POST',
    url: '/admin/content/banners',
    tag: 'admin',
    summary:
      'Add a banner (multipart: the fields titles.ar, titles.en (required), other titles.xx, link, ordering, is_published, then the picture as "file")',
    access: 'admin',
    consumes: ['multipart/form-data'],
    data: consoleBannerSchema,
    status: 201,
    refusals: [413],
    handle: async ({ request, viewer, language }) => {
      const picture = await receiveUpload(request, pictureLimits);
      const edit = bannerEditSchema.safeParse(localizedInput(picture.formFields, 'titles'));
      if (!edit.success) {
        const [issue] = edit.error.issues;
        throw invalidField(language, issue?.path.join('.') ?? '', issue?.message ?? '');
      }
      return answer(await admin.banners.create(viewer, edit.data, picture), 'admin.done.bannerSaved');
    },
  });

  route(app, {
    method: 'POST',
    url: '/admin/content/banners/:bannerId',
    tag: 'admin',
    summary: "Change a banner's words, link, order and visibility",
    access: 'admin',
    params: bannerParams,
    body: bannerEditSchema,
    data: consoleBannerSchema,
    refusals: [404],
    handle: async ({ params, body, viewer }) =>
      answer(await admin.banners.update(viewer, params.bannerId, body), 'admin.done.bannerSaved'),
  });

  route(app, {
    method: 'POST',
    url: '/admin/content/banners/:bannerId/picture',
    tag: 'admin',
    summary: 'Replace a banner\'s picture (multipart, the file as "file")',
    access: 'admin',
    params: bannerParams,
    consumes: ['multipart/form-data'],
    data: consoleBannerSchema,
    refusals: [404, 413],
    handle: async ({ params, request, viewer }) => {
      const picture = await receiveUpload(request, pictureLimits);
      return answer(await admin.banners.replacePicture(viewer, params.bannerId, picture), 'admin.done.bannerSaved');
    },
  });

  route(app, {
    method: 'POST',
    url: '/admin/content/banners/:bannerId/delete',
    tag: 'admin',
    summary: 'Delete a banner and its picture',
    access: 'admin',
    params: bannerParams,
    data: z.null(),
    refusals: [404],
    handle: async ({ params, viewer }) => {
      await admin.banners.remove(viewer, params.bannerId);
      return answer(null, 'admin.done.bannerDeleted');
    },
  });
}
