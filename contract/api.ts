import { z } from 'zod';

/** The JSON envelope of every API answer (SPEC.md 3 "Generic responses"). */
export interface ApiEnvelope<T> {
  code: number;
  status: 'success' | 'error';
  message: string;
  data: T;
}

export interface Paged<T> {
  items: T[];
  limit: number;
  offset: number;
  /** Opaque token for the next page, or null when this page is the last. */
  next_cursor: string | null;
}

export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({
    code: z.number().int(),
    status: z.enum(['success', 'error']),
    message: z.string(),
    data,
  });

export const pagedSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    limit: z.number().int(),
    offset: z.number().int(),
    next_cursor: z.string().nullable(),
  });

export const errorEnvelopeSchema = z.object({
  code: z.number().int(),
  status: z.literal('error'),
  message: z.string().describe('Translated text, prefixed "code##" when the code differs from the HTTP status'),
  data: z.null(),
});

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

export const isSuccessStatus = (status: number) => status >= 200 && status <= 299;

/** What a network failure or a missing response becomes (SPEC.md 8). */
export const NETWORK_ERROR_CODE = 404;
export const networkErrorText = (method: 'GET' | 'POST', attempt: 1 | 2) =>
  `${method === 'GET' ? 'Get' : 'Post'} Error ${attempt}`;
