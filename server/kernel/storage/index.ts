import type { Config } from '../../config.ts';
import type { FileStorage } from './file-storage.ts';
import { createLocalDiskStorage } from './local-disk-storage.ts';
import { createS3Storage } from './s3-storage.ts';

export { checkKey, type FileStorage, IMMUTABLE_CACHE_CONTROL } from './file-storage.ts';
export { createLocalDiskStorage } from './local-disk-storage.ts';
export { createS3Storage, type S3Settings } from './s3-storage.ts';
export {
  createTempFiles,
  isNoSpaceError,
  logNoSpace,
  type TempFile,
  type TempFiles,
  UploadStorageFull,
  UploadTooLarge,
} from './temp-files.ts';

type StorageConfig = Pick<
  Config,
  | 'uploadsDir'
  | 'S3_BUCKET'
  | 'S3_REGION'
  | 'S3_ENDPOINT'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
  | 'S3_PUBLIC_URL'
>;

/** The S3-compatible bucket when S3_BUCKET is set; otherwise the local uploads folder. */
export function createFileStorage(config: StorageConfig): FileStorage & { close(): void } {
  if (!config.S3_BUCKET) return { ...createLocalDiskStorage(config.uploadsDir), close: () => {} };
  return createS3Storage({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    publicUrl: config.S3_PUBLIC_URL,
  });
}
