import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInDemoUser } from '../../testing/app.ts';
import { appSettings, users } from '../../testing/tables.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { MAX_PHOTO_BYTES, PHOTO_UPLOADS_PER_HOUR } from './service.ts';

/** Issue 7, defect 8: photos cost a bounded decode, and a refused one leaves nothing behind. */

const { app, db, config } = useTestApp();
let uploadsDir: string;
beforeAll(() => {
  uploadsDir = config.uploadsDir;
});

const signIn = async (email: string) => (await signInDemoUser(app, email)).token;

function upload(token: string, bytes: Buffer, fileName: string, contentType = 'image/png') {
  const boundary = 'photo-test-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: 'POST',
    url: '/api/v1/users/me/photos/profile?lang=en',
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
}

/**
 * A PNG whose header says width x height (900 megapixels for 30000 x 30000, 3.6 GB once decoded) while the
 * file stays tiny: encoding such a canvas for real takes minutes, and the server must refuse it from the header.
 */
async function pngClaiming(width: number, height: number) {
  const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();
  const header = png.subarray(12, 29); // "IHDR" and its 13 bytes of data
  header.writeUInt32BE(width, 4);
  header.writeUInt32BE(height, 8);
  png.writeUInt32BE(crc32(header), 29);
  return png;
}

const storedFiles = async (userId: string) =>
  (await readdir(path.join(uploadsDir, 'users')).catch(() => [] as string[])).filter((name) =>
    name.startsWith(`${userId}-`),
  );
/** Which of these stored paths exist under the uploads folder. */
const existing = async (paths: string[]) =>
  (
    await Promise.all(
      paths.map(async (file) => ((await stat(path.join(uploadsDir, file)).catch(() => null)) ? file : null)),
    )
  ).filter((file) => file !== null);
const userRow = async (userId: string) => (await db.select().from(users).where(eq(users.id, userId)))[0];

describe('profile photos', () => {
  it('refuses a huge canvas, an SVG, a text file named .jpg and an oversize file, leaving nothing behind', async () => {
    const token = await signIn('user05@souk.test');
    const rowBefore = await userRow('demo-user-05');
    const filesBefore = await storedFiles('demo-user-05');
    const hugeCanvas = await pngClaiming(30000, 30000);
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );

    // A PNG is decoded pixel by pixel: its limit is the lower one (media/limits.ts).
    const canvas = await upload(token, hugeCanvas, 'huge.png');
    expect([canvas.statusCode, canvas.json().message]).toEqual([
      400,
      'This photo has too many pixels. Please choose one of at most 24 megapixels.',
    ]);
    for (const [bytes, name] of [
      [svg, 'drawing.svg'],
      [Buffer.from('#!/bin/sh\necho not an image\n'), 'evil.jpg'],
    ] as const) {
      const refused = await upload(token, bytes, name);
      expect([refused.statusCode, refused.json().message]).toEqual([
        400,
        'Please choose a JPEG, PNG, WebP, GIF, HEIF or AVIF photo.',
      ]);
    }
    const oversize = await upload(token, Buffer.alloc(MAX_PHOTO_BYTES + 1, 1), 'big.jpg');
    expect([oversize.statusCode, oversize.json().message]).toEqual([413, 'The photo must be smaller than 8 MB.']);

    expect(await storedFiles('demo-user-05')).toEqual(filesBefore);
    expect(await userRow('demo-user-05')).toEqual(rowBefore);
  });

  it('stores photos without EXIF, so no GPS position leaves the phone', async () => {
    const token = await signIn('user06@souk.test');
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#336699' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'Phone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '24/1 42/1 0/1' } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const stored = await upload(token, photo, 'holiday.jpg', 'image/jpeg');
    expect(stored.statusCode).toBe(200);
    const metadata = await sharp(await readFile(path.join(uploadsDir, stored.json().data.img_path))).metadata();
    expect(metadata.format).toBe('webp');
    expect(metadata.exif).toBeUndefined();
  });

  it('replacing or removing a photo deletes its file and thumbnails; thumbnails follow the app setting', async () => {
    const token = await signIn('user08@souk.test');
    const photo = await sharp({ create: { width: 900, height: 700, channels: 3, background: '#884422' } })
      .jpeg()
      .toBuffer();
    const stored = (await (await upload(token, photo, 'a.jpg', 'image/jpeg')).json().data.img_path) as string;
    const withVariants = [
      stored,
      ...['thumbnail', 'thumbnail2x', 'thumbnail3x'].map((folder) => `${folder}/${stored}`),
    ];
    expect(await existing(withVariants)).toEqual(withVariants);
    const served = await app.inject({ method: 'GET', url: `/uploads/${stored}` });
    expect([served.statusCode, served.headers['cache-control']]).toEqual([200, 'public, max-age=31536000, immutable']);

    const replaced = (await (await upload(token, photo, 'b.jpg', 'image/jpeg')).json().data.img_path) as string;
    expect(await existing(withVariants)).toEqual([]);
    expect((await userRow('demo-user-08'))?.userProfilePhoto).toBe(replaced);

    await db.update(appSettings).set({ isThumb2x3xGenerate: false });
    const plain = (await (await upload(token, photo, 'c.jpg', 'image/jpeg')).json().data.img_path) as string;
    await db.update(appSettings).set({ isThumb2x3xGenerate: true });
    expect(await existing([plain, `thumbnail/${plain}`, `thumbnail3x/${plain}`])).toEqual([plain]);

    const removed = await app.inject({
      method: 'DELETE',
      url: '/api/v1/users/me/photos/profile',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(removed.statusCode).toBe(200);
    expect(await existing([plain])).toEqual([]);
    expect((await userRow('demo-user-08'))?.userProfilePhoto).toBeNull();
  });

  it(`accepts at most ${PHOTO_UPLOADS_PER_HOUR} uploads per account and hour`, async () => {
    const token = await signIn('user07@souk.test');
    const notAnImage = Buffer.from('not an image');
    for (let attempt = 0; attempt < PHOTO_UPLOADS_PER_HOUR; attempt += 1) {
      expect((await upload(token, notAnImage, 'x.jpg')).statusCode).toBe(400);
    }
    const refused = await upload(token, notAnImage, 'x.jpg');
    expect(refused.statusCode).toBe(429);
  });
});
