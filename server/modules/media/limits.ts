import { MAX_VIDEO_SECONDS } from '../../../contract/media.ts';

export { MAX_VIDEO_SECONDS };

/**
 * The largest picture decoded: 50 megapixels covers every phone camera's normal output, while a small file
 * claiming a huge canvas (a 0.75 MB PNG of 16000x16000 pixels) is refused before it is decoded.
 */
export const MAX_INPUT_PIXELS = 50_000_000;

/**
 * The largest picture in a format libvips cannot shrink while decoding (PNG, GIF, HEIF, AVIF, TIFF): each pixel
 * is decoded, so a 49-megapixel PNG of 6 KB cost 1.9 s (issue 24). 24 megapixels holds the photos phones take
 * by default (HEIF 24 MP on recent iPhones; screenshots are a few megapixels).
 */
export const MAX_FULL_DECODE_PIXELS = 24_000_000;

/** A minute of 1080p from a phone is 100 to 130 MB; 720p, which apps send, about half. */
export const MAX_VIDEO_BYTES = 100 * 1024 * 1024;

export const MAX_PDF_BYTES = 10 * 1024 * 1024;
/** A dealer's certificate is a few pages; more is not a certificate. */
export const MAX_PDF_PAGES = 50;

/**
 * The largest file any upload may carry (a video): the ceiling while a request is streamed to disk, before
 * the pipeline applies the limit of what the file is for.
 */
export const MAX_UPLOAD_BYTES = MAX_VIDEO_BYTES;

/**
 * Thumbnails (SPEC.md 7: "thumbnail", "thumbnail2x", "thumbnail3x"), made when the app setting
 * is_thumb2x_3x_generate is on. Each is stored as <folder>/<stored path> and fits in a square of `size`.
 */
export const THUMBNAIL_VARIANTS = [
  { folder: 'thumbnail', size: 240 },
  { folder: 'thumbnail2x', size: 480 },
  { folder: 'thumbnail3x', size: 720 },
] as const;
