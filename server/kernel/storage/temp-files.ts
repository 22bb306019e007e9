import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../errors.ts';

/** An upload that went over its byte limit; nothing of it is kept. */
export class UploadTooLarge extends Error {
  readonly maxBytes: number;

  constructor(maxBytes: number) {
    super(`upload larger than ${maxBytes} bytes`);
    this.maxBytes = maxBytes;
  }
}

/** How long a refusal for a full upload disk asks the client to wait: time for an operator to act. */
const STORAGE_FULL_RETRY_SECONDS = 300;

/**
 * The temporary folder's disk is full (or its quota used up): not the user's fault, so not "not a photo".
 * They read when to try again (413 with Retry-After: the server cannot take this content for now); the
 * operator reads why in the log (createTempFiles' `onNoSpace`).
 */
export class UploadStorageFull extends AppError {
  readonly folder: string;

  constructor(folder: string, cause: unknown) {
    super(413, 'errors.uploadStorageFull', { retryAfterSeconds: STORAGE_FULL_RETRY_SECONDS });
    this.folder = folder;
    this.cause = cause;
  }
}

/** `onNoSpace` for createTempFiles: one error line for the operator each time an upload is refused so. */
export const logNoSpace = (log: { error(details: object, message: string): void }) => (error: UploadStorageFull) =>
  log.error({ err: error.cause, folder: error.folder }, 'upload refused: no space left in the temporary folder');

/** A write that failed because the disk, not the upload, is at fault (libvips reports it in its message). */
export function isNoSpaceError(error: unknown) {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code === 'ENOSPC' || code === 'EDQUOT') return true;
  return typeof message === 'string' && /No space left on device|Disk quota exceeded/.test(message);
}

/** A file in the temporary folder; `discard` may be called any number of times. */
export interface TempFile {
  readonly path: string;
  readonly bytes: number;
  discard(): Promise<void>;
}

export interface TempFiles {
  /** Writes `source` to a new temporary file, failing with UploadTooLarge past `maxBytes`. */
  receive(source: Readable, maxBytes: number): Promise<TempFile>;
  /** A new, not yet created temporary file for a result (a converted picture). */
  reserve(extension: string): Promise<{ path: string; discard(): Promise<void> }>;
  /** Removes files left older than `ageMs` (by a process that was killed while it held them); returns how many. */
  sweep(ageMs: number): Promise<number>;
  /** The refusal for a write into the folder that found no space (told to `onNoSpace` first). */
  noSpace(cause: unknown): UploadStorageFull;
}

/**
 * Uploads are streamed to files in `dir` (never held whole in memory), checked and processed there, then
 * copied to the storage; the temporary files go in every case.
 */
export function createTempFiles(dir: string, onNoSpace: (error: UploadStorageFull) => void): TempFiles {
  const noSpace = (cause: unknown) => {
    const error = new UploadStorageFull(dir, cause);
    onNoSpace(error);
    return error;
  };
  const newPath = async (extension = '') => {
    await mkdir(dir, { recursive: true });
    return path.join(dir, `${randomUUID()}${extension}`);
  };
  const discardOf = (file: string) => () => rm(file, { force: true });
  return {
    async receive(source, maxBytes) {
      const file = await newPath();
      // A stream destroyed while the folder was being made would never settle the pipeline below.
      if (source.destroyed) throw new Error('the upload ended before it was received');
      let bytes = 0;
      const limit = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          bytes += chunk.length;
          done(bytes > maxBytes ? new UploadTooLarge(maxBytes) : null, chunk);
        },
      });
      try {
        await pipeline(source, limit, createWriteStream(file, { flags: 'wx' }));
      } catch (error) {
        await rm(file, { force: true });
        throw isNoSpaceError(error) ? noSpace(error) : error;
      }
      return { path: file, bytes, discard: discardOf(file) };
    },
    async reserve(extension) {
      const file = await newPath(extension);
      return { path: file, discard: discardOf(file) };
    },
    noSpace,
    async sweep(ageMs) {
      const before = Date.now() - ageMs;
      const names = await readdir(dir).catch(() => [] as string[]);
      const stale = await Promise.all(
        names.map(async (name) => {
          const found = await stat(path.join(dir, name)).catch(() => null);
          if (!found || found.mtimeMs >= before) return false;
          await rm(path.join(dir, name), { force: true, recursive: true });
          return true;
        }),
      );
      return stale.filter(Boolean).length;
    },
  };
}
