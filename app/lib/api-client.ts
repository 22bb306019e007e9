import { type ApiEnvelope, isSuccessStatus } from '../../contract/api.ts';
import { type CallError, NETWORK_ERROR_CODE, networkErrorText, parseErrorMessage } from '../../contract/errors.ts';

/** A failed call, read as SPEC.md 8 says: `code` and the translated `text` to show. */
export class ApiError extends Error implements CallError {
  readonly code: number;
  readonly text: string;

  constructor({ code, text }: CallError) {
    super(text);
    this.name = 'ApiError';
    this.code = code;
    this.text = text;
  }
}

type Query = Record<string, string | number | boolean | null | undefined>;

export function apiGet<T>(path: string, query: Query = {}, init: { signal?: AbortSignal } = {}): Promise<T> {
  return call<T>('GET', withQuery(path, query), undefined, init.signal);
}

export function apiPost<T>(path: string, body: unknown = {}, init: { signal?: AbortSignal } = {}): Promise<T> {
  return call<T>('POST', path, body, init.signal);
}

/** A DELETE; `body` names what to remove when the path alone does not (a push subscription's endpoint). */
export function apiDelete<T>(path: string, init: { signal?: AbortSignal; body?: unknown } = {}): Promise<T> {
  return call<T>('DELETE', path, init.body, init.signal);
}

/** Every browser call to /api/v1 goes through here, so errors are read one way everywhere. */
async function call<T>(
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body: unknown,
  signal?: AbortSignal,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      signal,
      credentials: 'same-origin',
      headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError({ code: NETWORK_ERROR_CODE, text: networkErrorText(method === 'GET' ? 'GET' : 'POST', 1) });
  }

  const envelope = (await response.json().catch(() => null)) as Partial<ApiEnvelope<T>> | null;
  if (isSuccessStatus(response.status)) return envelope?.data as T;
  if (typeof envelope?.message !== 'string') {
    throw new ApiError({ code: NETWORK_ERROR_CODE, text: networkErrorText(method === 'GET' ? 'GET' : 'POST', 2) });
  }
  throw new ApiError(parseErrorMessage(envelope.message, response.status));
}

function withQuery(path: string, query: Query) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
}
