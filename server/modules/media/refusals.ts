import { AppError } from '../../kernel/errors.ts';
import { MAX_INPUT_PIXELS } from './limits.ts';

/**
 * Why the media pipeline refused a file: more bytes than allowed, not one of the accepted types (judged by
 * its own bytes, never its name), more pixels than its format's limit (limits.ts), a video too long (or of unknown
 * length), a PDF with no pages or too many. Callers turn the reason into their own message.
 */
export type RefusalReason = 'bytes' | 'type' | 'pixels' | 'duration' | 'pages';

export class MediaRefused extends Error {
  readonly reason: RefusalReason;
  /** For 'pixels': the most pixels a picture of its format may have. */
  readonly limit: number | undefined;

  constructor(reason: RefusalReason, limit?: number) {
    super(`media refused: ${reason}`);
    this.reason = reason;
    this.limit = limit;
  }
}

/**
 * A refused picture as the photo messages every 8 MB photo form shows (users.photo*: profile, blog post,
 * banner); anything but a refusal is passed on as it was.
 */
export function photoRefusal(error: unknown) {
  if (!(error instanceof MediaRefused)) return error;
  if (error.reason === 'bytes') return new AppError(400, 'users.photoTooLarge');
  if (error.reason === 'pixels') {
    const limit = error.limit ?? MAX_INPUT_PIXELS;
    return new AppError(400, 'users.photoTooManyPixels', { values: { megapixels: limit / 1_000_000 } });
  }
  return new AppError(400, 'users.photoNotImage');
}
