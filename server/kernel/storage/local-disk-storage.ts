import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { checkKey, type FileStorage } from './file-storage.ts';

/** Files under `root`, served by the app itself under /uploads/ (see server/app.ts). */
export function createLocalDiskStorage(root: string): FileStorage {
  const fileOf = (key: string) => path.join(root, checkKey(key));
  return {
    publicBase: '/uploads/',
    async put(key, sourcePath) {
      const target = fileOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Copied beside the target, then renamed: a reader sees the whole file or none.
      const partial = `${target}.${randomUUID()}.part`;
      try {
        await copyFile(sourcePath, partial);
        await rename(partial, target);
      } finally {
        await rm(partial, { force: true });
      }
    },
    async get(key) {
      const file = fileOf(key);
      const found = await stat(file).catch(() => null);
      return found?.isFile() ? createReadStream(file) : null;
    },
    async remove(keys) {
      await Promise.all(keys.map((key) => rm(fileOf(key), { force: true })));
    },
  };
}
