import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { blogSchema, CONTENT_PAGE_KINDS, contactMessageSchema, contentPageSchema } from '../../../contract/content.ts';
import { serialIdSchema } from '../../../contract/ids.ts';
import { PAGE_SIZE, pagedSchema, pageQuerySchema } from '../../../contract/paging.ts';
import { answer, route } from '../../http/route.ts';
import type { ContentService } from './service.ts';

export async function contentRoutes(app: FastifyInstance, options: { content: ContentService }) {
  const { content } = options;

  route(app, {
    method: 'GET',
    url: '/pages/:kind',
    tag: 'content',
    summary: 'About us, privacy policy, safety tips or terms',
    access: 'public',
    params: z.object({ kind: z.enum(CONTENT_PAGE_KINDS) }),
    data: contentPageSchema,
    refusals: [404],
    handle: async ({ params, language }) => answer(await content.getPage(params.kind, language)),
  });

  route(app, {
    method: 'GET',
    url: '/blogs',
    tag: 'content',
    summary: 'Blog posts, newest first',
    access: 'public',
    query: pageQuerySchema(PAGE_SIZE.blogs).extend({
      searchterm: z.string().trim().max(100).optional(),
      city_id: serialIdSchema.optional(),
    }),
    data: pagedSchema(blogSchema),
    handle: async ({ query, language }) => {
      const { searchterm, city_id: cityId, ...page } = query;
      return answer(await content.listBlogs({ ...page, searchterm: searchterm || undefined, cityId }, language));
    },
  });

  route(app, {
    method: 'GET',
    url: '/blogs/:blogId',
    tag: 'content',
    summary: 'One blog post',
    access: 'public',
    params: z.object({ blogId: serialIdSchema }),
    data: blogSchema,
    refusals: [404],
    handle: async ({ params, language }) => answer(await content.getBlog(params.blogId, language)),
  });

  route(app, {
    method: 'POST',
    url: '/contact',
    tag: 'content',
    summary: 'Send a message to the operator (a signed-in sender is kept with it)',
    access: 'anyone',
    body: contactMessageSchema,
    data: z.null(),
    status: 201,
    handle: async ({ body, viewer, request }) => {
      await content.sendContactMessage(body, { ip: request.ip, userId: viewer?.userId ?? null });
      return answer(null, 'contact.sent');
    },
  });
}
