import { mkdtemp, readdir, readFile, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3TestServer, startS3TestServer } from '../../testing/s3-server.ts';
import {
  createFileStorage,
  createLocalDiskStorage,
  createS3Storage,
  createTempFiles,
  UploadTooLarge,
} from './index.ts';

let work: string;
let s3: S3TestServer;
let source: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'souk-storage-'));
  source = path.join(work, 'source.webp');
  await writeFile(source, 'stored bytes');
  s3 = await startS3TestServer();
});
afterAll(() => s3.close());

const s3Settings = () => ({
  bucket: s3.bucket,
  region: s3.region,
  endpoint: s3.endpoint,
  accessKeyId: s3.accessKeyId,
  secretAccessKey: s3.secretAccessKey,
  forcePathStyle: true,
});

describe('S3-compatible storage', () => {
  it('puts, gets and deletes a file through the port, signed with SigV4 and cached as immutable', async () => {
    const storage = createS3Storage(s3Settings());
    await storage.put('users/round-trip.webp', source, 'image/webp');
    expect(s3.objects.get('users/round-trip.webp')).toMatchObject({
      contentType: 'image/webp',
      cacheControl: 'public, max-age=31536000, immutable',
    });
    const stored = await storage.get('users/round-trip.webp');
    expect(stored && (await text(stored))).toBe('stored bytes');

    await storage.remove(['users/round-trip.webp', 'thumbnail/users/round-trip.webp']);
    expect(s3.objects.has('users/round-trip.webp')).toBe(false);
    expect(await storage.get('users/round-trip.webp')).toBeNull();
    expect(s3.refusals).toEqual([]);
    storage.close();
  });

  it('is refused by the server with a wrong secret, so the signature is really checked', async () => {
    const storage = createS3Storage({ ...s3Settings(), secretAccessKey: 'not-the-secret' });
    await expect(storage.put('users/forged.webp', source, 'image/webp')).rejects.toThrow();
    expect(s3.refusals).toContain('SignatureDoesNotMatch');
    expect(s3.objects.has('users/forged.webp')).toBe(false);
    storage.close();
  });

  it('is chosen by S3_BUCKET and gives the public address of the bucket or the configured CDN', () => {
    const base = { uploadsDir: work, S3_REGION: 'eu-west-1', S3_FORCE_PATH_STYLE: false } as const;
    const none = { S3_ENDPOINT: undefined, S3_ACCESS_KEY_ID: undefined, S3_SECRET_ACCESS_KEY: undefined };
    expect(createFileStorage({ ...base, ...none, S3_BUCKET: undefined, S3_PUBLIC_URL: undefined }).publicBase).toBe(
      '/uploads/',
    );
    expect(createFileStorage({ ...base, ...none, S3_BUCKET: 'souk', S3_PUBLIC_URL: undefined }).publicBase).toBe(
      'https://souk.s3.eu-west-1.amazonaws.com/',
    );
    const cdn = createFileStorage({ ...base, ...none, S3_BUCKET: 'souk', S3_PUBLIC_URL: 'https://cdn.example/' });
    expect(cdn.publicBase).toBe('https://cdn.example/');
    expect(createS3Storage(s3Settings()).publicBase).toBe(`${s3.endpoint}/${s3.bucket}/`);
  });
});

describe('local disk storage', () => {
  it('puts, gets and removes files under its root and refuses keys that leave it', async () => {
    const root = path.join(work, 'uploads');
    const storage = createLocalDiskStorage(root);
    await storage.put('users/a.webp', source, 'image/webp');
    expect(await readFile(path.join(root, 'users/a.webp'), 'utf8')).toBe('stored bytes');
    expect(await readdir(path.join(root, 'users'))).toEqual(['a.webp']);
    const stored = await storage.get('users/a.webp');
    expect(stored && (await text(stored))).toBe('stored bytes');
    await storage.remove(['users/a.webp', 'users/missing.webp']);
    expect(await storage.get('users/a.webp')).toBeNull();
    for (const key of ['../escape.webp', '/etc/passwd', 'users/../../x', '']) {
      await expect(storage.put(key, source, 'image/webp')).rejects.toThrow('invalid storage key');
    }
  });
});

describe('temporary upload files', () => {
  it('streams an upload to a file and refuses one over its limit, leaving no file', async () => {
    const dir = path.join(work, 'tmp');
    const temp = createTempFiles(dir, () => {});
    const kept = await temp.receive(Readable.from([Buffer.alloc(600), Buffer.alloc(400)]), 1000);
    expect(kept.bytes).toBe(1000);
    expect(await readFile(kept.path)).toHaveLength(1000);
    await kept.discard();
    await kept.discard();

    await expect(temp.receive(Readable.from([Buffer.alloc(600), Buffer.alloc(401)]), 1000)).rejects.toBeInstanceOf(
      UploadTooLarge,
    );
    expect(await readdir(dir)).toEqual([]);
  });

  it('sweeps away files a killed process left, and keeps the ones being received', async () => {
    const dir = path.join(work, 'swept');
    const temp = createTempFiles(dir, () => {});
    const left = await temp.receive(Readable.from([Buffer.from('left behind')]), 1000);
    const current = await temp.receive(Readable.from([Buffer.from('in use')]), 1000);
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    await utimes(left.path, twoDaysAgo, twoDaysAgo);
    expect(await temp.sweep(24 * 60 * 60 * 1000)).toBe(1);
    expect(await readdir(dir)).toEqual([path.basename(current.path)]);
  });
});
