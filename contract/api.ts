export { APP_VERSION } from './version.ts';
export const PLATFORM_NAME = 'frontend';
/** The states of a call in the spec's clients (SPEC.md 9). */
export const CALL_STATUS = ['SUCCESS', 'ERROR', 'BLOCK_LOADING', 'PROGRESS_LOADING', 'NOACTION'] as const;

/** The JSON envelope of every API answer (SPEC.md 3 "Generic responses"). */
export interface ApiEnvelope<T> {
  code: number;
  status: 'success' | 'error';
  message: string;
  data: T;
}

export const isSuccessStatus = (status: number) => status >= 200 && status <= 299;
