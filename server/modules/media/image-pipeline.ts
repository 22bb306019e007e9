import { availableParallelism } from 'node:os';
import sharp from 'sharp';
import { isNoSpaceError } from '../../kernel/storage/index.ts';
import { MAX_INPUT_PIXELS } from './limits.ts';
import { MediaRefused } from './refusals.ts';

export interface ImageBox {
  width: number;
  height: number;
  /** "cover": cropped to fill the box exactly (profile photos); "inside": the whole picture, never enlarged. */
  fit: 'cover' | 'inside';
}

/**
 * Checks the picture's header: its format and pixel count are read without decoding anything, so a tiny
 * file claiming a huge canvas (30000x30000) is refused before it can take gigabytes of memory.
 */
export async function checkImageHeader(path: string) {
  // Reading the header decodes nothing, so no pixel limit here: the check below gives the precise refusal.
  const header = await sharp(path, { limitInputPixels: false })
    .metadata()
    .catch(() => undefined);
  if (!header?.format) throw new MediaRefused('type');
  const pixels = (header.width ?? 0) * (header.pageHeight ?? header.height ?? 0);
  if (pixels === 0) throw new MediaRefused('type');
  if (pixels > MAX_INPUT_PIXELS) throw new MediaRefused('pixels');
}

/**
 * Decodes the picture once, turns it upright from its EXIF orientation, fits it to `box` and writes a WebP
 * to `output`. sharp writes no metadata unless asked (no EXIF, GPS, XMP, IPTC or ICC block), so the
 * orientation is applied first and then every metadata block is gone. Decoding waits for a free slot.
 */
export function writeWebp(source: string, output: string, box: ImageBox) {
  return decodeSlots.run(() =>
    // limitInputPixels again, in case the header lied; JPEG and WebP are shrunk while they load.
    sharp(source, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
      .autoOrient()
      .resize(box.width, box.height, { fit: box.fit, withoutEnlargement: box.fit === 'inside' })
      .webp({ quality: 82 })
      .toFile(output)
      .catch((error: unknown) => {
        // A full disk is the server's trouble (media-service.ts), not a sign the file is no picture.
        throw isNoSpaceError(error) ? error : new MediaRefused('type');
      }),
  );
}

/** A smaller copy of an already converted (upright, metadata-free) WebP, fitting a square of `size`. */
export function writeThumbnail(source: string, output: string, size: number) {
  return decodeSlots.run(() =>
    sharp(source).resize(size, size, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 }).toFile(output),
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
