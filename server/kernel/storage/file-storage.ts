import type { Readable } from 'node:stream';

/** Every stored name is new (a random part), so a stored file never changes and browsers may keep it. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * Where stored files live: the local disk by default, an S3-compatible bucket when configured. Keys are
 * relative paths such as "users/abc-1a2b3c4d.webp"; the same key is the file's path under the public base.
 */
export interface FileStorage {
  /** Where browsers fetch stored files: "/uploads/", or the bucket's public (CDN) address. */
  readonly publicBase: string;
  /** Copies the local file at `sourcePath` to `key`; readers never see a half-written file. */
  put(key: string, sourcePath: string, contentType: string): Promise<void>;
  /** The stored bytes, or null when there is no such file. */
  get(key: string): Promise<Readable | null>;
  /** Removes the files; one that is not there is no error. */
  remove(keys: string[]): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)*$/i;

/** Refuses a key that could leave the storage root or that a bucket would treat differently from a disk. */
export function checkKey(key: string) {
  if (!SAFE_KEY.test(key) || key.includes('..') || key.length > 512) throw new Error(`invalid storage key: ${key}`);
  return key;
}
