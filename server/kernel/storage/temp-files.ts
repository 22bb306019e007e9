import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** An upload that went over its byte limit; nothing of it is kept. */
export class UploadTooLarge extends Error {
  readonly maxBytes: number;

  constructor(maxBytes: number) {
    super(`upload larger than ${maxBytes} bytes`);
    this.maxBytes = maxBytes;
  }
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
}

/**
 * Uploads are streamed to files in `dir` (never held whole in memory), checked and processed there, then
 * copied to the storage; the temporary files go in every case.
 */
export function createTempFiles(dir: string): TempFiles {
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
        throw error;
      }
      return { path: file, bytes, discard: discardOf(file) };
    },
    async reserve(extension) {
      const file = await newPath(extension);
      return { path: file, discard: discardOf(file) };
    },
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
