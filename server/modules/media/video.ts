import { parseFile } from 'music-metadata';
import { MediaRefused } from './refusals.ts';

/**
 * The video's length in seconds, read from the container (MP4 track media headers, WebM segment info). A
 * file without a video track is refused; so is one whose length cannot be read: its limit could not be checked.
 */
export async function videoSeconds(path: string, maxSeconds: number) {
  const found = await parseFile(path, { duration: true, skipCovers: true }).catch(() => undefined);
  if (!found?.format.hasVideo) throw new MediaRefused('type');
  // The container's duration; an MP4 without sound has it only in its tracks' media headers.
  const trackSeconds = found.format.trackInfo.map((track) => track.duration ?? 0);
  const seconds = found.format.duration ?? Math.max(0, ...trackSeconds);
  if (seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) throw new MediaRefused('duration');
  if (seconds > maxSeconds) throw new MediaRefused('duration');
  return seconds;
}
