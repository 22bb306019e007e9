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
