import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../kernel/errors.ts';

/** A host name, IPv4 or bracketed IPv6 address, with an optional port: nothing that could change a URL's path. */
const HOST_PATTERN = /^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]{0,252})|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

/**
 * Checks every request before a route sees it, so malformed input answers 4xx with the error envelope rather
 * than failing deeper: the request line must name a path ("OPTIONS *" and absolute-form targets are refused),
 * the Host header must be a host (HTTP/1.0 clients that send none get the public address's), and no text in
 * the URL or a parsed body may contain NUL, which PostgreSQL refuses in text.
 */
export function registerRequestChecks(app: FastifyInstance, options: { publicUrl: string }) {
  const defaultHost = new URL(options.publicUrl).host;
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/')) throw badRequest('errors.invalidRequest');
    if (request.raw.headers.host === undefined && request.raw.httpVersion === '1.0') {
      request.raw.headers.host = defaultHost;
    }
    if (!HOST_PATTERN.test(request.host ?? '')) throw badRequest('errors.invalidRequest');
    if (/%00/i.test(request.url)) throw nulInUrl(request);
  });
  app.addHook('preValidation', async (request) => {
    const field = fieldWithNul(request.body);
    if (field !== undefined) throw badRequest('errors.invalidParameter', { field });
  });
}

function nulInUrl(request: FastifyRequest) {
  const query = request.url.slice(request.url.indexOf('?') + 1);
  for (const [key, value] of new URLSearchParams(request.url.includes('?') ? query : '')) {
    if (hasNul(key) || hasNul(value)) return badRequest('errors.invalidParameter', { field: key.replaceAll('\0', '') });
  }
  return new AppError(400, 'errors.invalidRequest');
}

const hasNul = (text: string) => text.includes('\0');

/**
 * The path ("user.name", "tags.2") of the first string holding NUL in a parsed JSON body, or undefined.
 * Walks with its own stack: a deeply nested body must not overflow the call stack.
 */
export function fieldWithNul(body: unknown): string | undefined {
  const pending: Array<{ value: unknown; path: string }> = [{ value: body, path: '' }];
  while (pending.length > 0) {
    const { value, path } = pending.pop() as { value: unknown; path: string };
    if (typeof value === 'string' && hasNul(value)) return path || 'body';
    if (value === null || typeof value !== 'object') continue;
    const keyWithNul = Object.keys(value).find(hasNul);
    if (keyWithNul !== undefined) return childPath(path, keyWithNul).replaceAll('\0', '');
    for (const [key, child] of Object.entries(value)) pending.push({ value: child, path: childPath(path, key) });
  }
  return undefined;
}

const childPath = (path: string, key: string) => (path ? `${path}.${key}` : key);
