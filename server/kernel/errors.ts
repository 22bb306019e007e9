/**
 * A failure the user should read about. `messageKey` is a locale key; `code` is the machine code sent as
 * "code##text" when it differs from the HTTP status (SPEC.md 8).
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: number;
  readonly messageKey: string;
  readonly values: Record<string, unknown> | undefined;
  /** Sent as `Retry-After` (seconds) with a 429, so a client can count down. */
  readonly retryAfterSeconds: number | undefined;
  /** What the client needs to go on (the envelope's `data`), when an error is a step rather than a dead end. */
  readonly data: Record<string, unknown> | undefined;

  constructor(
    status: number,
    messageKey: string,
    options: {
      code?: number;
      values?: Record<string, unknown>;
      retryAfterSeconds?: number;
      data?: Record<string, unknown>;
    } = {},
  ) {
    super(messageKey);
    this.status = status;
    this.code = options.code ?? status;
    this.messageKey = messageKey;
    this.values = options.values;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.data = options.data;
  }
}

export const notFound = (messageKey: string, code?: number) => new AppError(404, messageKey, { code });
export const badRequest = (messageKey: string, values?: Record<string, unknown>) =>
  new AppError(400, messageKey, { values });
