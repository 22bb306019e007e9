import type { ApiEnvelope } from '../../contract/api.ts';
import { isSuccessStatus } from '../../contract/api.ts';
import { parseErrorMessage } from '../../contract/errors.ts';

/** Why an upload failed: the server's words (already in the reader's language), or no connection. */
export class UploadFailed extends Error {
  readonly serverText: string | null;
  readonly status: number;

  constructor(serverText: string | null, status: number) {
    super(serverText ?? 'network');
    this.name = 'UploadFailed';
    this.serverText = serverText;
    this.status = status;
  }
}

/**
 * Posts a multipart form to /api/v1 with XMLHttpRequest, which, unlike fetch, reports upload progress.
 * Resolves with the envelope's data; rejects with the server's translated words, or none without a connection.
 */
export function postFormWithProgress<T>(
  url: string,
  form: FormData,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.responseType = 'json';
    request.setRequestHeader('accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const envelope = request.response as Partial<ApiEnvelope<T>> | null;
      if (isSuccessStatus(request.status) && envelope?.data) {
        onProgress(1);
        resolve(envelope.data);
        return;
      }
      const message = typeof envelope?.message === 'string' ? envelope.message : null;
      reject(new UploadFailed(message ? parseErrorMessage(message, request.status).text : null, request.status));
    };
    request.onerror = () => reject(new UploadFailed(null, 0));
    request.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}
