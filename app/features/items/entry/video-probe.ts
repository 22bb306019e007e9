import { drawJpeg } from './image-resize.ts';

/** The thumbnail's long edge: a poster for the player. */
const THUMBNAIL_LONG_EDGE = 1280;
/** The moment a thumbnail is taken from (or the middle of a shorter video). */
const THUMBNAIL_AT_SECONDS = 1;

/**
 * Reads a chosen video in the browser: its length from the video element's metadata, and a thumbnail drawn
 * from a frame at about one second. Null when the browser cannot read the file (then the server decides).
 */
export async function probeVideo(file: File): Promise<{ duration: number; thumbnail: Blob | null } | null> {
  const url = URL.createObjectURL(file);
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.preload = 'auto';
  try {
    const loaded = await once(video, 'loadeddata', () => {
      video.src = url;
    });
    if (!loaded || !Number.isFinite(video.duration)) return null;
    const duration = video.duration;
    let thumbnail: Blob | null = null;
    const at = Math.min(THUMBNAIL_AT_SECONDS, duration / 2);
    const seeked = await once(video, 'seeked', () => {
      video.currentTime = at;
    });
    if (seeked && video.videoWidth > 0 && video.videoHeight > 0) {
      const scale = Math.min(1, THUMBNAIL_LONG_EDGE / Math.max(video.videoWidth, video.videoHeight));
      thumbnail = await drawJpeg(video, Math.round(video.videoWidth * scale), Math.round(video.videoHeight * scale));
    }
    return { duration, thumbnail };
  } finally {
    video.removeAttribute('src');
    video.load();
    URL.revokeObjectURL(url);
  }
}

/** Waits for `event` (true) or an error (false) after `start`. */
function once(video: HTMLVideoElement, event: 'loadeddata' | 'seeked', start: () => void) {
  return new Promise<boolean>((resolve) => {
    const done = (ok: boolean) => {
      video.removeEventListener(event, onEvent);
      video.removeEventListener('error', onError);
      resolve(ok);
    };
    const onEvent = () => done(true);
    const onError = () => done(false);
    video.addEventListener(event, onEvent);
    video.addEventListener('error', onError);
    start();
  });
}
