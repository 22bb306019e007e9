import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  blogEditSchema,
  consoleBlogRowSchema,
  consoleBlogSchema,
  consolePageSchema,
  EDITABLE_PAGE_KINDS,
  pageEditSchema,
} from '../../../../contract/console-content.ts';
import { serialIdSchema } from '../../../../contract/ids.ts';
import { pagedSchema, pageQuerySchema } from '../../../../contract/paging.ts';
import { answer, route } from '../../../http/route.ts';
import { receiveUpload } from '../../../http/uploads.ts';
import { resolveOffset } from '../../../kernel/paging.ts';
import { MAX_BLOG_PHOTO_BYTES } from '../../content/index.ts';
import type { AdminService } from '../service.ts';

const blogParams = z.object({ blogId: serialIdSchema });
const pageParams = z.object({ kind: z.enum(EDITABLE_PAGE_KINDS) });

/** The console's content (issue 24): blog posts with their photo, and the about, privacy and safety pages. */
export function registerContentRoutes(app: FastifyInstance, admin: AdminService) {
  registerBlogRoutes(app, admin);
  registerPageRoutes(app, admin);
}

function registerBlogRoutes(app: FastifyInstance, admin: AdminService) {
  route(app, {
    method: 'GET',
    url: '/admin/content/blogs',
    tag: 'admin',
    summary: 'Every blog post, drafts too, newest first',
    access: 'admin',
    query: pageQuerySchema(30),
    data: pagedSchema(consoleBlogRowSchema),
    handle: async ({ query, viewer, language }) =>
      answer(await admin.blogs.list(viewer, { limit: query.limit, offset: resolveOffset(query) }, language)),
  });

  route(app, {
    method: 'GET',
    url: '/admin/content/blogs/:blogId',
    tag: 'admin',
    summary: 'A blog post with its title and body in every language written',
    access: 'admin',
    params: blogParams,
    data: consoleBlogSchema,
    refusals: [404],
    handle: async ({ params, viewer }) => answer(await admin.blogs.get(viewer, params.blogId)),
  });

  route(app, {
    method: 'POST',
    url: '/admin/content/blogs',
    tag: 'admin',
    summary: 'Write a new blog post in one language (its body HTML is sanitised); published or a draft',
    access: 'admin',
    body: blogEditSchema,
    data: consoleBlogSchema,
    status: 201,
    handle: async ({ body, viewer }) => answer(await admin.blogs.create(viewer, body), 'admin.done.blogSaved'),
  });

  route(app, {
    method: 'POST',
    url: '/admin/content/blogs/:blogId',
    tag: 'admin',
    summary: "Set a blog post's title and body in one language, and whether it is published",
    access: 'admin',
    params: blogParams,
    body: blogEditSchema,
    data: consoleBlogSchema,
    refusals: [404],
    handle: async ({ params, body, viewer }) =>
      answer(await admin.blogs.update(viewer, params.blogId, body), 'admin.done.blogSaved'),
  });

  route(app, {
    method: 'POST',
    url: '/admin/content/blogs/:blogId/photo',
    tag: 'admin',
    summary: 'Set a blog post\'s photo (multipart, the file as "file"): it replaces the one before',
    access: 'admin',
    params: blogParams,
    consumes: ['multipart/form-data'],
    data: consoleBlogSchema,
    refusals: [404, 413],
    handle: async ({ params, request, viewer }) => {
      const upload = await receiveUpload(request, {
        maxBytes: MAX_BLOG_PHOTO_BYTES,
        notAFileKey: 'users.photoNotImage',
        tooLargeKey: 'users.photoTooLarge',
      });
      return answer(await admin.blogs.savePhoto(viewer, params.blogId, upload), 'admin.done.blogPhoto');
    },
  });

  route(app, {
    method: 'POST',
    url: '/admin/content/blogs/:blogId/delete',
    tag: 'admin',
    summary: 'Delete a blog post with its photo and comments',
    access: 'admin',
    params: blogParams,
    data: z.null(),
    refusals: [404],
    handle: async ({ params, viewer }) => {
      await admin.blogs.remove(viewer, params.blogId);
      return answer(null, 'admin.done.blogDeleted');
    },
  });
}

function registerPageRoutes(app: FastifyInstance, admin: AdminService) {
  route(app, {
    method: 'GET',
    url: '/admin/content/pages/:kind',
    tag: 'admin',
    summary: 'The about, privacy or safety page in every language written',
    access: 'admin',
    params: pageParams,
    data: consolePageSchema,
    handle: async ({ params, viewer }) => answer(await admin.pages.get(viewer, params.kind)),
  });

  route(app, {
    method: 'POST',
    url: '/admin/content/pages/:kind',
    tag: 'admin',
    summary: "Write the about, privacy or safety page's title and text in one language",
    access: 'admin',
    params: pageParams,
    body: pageEditSchema,
    data: consolePageSchema,
    handle: async ({ params, body, viewer }) =>
      answer(await admin.pages.save(viewer, params.kind, body), 'admin.done.pageSaved'),
  });
}
