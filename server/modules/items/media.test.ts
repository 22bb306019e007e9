import { randomUUID } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq, like } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { ITEM_STATUS } from '../../../contract/items.ts';
import type { Image } from '../../../contract/media.ts';
import { EventBus } from '../../kernel/events.ts';
import { createFileStorage, createTempFiles } from '../../kernel/storage/index.ts';
import { mp4, phoneJpeg, TEXT_NAMED_JPG, webm } from '../../testing/media-files.ts';
import { appSettings, categories, images, items } from '../../testing/tables.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { MediaService, THUMBNAIL_VARIANTS } from '../media/index.ts';
import { SettingsService } from '../settings/index.ts';
import { ItemMediaService, SWEEP_DRAFTS_JOB } from './item-media.ts';
import { DRAFT_LIFETIME_MS, MAX_DRAFTS, MAX_ITEM_PHOTO_BYTES } from './item-media-rules.ts';

/** Issue 9: an item's photos, video and thumbnail, as drafts before the item exists and on an existing item. */

const test = useTestApp({ env: { API_WRITES_PER_MINUTE: '10000' }, users: [9, 10, 11, 12], admin: true });
const { app, db, call } = test;
let uploadsDir: string;
let itemMedia: ItemMediaService;
let catId: number;
const tokens: Record<string, string> = {};

const OWNER = 'demo-user-09';
const OTHER = 'demo-user-10';
const LIMITED = 'demo-user-11';
const HOURLY = 'demo-user-12';

beforeAll(async () => {
  uploadsDir = test.config.uploadsDir;
  // The same media pipeline as the app's, on the same uploads folder, for the calls the item service makes.
  const media = new MediaService(
    db,
    createFileStorage(test.config),
    createTempFiles(test.config.uploadTempDir, () => {}),
    {
      thumbnailVariantsEnabled: async () =>
        (await db.select({ on: appSettings.isThumb2x3xGenerate }).from(appSettings))[0]?.on ?? true,
    },
  );
  itemMedia = new ItemMediaService({ db, media, settings: new SettingsService(db) });
  // This file uploads far more than an hour's worth; the limit has its own test below.
  await db.update(appSettings).set({ uploadsPerHour: 0 });
  for (const user of [OWNER, OTHER, LIMITED, HOURLY]) tokens[user] = test.token(Number(user.slice(-2)));
  const [category] = await db.select({ id: categories.id }).from(categories).limit(1);
  if (!category) throw new Error('no seeded category');
  catId = category.id;
});

async function newItem(ownerId: string, status: number = ITEM_STATUS.active) {
  const id = randomUUID();
  await db.insert(items).values({ id, slug: 'test-item', title: 'Test item', catId, addedUserId: ownerId, status });
  return id;
}

const itemRow = async (id: string) => (await db.select().from(items).where(eq(items.id, id)))[0];
const rowsOf = (parentId: string, type = 'item') =>
  db
    .select()
    .from(images)
    .where(and(eq(images.imgParentId, parentId), eq(images.imgType, type)))
    .orderBy(asc(images.ordering), asc(images.addedDate));

/** A multipart request with text fields before the file, as a browser form sends them. */
async function send(
  url: string,
  token: string | undefined,
  file: { bytes: Buffer; name: string; type: string },
  fields: Record<string, string> = {},
) {
  const boundary = `item-media-${randomUUID()}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const body = Buffer.concat([
    Buffer.from(parts.join('')),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await app.inject({
    method: 'POST',
    url: url.includes('lang=') ? `/api/v1${url}` : `/api/v1${url}${url.includes('?') ? '&' : '?'}lang=en`,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    payload: body,
  });
  const json = response.json();
  return { status: response.statusCode, message: json.message as string, data: json.data as Image };
}

const photo = (color = '#336699', size = 64) =>
  sharp({ create: { width: size, height: size, channels: 3, background: color } })
    .jpeg()
    .toBuffer()
    .then((bytes) => ({ bytes, name: 'photo.jpg', type: 'image/jpeg' }));
const video = (seconds: number) => ({ bytes: mp4(seconds), name: 'clip.mp4', type: 'video/mp4' });

const exists = async (file: string) => Boolean(await stat(path.join(uploadsDir, file)).catch(() => null));
const withVariants = (file: string) => [file, ...THUMBNAIL_VARIANTS.map((variant) => `${variant.folder}/${file}`)];
const setThumbnails = (on: boolean) => db.update(appSettings).set({ isThumb2x3xGenerate: on });
const setApproval = (on: boolean) => db.update(appSettings).set({ isItemApprovalEnabled: on });

/** An item of OWNER with `count` photos added through the API. */
async function itemWithPhotos(count: number, status: number = ITEM_STATUS.active) {
  const id = await newItem(OWNER, status);
  const added: Image[] = [];
  for (let index = 0; index < count; index++) {
    const answer = await send(`/items/${id}/images`, tokens[OWNER], await photo());
    expect(answer.status).toBe(200);
    added.push(answer.data);
  }
  return { id, photos: added };
}

describe('draft uploads (before the item exists)', () => {
  it('stores a phone photo upright as WebP without EXIF or GPS, with 3 thumbnail sizes when the setting is on', async () => {
    await setThumbnails(true);
    const original = phoneJpeg(800, 600);
    const before = await sharp(await original).metadata();
    expect(before.exif).toBeDefined();
    const answer = await send('/item-uploads/photos', tokens[OWNER], {
      bytes: await original,
      name: 'IMG_0001.jpg',
      type: 'image/jpeg',
    });
    expect(answer.status).toBe(201);
    expect(answer.data).toMatchObject({ img_parent_id: `draft:${OWNER}`, img_type: 'item', img_width: 600 });
    for (const file of withVariants(answer.data.img_path)) {
      const metadata = await sharp(await readFile(path.join(uploadsDir, file))).metadata();
      expect(metadata.format).toBe('webp');
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
    }
    const sizes = await Promise.all(
      THUMBNAIL_VARIANTS.map(async (variant) => {
        const metadata = await sharp(path.join(uploadsDir, variant.folder, answer.data.img_path)).metadata();
        return Math.max(metadata.width ?? 0, metadata.height ?? 0);
      }),
    );
    expect(sizes).toEqual(THUMBNAIL_VARIANTS.map((variant) => variant.size));
  });

  it('makes no thumbnails when the setting is off', async () => {
    await setThumbnails(false);
    try {
      const answer = await send('/item-uploads/photos', tokens[OWNER], await photo('#aa0000', 800));
      expect(answer.status).toBe(201);
      expect(await exists(answer.data.img_path)).toBe(true);
      for (const file of withVariants(answer.data.img_path).slice(1)) expect(await exists(file)).toBe(false);
    } finally {
      await setThumbnails(true);
    }
  });

  it('fits a large photo inside 2048 x 2048', async () => {
    const answer = await send('/item-uploads/photos', tokens[OWNER], await photo('#00aa00', 3000));
    expect(answer.status).toBe(201);
    expect([answer.data.img_width, answer.data.img_height]).toEqual([2048, 2048]);
  });

  it('refuses a text file named .jpg and a photo over 15 MB, and keeps nothing', async () => {
    const before = (await rowsOf(`draft:${OWNER}`)).length;
    const answer = await send('/item-uploads/photos', tokens[OWNER], {
      bytes: TEXT_NAMED_JPG,
      name: 'evil.jpg',
      type: 'image/jpeg',
    });
    expect([answer.status, answer.message]).toEqual([400, 'Please choose a JPEG, PNG, WebP, GIF, HEIF or AVIF photo.']);
    expect((await rowsOf(`draft:${OWNER}`)).length).toBe(before);
    const oversize = await send('/item-uploads/photos', tokens[OWNER], {
      bytes: Buffer.alloc(MAX_ITEM_PHOTO_BYTES + 1, 1),
      name: 'huge.jpg',
      type: 'image/jpeg',
    });
    expect([oversize.status, oversize.message]).toEqual([413, 'The photo must be smaller than 15 MB.']);
    expect((await rowsOf(`draft:${OWNER}`)).length).toBe(before);
  });

  it('refuses a 61-second video and takes a 20-second MP4 and WebM, and a thumbnail', async () => {
    const long = await send('/item-uploads/video', tokens[OWNER], video(61));
    expect([long.status, long.message]).toEqual([
      400,
      'A video must be under one minute. Please choose a shorter one.',
    ]);
    const refusedInArabic = await send('/item-uploads/video?lang=ar', tokens[OWNER], video(61));
    expect(refusedInArabic.message).toBe('يجب أن تكون مدة الفيديو أقل من دقيقة واحدة. يرجى اختيار فيديو أقصر.');
    const picture = await send('/item-uploads/video', tokens[OWNER], await photo());
    expect([picture.status, picture.message]).toEqual([400, 'Please choose an MP4 or WebM video.']);

    const clip = await send('/item-uploads/video', tokens[OWNER], video(20));
    expect(clip.status).toBe(201);
    expect(clip.data).toMatchObject({ img_type: 'video', img_parent_id: `draft:${OWNER}` });
    expect(clip.data.img_path).toMatch(/\.mp4$/);
    const clipWebm = await send('/item-uploads/video', tokens[OWNER], {
      bytes: webm(20),
      name: 'clip.webm',
      type: 'video/webm',
    });
    expect(clipWebm.status).toBe(201);
    const icon = await send('/item-uploads/video-icon', tokens[OWNER], await photo('#123456', 1600));
    expect(icon.status).toBe(201);
    expect(icon.data).toMatchObject({ img_type: 'video-icon', img_width: 1280, img_height: 1280 });
    for (const draft of [clip.data, clipWebm.data]) {
      expect((await call('DELETE', `/item-uploads/${draft.img_id}`, tokens[OWNER])).status).toBe(200);
    }
  });

  it('refuses visitors (401)', async () => {
    for (const url of ['/item-uploads/photos', '/item-uploads/video-icon']) {
      expect((await send(url, undefined, await photo())).status).toBe(401);
    }
    expect((await send('/item-uploads/video', undefined, video(5))).status).toBe(401);
    expect((await call('DELETE', `/item-uploads/${randomUUID()}`)).status).toBe(401);
  });

  it('discards the own draft with its files; someone else’s or an unknown one is a 404', async () => {
    const draft = (await send('/item-uploads/photos', tokens[OWNER], await photo())).data;
    expect(await exists(draft.img_path)).toBe(true);
    expect((await call('DELETE', `/item-uploads/${draft.img_id}`, tokens[OTHER])).status).toBe(404);
    expect(await exists(draft.img_path)).toBe(true);
    const discarded = await call('DELETE', `/item-uploads/${draft.img_id}`, tokens[OWNER]);
    expect(discarded.status).toBe(200);
    for (const file of withVariants(draft.img_path)) expect(await exists(file)).toBe(false);
    expect(await db.select().from(images).where(eq(images.imgId, draft.img_id))).toEqual([]);
    expect((await call('DELETE', `/item-uploads/${draft.img_id}`, tokens[OWNER])).status).toBe(404);
    expect((await call('DELETE', '/item-uploads/not-an-id', tokens[OWNER])).status).toBe(400);
  });

  it('holds a bounded number of drafts per user, and a new upload clears that user’s drafts older than a day', async () => {
    const small = await photo('#777777', 16);
    const drafts: Image[] = [];
    for (let index = 0; index < MAX_DRAFTS.item; index++) {
      const answer = await send('/item-uploads/photos', tokens[LIMITED], small);
      expect(answer.status).toBe(201);
      drafts.push(answer.data);
    }
    const refused = await send('/item-uploads/photos', tokens[LIMITED], small);
    expect([refused.status, refused.message]).toEqual([
      400,
      `You already have ${MAX_DRAFTS.item} photos waiting for an item. Post your item or remove some photos first.`,
    ]);

    const [stale, ...fresh] = drafts;
    if (!stale) throw new Error('no drafts');
    await db
      .update(images)
      .set({ addedDate: new Date(Date.now() - DRAFT_LIFETIME_MS - 60_000) })
      .where(eq(images.imgId, stale.img_id));
    const accepted = await send('/item-uploads/photos', tokens[LIMITED], small);
    expect(accepted.status).toBe(201);
    expect(await db.select().from(images).where(eq(images.imgId, stale.img_id))).toEqual([]);
    expect(await exists(stale.img_path)).toBe(false);
    expect((await rowsOf(`draft:${LIMITED}`)).length).toBe(fresh.length + 1);
  });

  it('sweeps abandoned drafts of every user', async () => {
    const draft = (await send('/item-uploads/photos', tokens[OTHER], await photo())).data;
    const recent = (await send('/item-uploads/photos', tokens[OTHER], await photo())).data;
    await db
      .update(images)
      .set({ addedDate: new Date(Date.now() - DRAFT_LIFETIME_MS - 60_000) })
      .where(eq(images.imgId, draft.img_id));
    expect(await itemMedia.removeAbandonedDrafts()).toBeGreaterThanOrEqual(1);
    expect(await db.select().from(images).where(eq(images.imgId, draft.img_id))).toEqual([]);
    expect(await exists(draft.img_path)).toBe(false);
    expect(await db.select().from(images).where(eq(images.imgId, recent.img_id))).toHaveLength(1);
    const left = await db.select().from(images).where(like(images.imgParentId, 'draft:%'));
    expect(left.every((row) => row.addedDate.getTime() > Date.now() - DRAFT_LIFETIME_MS)).toBe(true);
  });

  it('runs the sweep as a scheduled job', async () => {
    expect((await test.jobs.counts()).map((count) => count.name)).toContain(SWEEP_DRAFTS_JOB);
    const draft = (await send('/item-uploads/photos', tokens[OTHER], await photo())).data;
    await db
      .update(images)
      .set({ addedDate: new Date(Date.now() - DRAFT_LIFETIME_MS - 60_000) })
      .where(eq(images.imgId, draft.img_id));
    await test.jobs.enqueue(SWEEP_DRAFTS_JOB, {});
    await test.jobsDone();
    expect(await db.select().from(images).where(eq(images.imgId, draft.img_id))).toEqual([]);
    expect(await exists(draft.img_path)).toBe(false);
  });
});

describe('uploads per hour (issue 24)', () => {
  it('refuses an account’s upload past the hourly limit before decoding it, saying when to try again', async () => {
    await db.update(appSettings).set({ uploadsPerHour: 3 });
    const answers = await Promise.all(
      Array.from({ length: 5 }, async () => send('/item-uploads/photos', tokens[HOURLY], await photo())),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 201, 429, 429]);
    expect(answers.find((answer) => answer.status === 429)?.message).toMatch(
      /^Uploads are limited to 3 photos and videos an hour\. You can upload again in (1 hour|59 minutes)\.$/,
    );
    expect(await rowsOf(`draft:${HOURLY}`)).toHaveLength(3);
    // Videos and changes of an existing item count too; another account is not affected.
    const itemId = await newItem(HOURLY);
    expect((await send(`/items/${itemId}/video`, tokens[HOURLY], video(5))).status).toBe(429);
    expect((await send('/item-uploads/photos', test.adminToken, await photo())).status).toBe(201);
    // Rows older than a day are forgotten by the hourly sweep.
    expect(await itemMedia.forgetOldUploads(new Date(Date.now() + 2 * 24 * 3600 * 1000))).toBeGreaterThanOrEqual(3);
    expect((await send('/item-uploads/photos', tokens[HOURLY], await photo())).status).toBe(201);
    await db.update(appSettings).set({ uploadsPerHour: 0 });
  });
});

describe('attach: the item takes its drafts when it is saved', () => {
  it('moves drafts to the item in order, drops what is no longer named, and refuses unknown ids', async () => {
    const itemId = await newItem(OWNER);
    const drafts = [];
    for (const color of ['#110000', '#001100', '#000011']) {
      drafts.push((await send('/item-uploads/photos', tokens[OWNER], await photo(color))).data);
    }
    const clip = (await send('/item-uploads/video', tokens[OWNER], video(20))).data;
    const icon = (await send('/item-uploads/video-icon', tokens[OWNER], await photo())).data;
    const [a, b, c] = drafts.map((draft) => draft.img_id) as [string, string, string];

    const first = await db.transaction((tx) =>
      itemMedia.attach(tx, OWNER, itemId, { image_ids: [c, a, b], video_id: clip.img_id, video_icon_id: icon.img_id }),
    );
    expect(first.unusedPaths).toEqual([]);
    expect((await itemMedia.photosOf([itemId])).get(itemId)?.map((image) => image.img_id)).toEqual([c, a, b]);
    expect((await itemMedia.videosOf([itemId])).get(itemId)).toMatchObject({
      video: { img_id: clip.img_id, img_parent_id: itemId },
      icon: { img_id: icon.img_id, img_parent_id: itemId },
    });

    // An edit: a new draft joins, one photo and the video go; their paths come back for removal after commit.
    const added = (await send('/item-uploads/photos', tokens[OWNER], await photo('#999999'))).data;
    const second = await db.transaction((tx) =>
      itemMedia.attach(tx, OWNER, itemId, { image_ids: [a, added.img_id], video_id: null, video_icon_id: null }),
    );
    expect(second.unusedPaths.sort()).toEqual(
      [drafts[1]?.img_path, drafts[2]?.img_path, clip.img_path, icon.img_path].sort(),
    );
    await itemMedia.removeFiles(second.unusedPaths);
    for (const file of second.unusedPaths.flatMap(withVariants)) expect(await exists(file)).toBe(false);
    expect((await itemMedia.photosOf([itemId, randomUUID()])).get(itemId)?.map((image) => image.img_id)).toEqual([
      a,
      added.img_id,
    ]);
    expect((await itemMedia.videosOf([itemId])).get(itemId)).toEqual({ video: null, icon: null });

    // Someone else's draft, a removed photo, a video id given as a photo, a photo twice: all refused, nothing moves.
    const foreign = (await send('/item-uploads/photos', tokens[OTHER], await photo())).data;
    const mine = (await send('/item-uploads/video', tokens[OWNER], video(10))).data;
    for (const image_ids of [
      [a, foreign.img_id],
      [a, b],
      [a, mine.img_id],
      [a, a],
      [a, 'not-a-uuid'],
    ]) {
      await expect(
        db.transaction((tx) => itemMedia.attach(tx, OWNER, itemId, { image_ids, video_id: null, video_icon_id: null })),
      ).rejects.toMatchObject({ status: 400, messageKey: 'api.itemUploadUnknown' });
    }
    await expect(
      db.transaction((tx) =>
        itemMedia.attach(tx, OWNER, itemId, { image_ids: [a], video_id: added.img_id, video_icon_id: null }),
      ),
    ).rejects.toMatchObject({ messageKey: 'api.itemUploadUnknown' });
    expect((await rowsOf(itemId)).map((row) => row.imgId)).toEqual([a, added.img_id]);
    expect((await rowsOf(`draft:${OTHER}`)).some((row) => row.imgId === foreign.img_id)).toBe(true);
  });

  it('removeAllOf deletes every photo, video and thumbnail row of the item and their files', async () => {
    const { id, photos } = await itemWithPhotos(2);
    const clip = (await send(`/items/${id}/video`, tokens[OWNER], video(20))).data;
    const icon = (await send(`/items/${id}/video-icon`, tokens[OWNER], await photo())).data;
    const files = [...photos.flatMap((image) => withVariants(image.img_path)), clip.img_path, icon.img_path];
    for (const file of files) expect(await exists(file)).toBe(true);
    await itemMedia.removeAllOf(id);
    expect(await db.select().from(images).where(eq(images.imgParentId, id))).toEqual([]);
    for (const file of files) expect(await exists(file)).toBe(false);
  });
});

describe('an existing item’s photos', () => {
  it('takes up to 5 photos and refuses a 6th', async () => {
    const { id } = await itemWithPhotos(5);
    const sixth = await send(`/items/${id}/images`, tokens[OWNER], await photo());
    expect([sixth.status, sixth.message]).toEqual([400, 'You can upload up to 5 images.']);
    expect(await rowsOf(id)).toHaveLength(5);
  });

  it('replaces a photo in place (form field or query), removing the old file and its thumbnails', async () => {
    const { id, photos } = await itemWithPhotos(5);
    const [, second, third] = photos as [Image, Image, Image];
    const byField = await send(`/items/${id}/images`, tokens[OWNER], await photo('#ff0000'), {
      replace_img_id: second.img_id,
    });
    expect(byField.status).toBe(200);
    expect(byField.data.img_id).toBe(second.img_id);
    expect(byField.data.img_path).not.toBe(second.img_path);
    for (const file of withVariants(second.img_path)) expect(await exists(file)).toBe(false);
    const byQuery = await send(`/items/${id}/images?replace_img_id=${third.img_id}`, tokens[OWNER], await photo());
    expect(byQuery.data.img_id).toBe(third.img_id);
    expect((await rowsOf(id)).map((row) => row.imgId)).toEqual(photos.map((image) => image.img_id));

    const unknown = await send(`/items/${id}/images`, tokens[OWNER], await photo(), { replace_img_id: randomUUID() });
    expect(unknown.status).toBe(404);
    const malformed = await send(`/items/${id}/images`, tokens[OWNER], await photo(), { replace_img_id: 'x' });
    expect(malformed.status).toBe(400);
    expect(await rowsOf(id)).toHaveLength(5);
  });

  it('removes a photo (files too) but never the last one', async () => {
    const { id, photos } = await itemWithPhotos(2);
    const [first, second] = photos as [Image, Image];
    const removed = await call('DELETE', `/items/${id}/images/${first.img_id}`, tokens[OWNER]);
    expect(removed.status).toBe(200);
    expect((removed.body.data as unknown as Image[]).map((image) => image.img_id)).toEqual([second.img_id]);
    for (const file of withVariants(first.img_path)) expect(await exists(file)).toBe(false);
    const last = await call('DELETE', `/items/${id}/images/${second.img_id}`, tokens[OWNER]);
    expect([last.status, last.body.message]).toEqual([400, 'Please upload at least one image.']);
    expect(await exists(second.img_path)).toBe(true);
    expect((await call('DELETE', `/items/${id}/images/${first.img_id}`, tokens[OWNER])).status).toBe(404);
  });

  it('reorders exactly the item’s photos', async () => {
    const { id, photos } = await itemWithPhotos(3);
    const [a, b, c] = photos.map((image) => image.img_id) as [string, string, string];
    const ordered = await call('POST', `/items/${id}/images/order`, tokens[OWNER], { img_ids: [c, a, b] });
    expect(ordered.status).toBe(200);
    expect((ordered.body.data as unknown as Image[]).map((image) => image.img_id)).toEqual([c, a, b]);
    expect((await itemMedia.photosOf([id])).get(id)?.map((image) => image.img_id)).toEqual([c, a, b]);
    for (const img_ids of [
      [c, a],
      [c, a, a],
      [c, a, randomUUID()],
      [c, a, b, randomUUID()],
    ]) {
      const refused = await call('POST', `/items/${id}/images/order`, tokens[OWNER], { img_ids });
      expect([refused.status, refused.body.message]).toEqual([
        400,
        'The new order must list every photo of the item exactly once.',
      ]);
    }
  });

  it('is an edit: an active item goes back to pending when approval is on, with who and when', async () => {
    await setApproval(true);
    const { id, photos } = await itemWithPhotos(1);
    const edited = await itemRow(id);
    expect(edited).toMatchObject({ status: ITEM_STATUS.pending, updatedUserId: OWNER });
    expect(edited?.updatedDate).toBeInstanceOf(Date);

    await setApproval(false);
    try {
      await db.update(items).set({ status: ITEM_STATUS.rejected }).where(eq(items.id, id));
      await send(`/items/${id}/images?replace_img_id=${photos[0]?.img_id}`, tokens[OWNER], await photo());
      expect((await itemRow(id))?.status).toBe(ITEM_STATUS.active);
      await db.update(items).set({ status: ITEM_STATUS.disabled }).where(eq(items.id, id));
      await send(`/items/${id}/video`, tokens[OWNER], video(5));
      expect((await itemRow(id))?.status).toBe(ITEM_STATUS.disabled);
    } finally {
      await setApproval(true);
    }
  });
});

describe('events', () => {
  it('publishes item.updated after a committed change of an item’s media, not after a refusal', async () => {
    const events = new EventBus({ error: () => {} });
    const updates: unknown[] = [];
    events.on('item.updated', (event) => {
      updates.push(event);
    });
    const media = new MediaService(
      db,
      createFileStorage(test.config),
      createTempFiles(test.config.uploadTempDir, () => {}),
      {
        thumbnailVariantsEnabled: async () => false,
      },
    );
    const announcing = new ItemMediaService({ db, media, events, settings: new SettingsService(db) });
    const { id, photos } = await itemWithPhotos(2);
    const [a, b] = photos.map((image) => image.img_id) as [string, string];
    const owner = { userId: OWNER, isAdmin: false };
    await announcing.reorderPhotos(owner, id, [b, a]);
    expect(updates).toEqual([{ itemId: id, ownerId: OWNER }]);
    await expect(announcing.reorderPhotos({ userId: OTHER, isAdmin: false }, id, [a, b])).rejects.toMatchObject({
      status: 403,
    });
    await expect(announcing.removePhoto(owner, id, randomUUID())).rejects.toMatchObject({ status: 404 });
    await announcing.removeVideo(owner, id); // no video: nothing changed
    expect(updates).toHaveLength(1);
    await announcing.removePhoto(owner, id, a);
    expect(updates).toHaveLength(2);
  });
});

describe('an existing item’s video', () => {
  it('sets, replaces and removes the video and its thumbnail with their files; refuses 61 seconds', async () => {
    const { id } = await itemWithPhotos(1);
    const long = await send(`/items/${id}/video`, tokens[OWNER], video(61));
    expect([long.status, long.message]).toEqual([
      400,
      'A video must be under one minute. Please choose a shorter one.',
    ]);
    const first = (await send(`/items/${id}/video`, tokens[OWNER], video(20))).data;
    const second = await send(`/items/${id}/video`, tokens[OWNER], video(30));
    expect(second.status).toBe(200);
    expect(await exists(first.img_path)).toBe(false);
    expect(await rowsOf(id, 'video')).toHaveLength(1);
    const icon = await send(`/items/${id}/video-icon`, tokens[OWNER], await photo());
    expect(icon.data).toMatchObject({ img_type: 'video-icon', img_parent_id: id });
    expect((await itemMedia.videosOf([id])).get(id)).toMatchObject({
      video: { img_id: second.data.img_id },
      icon: { img_id: icon.data.img_id },
    });

    expect((await call('DELETE', `/items/${id}/video`, tokens[OWNER])).status).toBe(200);
    expect((await itemMedia.videosOf([id])).get(id)).toEqual({ video: null, icon: null });
    for (const file of [second.data.img_path, ...withVariants(icon.data.img_path)]) {
      expect(await exists(file)).toBe(false);
    }
    expect(await rowsOf(id)).toHaveLength(1);
  });
});

describe('who may change an item’s media', () => {
  it('refuses another user (403), a visitor (401), and answers 404 for a missing or deleted item', async () => {
    const { id, photos } = await itemWithPhotos(2);
    const [first, second] = photos as [Image, Image];
    await send(`/items/${id}/video`, tokens[OWNER], video(5));
    const before = await itemRow(id);
    const other = tokens[OTHER];

    expect((await send(`/items/${id}/images`, other, await photo())).status).toBe(403);
    expect((await send(`/items/${id}/images`, other, await photo(), { replace_img_id: first.img_id })).status).toBe(
      403,
    );
    expect((await call('DELETE', `/items/${id}/images/${first.img_id}`, other)).status).toBe(403);
    const order = await call('POST', `/items/${id}/images/order`, other, { img_ids: [second.img_id, first.img_id] });
    expect([order.status, order.body.message]).toEqual([403, 'You are not allowed to do this.']);
    expect((await send(`/items/${id}/video`, other, video(5))).status).toBe(403);
    expect((await send(`/items/${id}/video-icon`, other, await photo())).status).toBe(403);
    expect((await call('DELETE', `/items/${id}/video`, other)).status).toBe(403);

    expect((await send(`/items/${id}/images`, undefined, await photo())).status).toBe(401);
    expect((await call('DELETE', `/items/${id}/images/${first.img_id}`)).status).toBe(401);
    expect((await call('POST', `/items/${id}/images/order`, undefined, { img_ids: [first.img_id] })).status).toBe(401);
    expect((await send(`/items/${id}/video`, undefined, video(5))).status).toBe(401);

    // Nothing changed: rows, files and the item itself.
    expect((await rowsOf(id)).map((row) => row.imgPath)).toEqual(photos.map((image) => image.img_path));
    expect(await rowsOf(id, 'video')).toHaveLength(1);
    expect(await itemRow(id)).toEqual(before);

    const missing = await send(`/items/${randomUUID()}/images`, tokens[OWNER], await photo());
    expect([missing.status, missing.message]).toEqual([404, 'This item does not exist.']);
    await db.update(items).set({ deletedAt: new Date() }).where(eq(items.id, id));
    expect((await send(`/items/${id}/images`, tokens[OWNER], await photo())).status).toBe(404);
    expect((await call('DELETE', `/items/${id}/video`, tokens[OWNER])).status).toBe(404);
    expect((await call('POST', '/items/not-a-uuid/images/order', tokens[OWNER], { img_ids: [] })).status).toBe(400);
  });
});
