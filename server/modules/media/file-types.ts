import { fileTypeFromFile } from 'file-type';

/** The file's type from its own first bytes (its name and the type the client claimed are ignored). */
export async function detectType(path: string): Promise<{ ext: string; mime: string } | null> {
  const found = await fileTypeFromFile(path).catch(() => undefined);
  return found ? { ext: found.ext, mime: found.mime } : null;
}

/** Pictures sharp decodes; HEIF covers AVIF and phone HEIC files. SVG is not one: it is a document with scripts. */
export const IMAGE_TYPES = new Set([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/heic',
  'image/heif',
  'image/avif',
]);
export const VIDEO_TYPES = new Set(['video/mp4', 'video/webm']);
