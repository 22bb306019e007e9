import { availableParallelism } from 'node:os';
import { and, asc, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import type { Image, ImageType } from '../../../contract/media.ts';
import type { Db } from '../../db/database.ts';
import * as schema from '../../db/schema/index.ts';
import { MAX_INPUT_PIXELS } from './limits.ts';

export function toImage(row: typeof schema.images.$inferSelect): Image {
  return {
    img_id: row.imgId,
    img_parent_id: row.imgParentId,
    img_type: row.imgType as ImageType,
    img_path: row.imgPath,
    img_width: row.imgWidth,
    img_height: row.imgHeight,
    img_desc: row.imgDesc,
  };
}

/** The first picture of each parent and image type, in one query; keyed "parentId:type". */
export async function firstImages(db: Db, parentIds: Array<string | number>, types: ImageType[]) {
  const found = new Map<string, Image>();
  if (parentIds.length === 0) return found;
  const rows = await db
    .select()
    .from(schema.images)
    .where(and(inArray(schema.images.imgParentId, parentIds.map(String)), inArray(schema.images.imgType, types)))
    .orderBy(asc(schema.images.ordering), asc(schema.images.addedDate));
  for (const row of rows) {
    const key = `${row.imgParentId}:${row.imgType}`;
    if (!found.has(key)) found.set(key, toImage(row));
  }
  return found;
}

export { MAX_INPUT_PIXELS };

/** Why a file was refused: not a picture in an accepted format, or more pixels than MAX_INPUT_PIXELS. */
export class ImageRefused extends Error {
  readonly reason: 'format' | 'pixels';

  constructor(reason: 'format' | 'pixels') {
    super(`image refused: ${reason}`);
    this.reason = reason;
  }
}

/**
 * Turns an uploaded picture into a WebP of exactly `box` (cropped to fill), upright and without its
 * metadata (EXIF, GPS). Only `formats` (as sharp names them from the file's own bytes) are accepted; the
 * pixel count is read from the header and checked before anything is decoded; decoding waits for a free
 * slot, so a burst of uploads cannot take more memory than a few images at once.
 */
export async function resizeToWebp(bytes: Buffer, box: { width: number; height: number }, formats: Set<string>) {
  // Reading the header decodes nothing, so no pixel limit here: the check below gives the precise refusal.
  const metadata = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => undefined);
  if (!metadata?.format || !formats.has(metadata.format)) throw new ImageRefused('format');
  const pixels = (metadata.width ?? 0) * (metadata.pageHeight ?? metadata.height ?? 0);
  if (pixels === 0) throw new ImageRefused('format');
  if (pixels > MAX_INPUT_PIXELS) throw new ImageRefused('pixels');
  return decodeSlots.run(() =>
    // limitInputPixels again, in case the header lied; JPEG and WebP are shrunk while they load.
    sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(box.width, box.height, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer()
      .catch(() => {
        throw new ImageRefused('format');
      }),
  );
}

/** Runs at most `size` tasks at once; the others wait in order. */
function createSlots(size: number) {
  let free = size;
  const waiting: Array<() => void> = [];
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (free > 0) free -= 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else free += 1;
      }
    },
  };
}

// Each decode already uses several libvips threads; more images at once than cores only adds memory.
const decodeSlots = createSlots(Math.min(4, availableParallelism()));
