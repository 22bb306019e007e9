import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RequestMeta, Viewer } from '../../contract/session.ts';
import { AppError } from '../kernel/errors.ts';
import { requestLanguage } from './language.ts';

/** Where the HTTP layer learns who is asking (the account module's sessions, given at start-up). */
export interface ViewerSource {
  /** The signed-in user, their session's id and the renewed session cookies to set, or null for a visitor. */
  currentViewer(meta: RequestMeta): Promise<{ viewer: Viewer | null; cookies: string[]; sessionId?: string | null }>;
  /** Set-Cookie values that make a browser drop its session cookie. */
  clearedSessionCookies(): Promise<string[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    viewerSource: ViewerSource;
  }
  interface FastifyRequest {
    viewerLookup?: Promise<Viewer | null>;
    /** The session the viewer was found by (known once currentViewer resolved). */
    viewerSessionId?: string | null;
  }
}

/** Call once on the root instance, before the routes: every route and page then finds its viewer through it. */
export function registerViewerSource(app: FastifyInstance, source: ViewerSource) {
  app.decorate('viewerSource', source);
}

export function fetchHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) headers.set(name, value.join(', '));
  }
  return headers;
}

export function requestMeta(request: FastifyRequest): RequestMeta {
  return { headers: fetchHeaders(request), ip: request.ip, language: requestLanguage(request) };
}

/**
 * The signed-in user of this request, or null. Looking it up renews the session, so the renewed cookie
 * is added to the reply. Looked up once per request.
 */
export function currentViewer(request: FastifyRequest, reply: FastifyReply) {
  request.viewerLookup ??= request.server.viewerSource
    .currentViewer(requestMeta(request))
    .then(({ viewer, cookies, sessionId }) => {
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      request.viewerSessionId = sessionId ?? null;
      return viewer;
    });
  return request.viewerLookup;
}

/** The signed-in user, or a 401 asking to sign in. */
export async function requireViewer(request: FastifyRequest, reply: FastifyReply) {
  const viewer = await currentViewer(request, reply);
  if (!viewer) throw new AppError(401, 'auth.signInRequired');
  return viewer;
}

/** Makes the browser drop its session cookie (after the account's sessions ended). */
export async function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.header('set-cookie', await request.server.viewerSource.clearedSessionCookies());
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** better-auth's session cookie (`souk.` is our prefix; over https it also gets `__Secure-` in front). */
export const SESSION_COOKIE_NAME = 'souk.session_token';

export const hasSessionCookie = (request: FastifyRequest) =>
  Boolean(request.headers.cookie?.includes(`${SESSION_COOKIE_NAME}=`));

/**
 * Whether a write comes from another site: a browser always says where a request comes from (Origin, or
 * Sec-Fetch-Site), and it must be this site. Clients that say neither (not browsers) are not refused.
 */
export function isCrossSiteRequest(request: FastifyRequest, allowedOrigins: string[]) {
  if (!UNSAFE_METHODS.has(request.method)) return false;
  const origin = request.headers.origin;
  if (origin) return !allowedOrigins.includes(origin) && origin !== `${request.protocol}://${request.host}`;
  const site = request.headers['sec-fetch-site'];
  return site !== undefined && site !== 'same-origin' && site !== 'none';
}

/** CSRF protection for cookie-authenticated writes; bearer-token clients are not exposed to CSRF. */
export function isCrossSiteWrite(request: FastifyRequest, allowedOrigins: string[]) {
  if (request.headers.authorization?.startsWith('Bearer ')) return false;
  return hasSessionCookie(request) && isCrossSiteRequest(request, allowedOrigins);
}
