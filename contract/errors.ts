/** Error codes of SPEC.md 8 whose meaning the spec leaves open; used for "not allowed" and "not found". */
export const ERROR_CODES = { forbidden: 10001, notFound: 10002 } as const;

/**
 * A failure the person should read about, as services throw it (server/kernel/errors.ts AppError):
 * `messageKey` is a locale key, `code` the machine code sent as "code##text" when it differs from the status.
 */
export interface AppErrorShape {
  status: number;
  code: number;
  messageKey: string;
  values?: Record<string, unknown> | undefined;
  /** Sent as `Retry-After` (seconds) with a 429, so a client can count down. */
  retryAfterSeconds?: number | undefined;
  /** What the client needs to go on (the envelope's `data`), when an error is a step rather than a dead end. */
  data?: Record<string, unknown> | undefined;
}

/** Whether `error` is a failure a service meant for the person (an AppError), not a crash. */
export function isAppError(error: unknown): error is AppErrorShape {
  const candidate = error as Partial<AppErrorShape> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.status === 'number' &&
    typeof candidate.code === 'number' &&
    typeof candidate.messageKey === 'string'
  );
}

/** The code and text of a failed call, read as SPEC.md 8 says. */
export interface CallError {
  code: number;
  text: string;
}

/** "10001##Not allowed" gives code 10001 and that text; any other message keeps the HTTP status as its code. */
export function parseErrorMessage(message: string, httpStatus: number): CallError {
  const separator = message.indexOf('##');
  if (separator > 0) {
    const code = Number.parseInt(message.slice(0, separator), 10);
    if (Number.isFinite(code)) return { code, text: message.slice(separator + 2) };
  }
  return { code: httpStatus, text: message };
}

/** What a network failure or a missing response becomes (SPEC.md 8). */
export const NETWORK_ERROR_CODE = 404;
export const networkErrorText = (method: 'GET' | 'POST', attempt: 1 | 2) =>
  `${method === 'GET' ? 'Get' : 'Post'} Error ${attempt}`;
