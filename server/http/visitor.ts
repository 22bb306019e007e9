import { randomBytes } from 'node:crypto';
import { sign, unsign } from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import type { Limiter } from '../kernel/rate-limit.ts';

/**
 * Who a visitor is, for counting item views once per person and day (issue 24): a random id in a signed
 * cookie, given out when a visitor without one opens an item page. Bots (isbot's list of user agents) are
 * nobody. An address may be given a limited number of new ids an hour, so a script that drops its cookies
 * cannot count a view per request; past that, its cookie-less requests count no view.
 */
export const VISITOR_COOKIE = 'souk_visitor';
const VISITOR_COOKIE_SECONDS = 365 * 24 * 60 * 60;

export interface VisitorIdentity {
  /** The visitor's id, or null when they are a bot or their address was given enough new ids this hour. */
  id: string | null;
}

export type IdentifyVisitor = (request: FastifyRequest, reply: FastifyReply) => Promise<VisitorIdentity>;

/** `newIds` counts the new ids given to each address (Services.newVisitorIds). */
export function visitorIdentities(secret: string, newIds: Limiter): IdentifyVisitor {
  return async (request, reply) => {
    if (isbot(request.headers['user-agent'] ?? '')) return { id: null };
    const known = signedId(request.cookies[VISITOR_COOKIE], secret);
    if (known) return { id: known };
    const given = await newIds.consume(request.ip).then(
      () => true,
      () => false,
    );
    if (!given) return { id: null };
    const id = randomBytes(16).toString('base64url');
    reply.setCookie(VISITOR_COOKIE, sign(id, secret), {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      maxAge: VISITOR_COOKIE_SECONDS,
    });
    return { id };
  };
}

/**
 * An answer that gives a visitor their cookie is theirs alone: whatever the page said, no shared cache (a CDN)
 * may keep it and hand the cookie to the next visitor.
 */
export function keepVisitorCookiesPrivate(app: FastifyInstance) {
  app.addHook('onSend', async (_request, reply, payload) => {
    const cookies = [reply.getHeader('set-cookie') ?? []].flat();
    if (cookies.some((cookie) => String(cookie).startsWith(`${VISITOR_COOKIE}=`))) {
      reply.header('cache-control', 'private, no-store');
    }
    return payload;
  });
}

/** The id a signed cookie value carries, or null when it is missing, malformed or not signed by us. */
export function signedId(value: string | undefined, secret: string): string | null {
  if (!value) return null;
  const result = unsign(value, secret);
  return result.valid && result.value && /^[\w-]{22}$/.test(result.value) ? result.value : null;
}
