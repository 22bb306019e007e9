import type { Image } from '../../../../contract/media.ts';
import { postFormWithProgress } from '../../../lib/upload.ts';

export { UploadFailed } from '../../../lib/upload.ts';

export type UploadKind = 'photos' | 'video' | 'video-icon';

/** Sends one file to POST /api/v1/item-uploads/<kind> (multipart field "file"). Resolves with the stored draft picture. */
export function uploadFile(
  kind: UploadKind,
  file: Blob,
  fileName: string,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<Image> {
  const form = new FormData();
  form.append('file', file, fileName);
  return postFormWithProgress<Image>(`/api/v1/item-uploads/${kind}`, form, onProgress, signal);
}

/** Removes a draft upload nobody needs any more (replaced or removed before posting); failures are ignored. */
export function forgetUpload(imgId: string) {
  void fetch(`/api/v1/item-uploads/${encodeURIComponent(imgId)}`, {
    method: 'DELETE',
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
  }).catch(() => undefined);
}
