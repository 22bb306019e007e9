import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fetchHeaders } from '../../../http/session.ts';
import { type AuthLibrary, CLIENT_IP_HEADER } from '../library.ts';

/**
 * The auth library's own HTTP face, limited to what browsers must reach directly: the OAuth provider
 * callbacks (GET, or POST for Apple's form_post). Everything else goes through /api/v1/auth.
 */
export async function authCallbackRoutes(app: FastifyInstance, options: { library: AuthLibrary }) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = `${request.protocol}://${request.host}${request.url}`;
    const headers = fetchHeaders(request);
    headers.set(CLIENT_IP_HEADER, request.ip);
    const body = request.method === 'POST' && typeof request.body === 'string' ? request.body : undefined;
    const response = await options.library.handler(new Request(url, { method: request.method, headers, body }));
    reply.status(response.status);
    for (const [name, value] of response.headers) if (name !== 'set-cookie') reply.header(name, value);
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    return reply.send(await response.text());
  };
  app.get('/callback/:providerId', { schema: { hide: true } }, handle);
  app.post('/callback/:providerId', { schema: { hide: true } }, handle);
}
