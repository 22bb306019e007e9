import type { Image } from '../../../contract/media.ts';

/**
 * The thumbnails the media pipeline stores beside a picture (server/modules/media/limits.ts THUMBNAIL_VARIANTS)
 * while the app setting is_thumb2x_3x_generate is on: `<folder>/<img_path>`, each fitted into a square of `box`
 * pixels and never enlarged.
 */
export const PHOTO_VARIANTS = [
  { folder: 'thumbnail', box: 240 },
  { folder: 'thumbnail2x', box: 480 },
  { folder: 'thumbnail3x', box: 720 },
] as const;

type Photo = Pick<Image, 'img_path' | 'img_width' | 'img_height'>;

/** The address of a stored picture (the original, fitted to its rule's box when it was stored). */
export const photoUrl = (image: Pick<Image, 'img_path'>) => `/uploads/${image.img_path}`;

/** The address of one thumbnail of a picture. */
export const thumbnailUrl = (image: Pick<Image, 'img_path'>, folder: (typeof PHOTO_VARIANTS)[number]['folder']) =>
  `/uploads/${folder}/${image.img_path}`;

/**
 * Whether item pictures have their thumbnails: the upload pipeline writes them while the app setting
 * is_thumb2x_3x_generate is on (the default, and the demo data's), and the seed writes them for its photos
 * and posters. An operator who turns the setting off gets pictures without them (see the ADR 0014 note).
 */
export const hasThumbnailVariants = (_image: Pick<Image, 'img_path'>) => true;

/** The width a thumbnail of `image` has: the picture fitted inside a square of `box`, never enlarged. */
function variantWidth(image: Photo, box: number) {
  const longest = Math.max(image.img_width, image.img_height);
  if (longest <= 0) return 0;
  return Math.round(image.img_width * Math.min(1, box / longest));
}

export interface PhotoSources {
  src: string;
  /** Empty when the picture has no thumbnails: then `src` alone is used. */
  srcSet: string | undefined;
  width: number;
  height: number;
}

/**
 * What an <img> needs to show a stored picture without shifting the page as it loads: `src` (the smallest
 * thumbnail when there are thumbnails, so old browsers fetch little; the original otherwise), a `srcSet` over
 * the thumbnail, thumbnail2x and thumbnail3x variants plus the original at its own width, and the picture's
 * width and height (for the box's aspect ratio). Variants as large as the original or larger are left out.
 */
export function photoSources(image: Photo, hasVariants: boolean = hasThumbnailVariants(image)): PhotoSources {
  const original = photoUrl(image);
  const size = { width: image.img_width, height: image.img_height };
  if (!hasVariants || image.img_width <= 0) return { src: original, srcSet: undefined, ...size };
  const candidates: string[] = [];
  let smallest: string | null = null;
  for (const variant of PHOTO_VARIANTS) {
    const width = variantWidth(image, variant.box);
    if (width <= 0 || width >= image.img_width) continue;
    const url = thumbnailUrl(image, variant.folder);
    smallest ??= url;
    candidates.push(`${url} ${width}w`);
  }
  if (candidates.length === 0) return { src: original, srcSet: undefined, ...size };
  candidates.push(`${original} ${image.img_width}w`);
  return { src: smallest ?? original, srcSet: candidates.join(', '), ...size };
}
