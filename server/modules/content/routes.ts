import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '../../../contract/api.ts';
import { blogSchema, CONTENT_PAGE_KINDS, contactMessageSchema, contentPageSchema } from '../../../contract/content.ts';
import { errorEnvelopeSchema } from '../../../contract/errors.ts';
import { serialIdSchema } from '../../../contract/ids.ts';
import { LANGUAGE_CODES } from '../../../contract/language.ts';
import { PAGE_SIZE, pagedSchema, pageQuerySchema } from '../../../contract/paging.ts';
import { ok } from '../../http/envelope.ts';
import { requestLanguage } from '../../http/language.ts';
import { translate } from '../../i18n.ts';
import type { ContentService } from './service.ts';

const errors = { 400: errorEnvelopeSchema, 404: errorEnvelopeSchema };
const lang = z.enum(LANGUAGE_CODES).optional();

export async function contentRoutes(app: FastifyInstance, options: { content: ContentService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { content } = options;

  api.get(
    '/pages/:kind',
    {
      schema: {
        tags: ['content'],
        summary: 'About us, privacy policy, safety tips or terms',
        params: z.object({ kind: z.enum(CONTENT_PAGE_KINDS) }),
        querystring: z.object({ lang }),
        response: { 200: envelopeSchema(contentPageSchema), ...errors },
      },
    },
    async (request) => ok(await content.getPage(request.params.kind, requestLanguage(request))),
  );

  api.get(
    '/blogs',
    {
      schema: {
        tags: ['content'],
        summary: 'Blog posts, newest first',
        querystring: pageQuerySchema(PAGE_SIZE.blogs).extend({
          searchterm: z.string().trim().max(100).optional(),
          city_id: serialIdSchema.optional(),
          lang,
        }),
        response: { 200: envelopeSchema(pagedSchema(blogSchema)), ...errors },
      },
    },
    async (request) => {
      const { searchterm, city_id: cityId, ...page } = request.query;
      return ok(
        await content.listBlogs({ ...page, searchterm: searchterm || undefined, cityId }, requestLanguage(request)),
      );
    },
  );

  api.get(
    '/blogs/:blogId',
    {
      schema: {
        tags: ['content'],
        summary: 'One blog post',
        params: z.object({ blogId: serialIdSchema }),
        querystring: z.object({ lang }),
        response: { 200: envelopeSchema(blogSchema), ...errors },
      },
    },
    async (request) => ok(await content.getBlog(request.params.blogId, requestLanguage(request))),
  );

  api.post(
    '/contact',
    {
      schema: {
        tags: ['content'],
        summary: 'Send a message to the operator',
        body: contactMessageSchema,
        response: { 201: envelopeSchema(z.null()), ...errors, 429: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      await content.sendContactMessage(request.body, { ip: request.ip });
      const language = requestLanguage(request);
      return reply.code(201).send(ok(null, translate(language, 'contact.sent')));
    },
  );
}
