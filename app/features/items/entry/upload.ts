import type { ApiEnvelope } from '../../../../contract/api.ts';
import { isSuccessStatus } from '../../../../contract/api.ts';
import { parseErrorMessage } from '../../../../contract/errors.ts';
import type { Image } from '../../../../contract/media.ts';

export type UploadKind = 'photos' | 'video' | 'video-icon';

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
 * Sends one file to POST /api/v1/item-uploads/<kind> (multipart field "file") with XMLHttpRequest, which,
 * unlike fetch, reports upload progress. Resolves with the stored draft picture.
 */
export function uploadFile(
  kind: UploadKind,
  file: Blob,
  fileName: string,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<Image> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/v1/item-uploads/${kind}`);
    request.responseType = 'json';
    request.setRequestHeader('accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const envelope = request.response as Partial<ApiEnvelope<Image>> | null;
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
    const form = new FormData();
    form.append('file', file, fileName);
    request.send(form);
  });
}

/** Removes a draft upload nobody needs any more (replaced or removed before posting); failures are ignored. */
export function forgetUpload(imgId: string) {
  void fetch(`/api/v1/item-uploads/${encodeURIComponent(imgId)}`, {
    method: 'DELETE',
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
  }).catch(() => undefined);
}
