/** The long edge photos are shrunk to before upload (the server keeps the same box). */
export const PHOTO_LONG_EDGE = 2048;
const JPEG_QUALITY = 0.85;

/**
 * A photo made ready to send: turned upright (EXIF orientation), shrunk to a long edge of 2048 px and
 * re-encoded as JPEG, so a phone sends a fraction of a camera original's bytes. A photo already that small,
 * or one the browser cannot decode (HEIC in most browsers), goes as it is: the server decodes it.
 */
export async function preparePhoto(file: File): Promise<{ blob: Blob; name: string }> {
  if (typeof createImageBitmap !== 'function') return { blob: file, name: file.name };
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return { blob: file, name: file.name };
  }
  try {
    const scale = Math.min(1, PHOTO_LONG_EDGE / Math.max(bitmap.width, bitmap.height));
    if (scale >= 1) return { blob: file, name: file.name };
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const blob = await drawJpeg(bitmap, width, height);
    return blob ? { blob, name: jpegName(file.name) } : { blob: file, name: file.name };
  } finally {
    bitmap.close();
  }
}

/** A picture drawn at the given size as a JPEG (white behind transparent parts), or null when it fails. */
export async function drawJpeg(source: CanvasImageSource, width: number, height: number): Promise<Blob | null> {
  if (typeof OffscreenCanvas === 'function') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (context) {
      paint(context, source, width, height);
      return canvas.convertToBlob({ type: 'image/jpeg', quality: JPEG_QUALITY }).catch(() => null);
    }
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  paint(context, source, width, height);
  return new Promise((resolve) => canvas.toBlob((blob) => resolve(blob), 'image/jpeg', JPEG_QUALITY));
}

function paint(
  context: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D,
  source: CanvasImageSource,
  width: number,
  height: number,
) {
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(source, 0, 0, width, height);
}

const jpegName = (name: string) => `${name.replace(/\.[^./\\]*$/, '') || 'photo'}.jpg`;
