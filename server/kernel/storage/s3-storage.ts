import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { checkKey, type FileStorage, IMMUTABLE_CACHE_CONTROL } from './file-storage.ts';

export interface S3Settings {
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, R2, Spaces...); absent for Amazon S3 itself. */
  endpoint?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** Bucket in the path (endpoint/bucket/key) instead of the host name, as most S3-compatible services want. */
  forcePathStyle: boolean;
  /** Where browsers fetch the files (a CDN or the bucket's public address); derived from the endpoint if absent. */
  publicUrl?: string | undefined;
}

/** Stored files in an S3-compatible bucket, each with a long immutable cache header. */
export function createS3Storage(settings: S3Settings): FileStorage & { close(): void } {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // The SDK's default (a CRC32 trailer in an aws-chunked body on every upload) is refused by several
    // S3-compatible services; a checksum is still sent where the API requires one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;
  return {
    publicBase: publicBaseOf(settings),
    async put(key, sourcePath, contentType) {
      const { size } = await stat(sourcePath);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: checkKey(key),
          Body: createReadStream(sourcePath),
          ContentLength: size,
          ContentType: contentType,
          CacheControl: IMMUTABLE_CACHE_CONTROL,
        }),
      );
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: checkKey(key) }));
        return (answer.Body as Readable | undefined) ?? null;
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NotFound') return null;
        throw error;
      }
    },
    async remove(keys) {
      // One request per file: DeleteObjects needs a body checksum some S3-compatible services do not take.
      await Promise.all(keys.map((key) => client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }))));
    },
    close: () => client.destroy(),
  };
}

function publicBaseOf(settings: S3Settings) {
  if (settings.publicUrl) return settings.publicUrl;
  if (settings.endpoint) {
    const endpoint = new URL(settings.endpoint);
    if (settings.forcePathStyle) return `${endpoint.origin}/${settings.bucket}/`;
    return `${endpoint.protocol}//${settings.bucket}.${endpoint.host}/`;
  }
  return `https://${settings.bucket}.s3.${settings.region}.amazonaws.com/`;
}
