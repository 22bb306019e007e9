import { MAX_ITEM_IMAGES } from '../../../contract/items.ts';
import { AppError } from '../../kernel/errors.ts';
import { MAX_INPUT_PIXELS, MAX_VIDEO_BYTES, MediaRefused } from '../media/index.ts';

/** The image types an item owns: its photos, its video and the video's thumbnail (contract/media.ts). */
export const ITEM_MEDIA_TYPES = ['item', 'video', 'video-icon'] as const;
export type ItemMediaType = (typeof ITEM_MEDIA_TYPES)[number];

/** An upload made before its item exists belongs to `draft:<userId>` until the item is saved (attach). */
export const DRAFT_PREFIX = 'draft:';
export const draftParentOf = (userId: string) => `${DRAFT_PREFIX}${userId}`;

/** A draft no item took within a day is abandoned (a closed tab, a form given up): its rows and files go. */
export const DRAFT_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * How many drafts of each kind one user may hold at once: a form takes five photos and one video, so twenty
 * photos leave room for retries, replacements and a second tab while the storage a user can fill stays bounded.
 */
export const MAX_DRAFTS: Record<ItemMediaType, number> = { item: 20, video: 3, 'video-icon': 6 };

/**
 * The largest photo accepted. The browser shrinks photos to a long edge of 2048 px before sending them (about
 * 0.5 to 1.5 MB), but a client without that step (an old browser, the mobile app, a script) sends a camera
 * original: a 12 to 50 megapixel JPEG is 4 to 12 MB, a HEIF or a PNG screenshot a little more. 15 MB takes
 * those and still refuses, before any decode, what no camera photo needs.
 */
export const MAX_ITEM_PHOTO_BYTES = 15 * 1024 * 1024;

/** Photos keep their whole picture within 2048 x 2048 (the browser's own resize), never enlarged. */
export const ITEM_PHOTO_BOX = { width: 2048, height: 2048, fit: 'inside' } as const;
/** The video's thumbnail is shown as the player's poster: 1280 px is a full-width poster on any screen. */
export const VIDEO_ICON_BOX = { width: 1280, height: 1280, fit: 'inside' } as const;

export { MAX_ITEM_IMAGES, MAX_VIDEO_BYTES };

/** The user's message for a photo or thumbnail the media pipeline refused. */
export function photoRefusal(error: unknown) {
  if (!(error instanceof MediaRefused)) return error;
  // The texts name the limits (15 MB, 100 MB): receiveUpload sends the same keys without values.
  if (error.reason === 'bytes') return new AppError(413, 'api.itemPhotoTooLarge');
  if (error.reason === 'pixels') {
    const limit = error.limit ?? MAX_INPUT_PIXELS;
    return new AppError(400, 'api.itemPhotoTooManyPixels', { values: { megapixels: limit / 1_000_000 } });
  }
  return new AppError(400, 'api.itemPhotoNotImage');
}

/** The user's message for a video the media pipeline refused. */
export function videoRefusal(error: unknown) {
  if (!(error instanceof MediaRefused)) return error;
  if (error.reason === 'bytes') return new AppError(413, 'api.itemVideoTooLarge');
  if (error.reason === 'duration') return new AppError(400, 'api.itemVideoTooLong');
  return new AppError(400, 'api.itemVideoNotVideo');
}

/** The receiveUpload messages (not multipart or no file; over the byte limit while streaming). */
export const PHOTO_UPLOAD_LIMITS = {
  maxBytes: MAX_ITEM_PHOTO_BYTES,
  notAFileKey: 'api.itemPhotoNotImage',
  tooLargeKey: 'api.itemPhotoTooLarge',
} as const;
export const VIDEO_UPLOAD_LIMITS = {
  maxBytes: MAX_VIDEO_BYTES,
  notAFileKey: 'api.itemVideoNotVideo',
  tooLargeKey: 'api.itemVideoTooLarge',
} as const;
