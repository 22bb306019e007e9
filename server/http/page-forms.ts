import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../kernel/errors.ts';

/** Page forms are small; only the photo form (multipart) carries a file, up to its own limit plus the form. */
export const PAGE_FORM_LIMIT = 1024 * 1024;
export const PAGE_MULTIPART_LIMIT = 9 * 1024 * 1024;

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * What page actions (React Router) may receive, checked before they run: a url-encoded or multipart form
 * within its size limit, well-formed, with no NUL in any value. Anything else answers 400, 413 or 415 with
 * the error envelope. The checked body is handed on as bytes, which the React Router adapter forwards.
 * Call on the instance that serves the pages, after the adapter has set its own parsers up.
 */
export function registerPageFormParsers(web: FastifyInstance) {
  web.removeAllContentTypeParsers();
  web.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'buffer', bodyLimit: PAGE_FORM_LIMIT },
    (_request, body, done) => {
      const field = fieldWithNul(new URLSearchParams((body as Buffer).toString('utf8')));
      done(field === undefined ? null : badRequest('errors.invalidParameter', { field }), body);
    },
  );
  web.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: PAGE_MULTIPART_LIMIT },
    (request, body, done) => {
      checkMultipart(request, body as Buffer).then(
        () => done(null, body),
        (error: Error) => done(error, undefined),
      );
    },
  );
}

/** A route hook: a page request that carries a body must say it is a form (even an empty one). */
export async function requireFormBody(request: FastifyRequest) {
  if (!BODY_METHODS.has(request.method)) return;
  const type = request.headers['content-type'] ?? '';
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type)) {
    throw new AppError(415, 'errors.invalidRequest');
  }
}

/** Parses the form as the action will (boundary, parts, closing boundary), refusing broken ones. */
async function checkMultipart(request: FastifyRequest, body: Buffer) {
  const headers = { 'content-type': request.headers['content-type'] ?? '' };
  const form = await new Response(new Uint8Array(body), { headers }).formData().catch(() => {
    throw badRequest('errors.invalidRequest');
  });
  const field = fieldWithNul(form);
  if (field !== undefined) throw badRequest('errors.invalidParameter', { field });
}

function fieldWithNul(entries: Iterable<[string, FormDataEntryValue | string]>) {
  for (const [name, value] of entries) {
    if (name.includes('\0') || (typeof value === 'string' && value.includes('\0'))) return name.replaceAll('\0', '');
  }
  return undefined;
}
