import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../kernel/errors.ts';
import { receivePageMultipart, type UploadLimits } from './uploads.ts';

/** Page forms are small; files come in multipart forms and are streamed to disk within the upload limits. */
export const PAGE_FORM_LIMIT = 1024 * 1024;

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * What page actions (React Router) may receive, checked before they run: a url-encoded or multipart form
 * within its size limits, well-formed, with no NUL in any value. Anything else answers 400, 413 or 415 with
 * the error envelope. The checked body is handed on as bytes, which the React Router adapter forwards; a
 * multipart form's files are streamed to temporary files instead (see receivePageMultipart).
 * Call on the instance that serves the pages, after the adapter has set its own parsers up.
 */
export function registerPageFormParsers(web: FastifyInstance, uploadLimits: UploadLimits) {
  web.removeAllContentTypeParsers();
  web.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'buffer', bodyLimit: PAGE_FORM_LIMIT },
    (_request, body, done) => {
      const field = fieldWithNul(new URLSearchParams((body as Buffer).toString('utf8')));
      done(field === undefined ? null : badRequest('errors.invalidParameter', { field }), body);
    },
  );
  web.addContentTypeParser('multipart/form-data', (request, payload, done) => {
    receivePageMultipart(request, payload as Readable, uploadLimits).then(
      (fields) => done(null, fields),
      (error: Error) => done(error, undefined),
    );
  });
}

/** A route hook: a page request that carries a body must say it is a form (even an empty one). */
export async function requireFormBody(request: FastifyRequest) {
  if (!BODY_METHODS.has(request.method)) return;
  const type = request.headers['content-type'] ?? '';
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type)) {
    throw new AppError(415, 'errors.invalidRequest');
  }
}

function fieldWithNul(entries: Iterable<[string, FormDataEntryValue | string]>) {
  for (const [name, value] of entries) {
    if (name.includes('\0') || (typeof value === 'string' && value.includes('\0'))) return name.replaceAll('\0', '');
  }
  return undefined;
}
