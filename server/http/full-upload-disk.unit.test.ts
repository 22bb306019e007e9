import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../kernel/database.ts';
import { createFileStorage, createTempFiles, type UploadStorageFull } from '../kernel/storage/index.ts';
import { MediaRefused } from '../modules/media/index.ts';
import { MediaService } from '../modules/media/media-service.ts';
import { registerErrorHandling } from './errors.ts';
import { receiveUpload, registerUploads } from './uploads.ts';

/**
 * Uploads on a disk that is full: a real file system of 64 KB (tmpfs). Mounting one needs root, as on CI;
 * elsewhere the tests are skipped, saying why.
 */

const DISK_BYTES = 64 * 1024;
const BOUNDARY = 'souk-full-disk-test';

let disk = '';
let mounted = false;
let app: FastifyInstance;
const told: UploadStorageFull[] = [];

beforeAll(async () => {
  disk = await mkdtemp(path.join(tmpdir(), 'souk-full-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${DISK_BYTES}`, 'tmpfs', disk], { stdio: 'ignore' });
    mounted = true;
  } catch {
    return;
  }
  app = Fastify();
  registerErrorHandling(app);
  const temp = createTempFiles(path.join(disk, 'uploads'), (error) => told.push(error));
  await registerUploads(app, temp, { maxFileBytes: 1024 * 1024, maxPageFiles: 1 });
  app.post('/api/photo', async (request) => {
    await receiveUpload(request, { maxBytes: 1024 * 1024, notAFileKey: 'api.itemPhotoNotImage', tooLargeKey: 'x' });
    return { ok: true };
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  if (mounted) execFileSync('umount', [disk]);
  await rm(disk, { recursive: true, force: true });
});

const filesOnDisk = async () => (await readdir(path.join(disk, 'uploads')).catch(() => [] as string[])).length;

describe('a full upload disk', () => {
  it('refuses the upload as the server’s trouble, says when to try again and tells the operator', async (context) => {
    if (!mounted) return context.skip('mounting a small tmpfs needs root');
    told.length = 0;
    const file = 'x'.repeat(2 * DISK_BYTES);
    const answer = await app.inject({
      method: 'POST',
      url: '/api/photo?lang=en',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n` +
          `Content-Type: image/png\r\n\r\n${file}\r\n--${BOUNDARY}--\r\n`,
      ),
    });
    expect(answer.statusCode).toBe(413);
    expect(answer.json().message).toBe('We cannot take files right now. Please try again in a few minutes.');
    expect(answer.headers['retry-after']).toBe('300');
    expect(told.map((error) => error.folder)).toEqual([path.join(disk, 'uploads')]);
    expect(await filesOnDisk()).toBe(0);
  });

  it('does not call a photo "not a picture" when its converted copy finds no space', async (context) => {
    if (!mounted) return context.skip('mounting a small tmpfs needs root');
    told.length = 0;
    // The upload itself sits elsewhere; the disk fills while the WebP copy is written.
    const source = path.join(await mkdtemp(path.join(tmpdir(), 'souk-photo-')), 'noise.png');
    await sharp({
      create: {
        width: 1200,
        height: 900,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png()
      .toFile(source);
    const media = new MediaService(
      {} as Db,
      createFileStorage({ uploadsDir: path.join(disk, 'stored') } as never),
      createTempFiles(path.join(disk, 'uploads'), (error) => told.push(error)),
      { thumbnailVariantsEnabled: async () => false },
    );
    const refusal = await media
      .storeImage({ path: source, bytes: 1 }, { folder: 'items', name: 'p', maxBytes: 1e8, box: BOX, owner: 'u' })
      .catch((error: unknown) => error);
    expect(refusal).not.toBeInstanceOf(MediaRefused);
    expect(refusal).toMatchObject({ status: 413, messageKey: 'errors.uploadStorageFull' });
    expect(told).toHaveLength(1);
    expect(await filesOnDisk()).toBe(0);
    await rm(path.dirname(source), { recursive: true, force: true });
  });
});

const BOX = { width: 2048, height: 2048, fit: 'inside' } as const;
