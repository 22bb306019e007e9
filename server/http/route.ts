import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { langQuerySchema } from '../../contract/api-query.ts';
import { envelopeSchema, errorEnvelopeSchema } from '../../contract/envelope.ts';
import type { LanguageCode } from '../../contract/language.ts';
import type { RequestMeta, Viewer } from '../../contract/session.ts';
import { translate } from '../i18n.ts';
import { AppError } from '../kernel/errors.ts';
import { ok } from './envelope.ts';
import { requestLanguage } from './language.ts';
import { currentViewer, requestMeta, requireViewer } from './session.ts';

/**
 * Who may call a route: `public` (anyone; the route does not ask who, so no session is looked up or renewed),
 * `anyone` (the viewer may be null), a signed-in user, or an administrator.
 */
export type Access = 'public' | 'anyone' | 'signed-in' | 'admin';
type ViewerFor<A extends Access> = A extends 'public' ? null : A extends 'anyone' ? Viewer | null : Viewer;

/** The OpenAPI tags of the API (server/app.ts describes them). */
export type ApiTag =
  | 'app'
  | 'lookups'
  | 'content'
  | 'accounts'
  | 'items'
  | 'search'
  | 'social'
  | 'chat'
  | 'ratings'
  | 'notifications'
  | 'payments'
  | 'admin';

/** What a handler answers: the envelope's data, the message to show (a locale key) and cookies to set. */
export interface Answer<T> {
  data: T;
  messageKey?: string | undefined;
  values?: Record<string, unknown>;
  cookies?: string[];
}

/** An answer with its data and, when the answer says something, the locale key of its message. */
export const answer = <T>(data: T, messageKey?: string, values?: Record<string, unknown>): Answer<T> => ({
  data,
  messageKey,
  ...(values ? { values } : {}),
});

type AnyObject = z.ZodObject;

export interface RouteContext<P, Q, B, A extends Access> {
  params: P;
  query: Q;
  body: B;
  viewer: ViewerFor<A>;
  language: LanguageCode;
  /** What services need to know about the request (headers, client address, language). */
  meta(): RequestMeta;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteSpec<
  A extends Access,
  D extends z.ZodType,
  P extends AnyObject = AnyObject,
  Q extends AnyObject = AnyObject,
  B extends z.ZodType = z.ZodUnknown,
> {
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  tag: ApiTag;
  summary: string;
  access: A;
  params?: P;
  /** The query's own parameters; `lang` is added to every route. */
  query?: Q;
  body?: B;
  /** The envelope's data. */
  data: D;
  /** 201 for a creation, else 200. */
  status?: 200 | 201;
  consumes?: string[];
  /**
   * Refusals this route can answer besides 400 and 429 (every route) and 401/403 (routes for signed-in users
   * and administrators); a schema describes one whose envelope carries data.
   */
  refusals?: ReadonlyArray<number | { status: number; schema: z.ZodType }>;
  handle(context: RouteContext<z.output<P>, z.output<Q>, z.output<B>, A>): Promise<Answer<z.input<D>>>;
}

/**
 * One API route: its schemas (validated, and published in the OpenAPI document), who may call it, and the
 * envelope around its answer with the message translated. Route files only translate HTTP to a service call.
 */
export function route<
  A extends Access,
  D extends z.ZodType,
  P extends AnyObject = AnyObject,
  Q extends AnyObject = AnyObject,
  B extends z.ZodType = z.ZodUnknown,
>(app: FastifyInstance, spec: RouteSpec<A, D, P, Q, B>) {
  const status = spec.status ?? 200;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: spec.method,
    url: spec.url,
    schema: {
      tags: [spec.tag],
      summary: spec.summary,
      ...(spec.params ? { params: spec.params } : {}),
      querystring: spec.query ? spec.query.extend(langQuerySchema.shape) : langQuerySchema,
      ...(spec.body ? { body: spec.body } : {}),
      ...(spec.consumes ? { consumes: spec.consumes } : {}),
      response: { [status]: envelopeSchema(spec.data), ...refusalSchemas(spec) },
    },
    // Who asks is settled before the request is validated: a visitor gets 401 (a member 403 on admin routes)
    // whatever they sent, and learns nothing about what the route would accept.
    ...(spec.access === 'signed-in' || spec.access === 'admin'
      ? {
          preValidation: async (request: FastifyRequest, reply: FastifyReply) => {
            await viewerFor(spec.access, request, reply);
          },
        }
      : {}),
    handler: async (request, reply) => {
      const viewer = (await viewerFor(spec.access, request, reply)) as ViewerFor<A>;
      const language = requestLanguage(request);
      const result = await spec.handle({
        params: request.params as z.output<P>,
        query: request.query as z.output<Q>,
        body: request.body as z.output<B>,
        viewer,
        language,
        meta: () => requestMeta(request),
        request,
        reply,
      });
      if (result.cookies && result.cookies.length > 0) reply.header('set-cookie', result.cookies);
      const message = result.messageKey ? translate(language, result.messageKey, result.values) : '';
      return reply.code(status).send(ok(result.data, message));
    },
  });
}

async function viewerFor(access: Access, request: FastifyRequest, reply: FastifyReply) {
  if (access === 'public') return null;
  if (access === 'anyone') return currentViewer(request, reply);
  const viewer = await requireViewer(request, reply);
  if (access === 'admin' && !viewer.isAdmin) throw new AppError(403, 'errors.forbidden');
  return viewer;
}

function refusalSchemas(spec: Pick<RouteSpec<Access, z.ZodType>, 'access' | 'refusals'>) {
  const schemas: Record<number, z.ZodType> = { 400: errorEnvelopeSchema, 429: errorEnvelopeSchema };
  if (spec.access === 'signed-in' || spec.access === 'admin') {
    Object.assign(schemas, { 401: errorEnvelopeSchema, 403: errorEnvelopeSchema });
  }
  for (const refusal of spec.refusals ?? []) {
    if (typeof refusal === 'number') schemas[refusal] = errorEnvelopeSchema;
    else schemas[refusal.status] = refusal.schema;
  }
  return schemas;
}
