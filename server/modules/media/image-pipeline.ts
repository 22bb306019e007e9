import { availableParallelism } from 'node:os';
import { Histogram } from 'prom-client';
import sharp from 'sharp';
import { isNoSpaceError } from '../../kernel/storage/index.ts';
import { FairSlots } from './fair-slots.ts';
import { MAX_FULL_DECODE_PIXELS, MAX_INPUT_PIXELS } from './limits.ts';
import { MediaRefused } from './refusals.ts';

// libvips' operation cache keeps the files it read open (up to 20) after they are deleted, holding their disk
// space: the intermediate WebP read for the thumbnails was (issue 24). Pictures are never converted twice, so
// nothing is cached.
sharp.cache(false);

export interface ImageBox {
  width: number;
  height: number;
  /** "cover": cropped to fill the box exactly (profile photos); "inside": the whole picture, never enlarged. */
  fit: 'cover' | 'inside';
}

/** Formats libvips shrinks while it decodes them (JPEG by up to 8, WebP): a large one costs little. */
const SHRUNK_WHILE_DECODED = new Set(['jpeg', 'webp']);

/** The most pixels a picture of this format may have (limits.ts). */
export const pixelLimitOf = (format: string) =>
  SHRUNK_WHILE_DECODED.has(format) ? MAX_INPUT_PIXELS : MAX_FULL_DECODE_PIXELS;

/**
 * Checks the picture's header: its format and pixel count are read without decoding anything, so a tiny
 * file claiming a huge canvas (30000x30000) is refused before it can take gigabytes of memory or seconds of
 * CPU. Answers the pixel limit its decoding is held to.
 */
export async function checkImageHeader(path: string): Promise<{ pixelLimit: number }> {
  // Reading the header decodes nothing, so no pixel limit here: the check below gives the precise refusal.
  const header = await sharp(path, { limitInputPixels: false })
    .metadata()
    .catch(() => undefined);
  if (!header?.format) throw new MediaRefused('type');
  const pixels = (header.width ?? 0) * (header.pageHeight ?? header.height ?? 0);
  if (pixels === 0) throw new MediaRefused('type');
  const pixelLimit = pixelLimitOf(header.format);
  if (pixels > pixelLimit) throw new MediaRefused('pixels', pixelLimit);
  return { pixelLimit };
}

/**
 * Decodes the picture once, turns it upright from its EXIF orientation, fits it to `box` and writes a WebP
 * to `output`. sharp writes no metadata unless asked (no EXIF, GPS, XMP, IPTC or ICC block), so the
 * orientation is applied first and then every metadata block is gone. Run it within `inDecodingSlot`.
 */
export function writeWebp(source: string, output: string, box: ImageBox, pixelLimit: number) {
  // limitInputPixels again, in case the header lied; JPEG and WebP are shrunk while they load.
  return sharp(source, { failOn: 'error', limitInputPixels: pixelLimit })
    .autoOrient()
    .resize(box.width, box.height, { fit: box.fit, withoutEnlargement: box.fit === 'inside' })
    .webp({ quality: 82 })
    .toFile(output)
    .catch((error: unknown) => {
      // A full disk is the server's trouble (media-service.ts), not a sign the file is no picture.
      throw isNoSpaceError(error) ? error : new MediaRefused('type');
    });
}

/** A smaller copy of an already converted (upright, metadata-free) WebP, fitting a square of `size`. */
export function writeThumbnail(source: string, output: string, size: number) {
  return sharp(source)
    .resize(size, size, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 })
    .toFile(output);
}

/**
 * `souk_image_decode_seconds{step}`: how long pictures waited for a decoding slot and took to decode, for the
 * operator's /metrics (registered there by server/app.ts).
 */
export const imageDecodeSeconds = new Histogram({
  name: 'souk_image_decode_seconds',
  help: 'Seconds a picture waited for a decoding slot (waiting) and took to decode and write (decoding)',
  labelNames: ['step'],
  buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30],
  registers: [],
});

// Each decode already uses several libvips threads; more images at once than cores only adds memory. One
// account decodes on at most half the slots while others wait, so theirs do not share the CPU with its flood.
const DECODE_SLOTS = Math.min(4, availableParallelism());
const decodeSlots = new FairSlots(DECODE_SLOTS, Math.ceil(DECODE_SLOTS / 2));

/**
 * Runs one picture's whole conversion (the copy and its thumbnails) in a decoding slot, `owner` (the account)
 * taking turns with the other accounts waiting: its thumbnails never wait behind another account's pictures.
 */
export async function inDecodingSlot<T>(owner: string, work: () => Promise<T>): Promise<T> {
  const asked = performance.now();
  return decodeSlots.run(owner, async () => {
    const started = performance.now();
    imageDecodeSeconds.observe({ step: 'waiting' }, (started - asked) / 1000);
    try {
      return await work();
    } finally {
      imageDecodeSeconds.observe({ step: 'decoding' }, (performance.now() - started) / 1000);
    }
  });
}
