import type { Readable } from 'node:stream';
import { Busboy } from '@fastify/busboy';
import fastifyMultipart, { type MultipartFields } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ReceivedUpload } from '../../contract/media.ts';
import { AppError, badRequest } from '../kernel/errors.ts';
import { type TempFile, type TempFiles, UploadTooLarge } from '../kernel/storage/index.ts';
import { hasSessionCookie } from './session.ts';

declare module 'fastify' {
  interface FastifyInstance {
    uploadTempFiles: TempFiles;
  }
  interface FastifyRequest {
    /** The files this request streamed to temporary files; all are discarded once the answer is sent. */
    receivedFiles: Array<TempFile & ReceivedUpload> | null;
  }
}

export interface UploadLimits {
  /** The most bytes one file may have while it is streamed to disk (the largest any pipeline takes). */
  maxFileBytes: number;
  /** The most files one page form may carry (an item: five photos and a video). */
  maxPageFiles: number;
}

/** A temporary file this old belongs to no request any more (a request lasts at most an hour). */
const STALE_TEMP_FILE_MS = 24 * 60 * 60 * 1000;

/** What one page form may hold besides its files: text fields stay small. */
const PAGE_FIELD_LIMITS = { fields: 100, fieldSize: 1024 * 1024, fieldNameSize: 200, parts: 120, headerPairs: 20 };

/**
 * Registers multipart parsing once, for every API route, and the clean-up of every temporary file a request
 * received, whatever the answer (sent, failed or abandoned by the client). Call on the root instance
 * before any route.
 */
export async function registerUploads(app: FastifyInstance, temp: TempFiles, limits: UploadLimits) {
  app.decorate('uploadTempFiles', temp);
  app.decorateRequest('receivedFiles', null);
  await app.register(fastifyMultipart, { limits: { fileSize: limits.maxFileBytes, files: 1, ...PAGE_FIELD_LIMITS } });
  const discardReceived = async (request: FastifyRequest) => {
    const files = request.receivedFiles ?? [];
    request.receivedFiles = null;
    await Promise.all(files.map((file) => file.discard()));
  };
  app.addHook('onResponse', discardReceived);
  app.addHook('onRequestAbort', discardReceived);
  // What a killed process was receiving is left in the folder: cleared at the next start.
  temp.sweep(STALE_TEMP_FILE_MS).then(
    (removed) => {
      if (removed > 0) app.log.info({ removed }, 'removed temporary upload files left by an earlier run');
    },
    (error: unknown) => app.log.warn({ err: error }, 'could not clear old temporary upload files'),
  );
}

/**
 * The one file of a multipart API upload, streamed to a temporary file (never whole in memory) and given
 * to the pipeline by path. Not multipart or no file: 400 `notAFileKey`; over `maxBytes`: 413
 * `tooLargeKey` with nothing kept; broken multipart (no boundary, no closing boundary, cut short): 400
 * "The request is not valid." `formFields` holds the text fields sent before the file part.
 */
export async function receiveUpload(
  request: FastifyRequest,
  limit: { maxBytes: number; notAFileKey: string; tooLargeKey: string },
): Promise<ReceivedUpload & { formFields: Record<string, string> }> {
  if (!request.isMultipart()) throw new AppError(400, limit.notAFileKey);
  try {
    const part = await request.file({ limits: { fileSize: limit.maxBytes } });
    if (!part) throw new AppError(400, limit.notAFileKey);
    const file = await request.server.uploadTempFiles.receive(part.file, limit.maxBytes);
    if (part.file.truncated) {
      await file.discard();
      throw new UploadTooLarge(limit.maxBytes);
    }
    const received = keep(request, { ...file, field: part.fieldname, fileName: part.filename });
    return { ...received, formFields: textFields(part.fields) };
  } catch (error) {
    throw uploadError(error, limit);
  }
}

/** The text fields parsed so far (those before the file part); a repeated field gives its first value. */
function textFields(fields: MultipartFields) {
  const text: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first?.type === 'field' && typeof first.value === 'string') text[name] = first.value;
  }
  return text;
}

function keep(request: FastifyRequest, file: TempFile & ReceivedUpload) {
  request.receivedFiles = [...(request.receivedFiles ?? []), file];
  return file;
}

function uploadError(error: unknown, messages: { notAFileKey: string; tooLargeKey: string }) {
  if (error instanceof AppError) return error;
  if (error instanceof UploadTooLarge) return new AppError(413, messages.tooLargeKey);
  const { code, statusCode } = error as { code?: string; statusCode?: number };
  if (code === 'FST_REQ_FILE_TOO_LARGE' || statusCode === 413) return new AppError(413, messages.tooLargeKey);
  // Busboy's own parse errors carry no status: they all mean the multipart body is malformed.
  return new AppError(statusCode && statusCode >= 400 && statusCode < 500 ? statusCode : 400, 'errors.invalidRequest');
}

/**
 * A page form in multipart (React Router actions read `request.formData()`, which would hold every file in
 * memory): parsed as it streams in, each file goes to a temporary file (request.receivedFiles, handed to
 * the page as `uploads`), and the text fields alone are re-encoded with the same boundary as the body the
 * action reads. Refused: a malformed body (400), a NUL in a field (400), a file from a visitor without a
 * session cookie (403), more or larger parts than the limits (413). A refused form keeps no file.
 */
export async function receivePageMultipart(request: FastifyRequest, payload: Readable, limits: UploadLimits) {
  const boundary = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(request.headers['content-type'] ?? '');
  const boundaryText = boundary?.[1] ?? boundary?.[2];
  if (!boundaryText) throw badRequest('errors.invalidRequest');
  const received: Array<TempFile & ReceivedUpload> = [];
  try {
    const fields = await parsePageParts(request, payload, limits, received);
    request.receivedFiles = [...(request.receivedFiles ?? []), ...received];
    return encodeFields(fields, boundaryText);
  } catch (error) {
    await Promise.all(received.map((file) => file.discard()));
    throw error;
  }
}

function parsePageParts(
  request: FastifyRequest,
  payload: Readable,
  limits: UploadLimits,
  received: Array<TempFile & ReceivedUpload>,
) {
  return new Promise<Array<[string, string]>>((resolve, reject) => {
    const fields: Array<[string, string]> = [];
    const writes: Array<Promise<void>> = [];
    const streaming = new Set<Readable>();
    let failure: Error | undefined;
    let visitorFile = false;
    let fileCount = 0;
    // Settles once every file being written has ended, so the caller can discard all of them.
    const settle = () => Promise.allSettled(writes).then(() => (failure ? reject(failure) : resolve(fields)));
    const fail = (error: Error) => {
      if (failure) return;
      failure = error;
      payload.unpipe(parser);
      payload.resume();
      // Without an error: a stream that already ended has no listener left for one.
      for (const stream of streaming) stream.destroy();
      void settle();
    };
    const parser = Busboy({
      headers: { ...request.headers, 'content-type': request.headers['content-type'] ?? '' },
      limits: { ...PAGE_FIELD_LIMITS, files: limits.maxPageFiles, fileSize: limits.maxFileBytes },
    });
    parser.on('field', (name, value, nameTruncated, valueTruncated) => {
      if (nameTruncated || valueTruncated) return fail(new AppError(413, 'errors.invalidRequest'));
      if (name.includes('\0') || value.includes('\0')) {
        return fail(badRequest('errors.invalidParameter', { field: name.replaceAll('\0', '') }));
      }
      fields.push([name, value]);
    });
    parser.on('file', (name, stream, fileName) => {
      // A file input left empty still sends a part, without a file name.
      // Every page that takes files is for signed-in people: a visitor's file is read past, written nowhere.
      if (fileName && !hasSessionCookie(request)) visitorFile = true;
      // Listened to at once, on every part: busboy reports a part cut short on the part, maybe before it is
      // being written, and an error nobody listens to would end the process.
      stream.on('error', () => fail(badRequest('errors.invalidRequest')));
      if (failure || !fileName || visitorFile) return void stream.resume();
      const index = fileCount++;
      streaming.add(stream);
      stream.on('limit', () => fail(new AppError(413, 'errors.invalidRequest')));
      const write = request.server.uploadTempFiles.receive(stream, limits.maxFileBytes).then(
        // Kept in the order of the form, whichever file finished writing first.
        (file) => {
          received[index] = { ...file, field: name, fileName };
        },
        (error: unknown) => fail(error instanceof AppError ? error : badRequest('errors.invalidRequest')),
      );
      writes.push(write.finally(() => streaming.delete(stream)));
    });
    for (const event of ['partsLimit', 'filesLimit', 'fieldsLimit'] as const) {
      parser.on(event, () => fail(new AppError(413, 'errors.invalidRequest')));
    }
    parser.on('error', () => fail(badRequest('errors.invalidRequest')));
    parser.on('finish', () => {
      if (visitorFile) fail(new AppError(403, 'errors.forbidden'));
      else if (!failure) void settle();
    });
    payload.on('error', () => fail(badRequest('errors.invalidRequest')));
    payload.pipe(parser);
  });
}

/** The text fields as a multipart body with the client's own boundary (the Content-Type header stays true). */
function encodeFields(fields: Array<[string, string]>, boundary: string) {
  const escapeName = (name: string) => name.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const parts = fields.map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${escapeName(name)}"\r\n\r\n${value}\r\n`,
  );
  return Buffer.from(`${parts.join('')}--${boundary}--\r\n`, 'utf8');
}
