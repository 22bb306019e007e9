/**
 * Photo ingest benchmark (issue 9): the upload of a 12-megapixel camera JPEG (4000 x 3000, with EXIF and GPS)
 * through the item photo upload path (ItemMediaService.uploadDraft: type by magic bytes, header and pixel
 * checks, decode, upright, 2048 px WebP, the three thumbnails, into the storage and its image row) against a
 * bare sharp resize of the same file to a 2048 px WebP, in one process, alternating, median of the runs.
 * Then the event loop's p99 delay (perf_hooks monitorEventLoopDelay) while two uploads run at once.
 *
 *   npm run bench:ingest     INGEST_RUNS=7
 *
 * Starts an embedded PostgreSQL on a temporary data folder (reference data only, no demo data).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pino from 'pino';
import sharp from 'sharp';
import { loadConfig } from '../server/config.ts';
import { migrateDatabase, openDatabase } from '../server/db/database.ts';
import { seedReference } from '../server/db/seed/seed.ts';
import { createFileStorage, createTempFiles, logNoSpace } from '../server/kernel/storage/index.ts';
import { ItemMediaService } from '../server/modules/items/item-media.ts';
import { MediaService } from '../server/modules/media/index.ts';
import { SettingsService } from '../server/modules/settings/index.ts';
import { median } from './server.ts';

const runs = Number(process.env.INGEST_RUNS ?? 7);
const RATIO_TARGET = 0.7;
const LOOP_P99_TARGET_MS = 20;

/** A camera-like 4000 x 3000 JPEG: a noisy gradient (so it compresses like a photo), EXIF with GPS, rotated. */
async function cameraJpeg(file: string) {
  const width = 4000;
  const height = 3000;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0f766e"/><stop offset="1" stop-color="#fcd34d"/></linearGradient></defs>
    <rect width="${width}" height="${height}" fill="url(#g)"/>
    <circle cx="1400" cy="1200" r="900" fill="#ffffff" opacity="0.25"/><circle cx="2900" cy="2100" r="700" fill="#1d4ed8" opacity="0.3"/>
  </svg>`;
  const noise = await sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 24 } },
  })
    .raw()
    .toBuffer();
  await sharp(Buffer.from(svg))
    .composite([{ input: noise, raw: { width, height, channels: 3 }, blend: 'soft-light' }])
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'Souk', Model: 'Bench Camera' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '24/1 42/1 49/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '46/1 40/1 31/1',
      },
    })
    .jpeg({ quality: 90 })
    .toFile(file);
  return fs.stat(file);
}

function bareResize(source: string, output: string) {
  return sharp(source).resize(2048, 2048, { fit: 'inside', withoutEnlargement: true }).webp().toFile(output);
}

async function timed(task: () => Promise<unknown>) {
  const start = performance.now();
  await task();
  return performance.now() - start;
}

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'souk-ingest-'));
const logger = pino({ level: 'warn' });
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' });
const database = await openDatabase(config, logger);
try {
  await migrateDatabase(database.pool, (db) => seedReference(db));
  const storage = createFileStorage(config);
  const media = new MediaService(database.db, storage, createTempFiles(config.uploadTempDir, logNoSpace(logger)), {
    thumbnailVariantsEnabled: async () => true,
  });
  const settings = new SettingsService(database.db);
  const itemMedia = new ItemMediaService({ db: database.db, media, settings });
  // The same without thumbnails (app setting is_thumb2x_3x_generate off): what the three variants cost.
  const plainMedia = new ItemMediaService({
    db: database.db,
    settings,
    media: new MediaService(database.db, storage, createTempFiles(config.uploadTempDir, logNoSpace(logger)), {
      thumbnailVariantsEnabled: async () => false,
    }),
  });
  const source = path.join(dataDir, 'camera.jpg');
  const { size } = await cameraJpeg(source);
  const upload = { path: source, bytes: size };
  const bareOut = path.join(dataDir, 'bare.webp');
  // Each upload is another user's draft: a user may hold 20 drafts at once.
  let user = 0;
  const pipeline = () => itemMedia.uploadDraft(`bench-user-${user++}`, 'item', upload);

  // Warm-up: libvips start-up, the database connections.
  await bareResize(source, bareOut);
  const stored = await pipeline();

  const bare: number[] = [];
  const full: number[] = [];
  const plain: number[] = [];
  for (let run = 0; run < runs; run++) {
    // Alternating order, so neither always runs first after a pause.
    if (run % 2 === 0) {
      bare.push(await timed(() => bareResize(source, bareOut)));
      full.push(await timed(pipeline));
    } else {
      full.push(await timed(pipeline));
      bare.push(await timed(() => bareResize(source, bareOut)));
    }
    plain.push(await timed(() => plainMedia.uploadDraft(`bench-plain-${run}`, 'item', upload)));
  }

  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const twoAtOnce = await timed(() => Promise.all([pipeline(), pipeline()]));
  loop.disable();
  const loopP99 = loop.percentile(99) / 1e6;
  const loopMax = loop.max / 1e6;

  const bareMs = median(bare);
  const fullMs = median(full);
  const ratio = bareMs / fullMs;
  console.log(
    `\nPhoto ingest: a ${(size / 1024 / 1024).toFixed(1)} MB 4000x3000 JPEG (EXIF, GPS, orientation 6), ` +
      `${runs} runs each, medians (min-max); stored ${stored.img_width}x${stored.img_height} WebP + 3 thumbnails\n`,
  );
  console.log('| what | ms | target |');
  console.log('|---|---:|---|');
  console.log(
    `| bare sharp resize to 2048 px WebP | ${bareMs.toFixed(0)} (${Math.min(...bare).toFixed(0)}-${Math.max(...bare).toFixed(0)}) | |`,
  );
  console.log(
    `| item photo upload (uploadDraft) | ${fullMs.toFixed(0)} (${Math.min(...full).toFixed(0)}-${Math.max(...full).toFixed(0)}) | |`,
  );
  console.log(
    `| the same upload without thumbnails (setting off) | ${median(plain).toFixed(0)} (${Math.min(...plain).toFixed(0)}-${Math.max(...plain).toFixed(0)}) | |`,
  );
  console.log(
    `| ratio bare / upload | ${ratio.toFixed(2)} | >= ${RATIO_TARGET}: ${ratio >= RATIO_TARGET ? 'met' : 'MISSED'} |`,
  );
  console.log(`| two uploads at once, wall time | ${twoAtOnce.toFixed(0)} | |`);
  console.log(
    `| event loop delay p99 (max) during them | ${loopP99.toFixed(1)} (${loopMax.toFixed(1)}) | <= ${LOOP_P99_TARGET_MS}: ` +
      `${loopP99 <= LOOP_P99_TARGET_MS ? 'met' : 'MISSED'} |`,
  );
} finally {
  await database.close();
  await fs.rm(dataDir, { recursive: true, force: true });
}
