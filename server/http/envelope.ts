import type { ApiEnvelope } from '../../contract/api.ts';

export function ok<T>(data: T, message = ''): ApiEnvelope<T> {
  return { code: 200, status: 'success', message, data };
}
