import { open } from 'node:fs/promises';
import { FileWindow } from './file-window.ts';
import { mp4Facts } from './mp4-facts.ts';
import { MediaRefused } from './refusals.ts';
import { allowedOverheadBytes, type VideoFacts } from './video-facts.ts';
import { webmFacts } from './webm-facts.ts';

const EBML_MAGIC = 0x1a45dfa3;
/**
 * Bytes read at once: an MP4 is read box header by box header, hopping over the media; a WebM's element headers
 * are spread through the whole file, so it is read through in larger pieces.
 */
const MP4_WINDOW_BYTES = 64 * 1024;
const WEBM_WINDOW_BYTES = 1024 * 1024;

/**
 * The video's length in seconds, from its content: the durations of its MP4 samples or the timestamps of its WebM
 * blocks, never only the length its header declares. A file is refused as no video ('type') when it has no video
 * track, does not hold together (cut short, sizes or offsets pointing outside it), carries more bytes than its
 * samples and headers account for (a "5 s" video padded with 60 MB), or lasts clearly longer than it declares;
 * as too long ('duration') when its samples last more than `maxSeconds` or nothing at all.
 */
export async function videoSeconds(path: string, maxSeconds: number) {
  const facts = await videoFacts(path);
  if (!facts.hasVideoTrack) throw new MediaRefused('type');
  if (!Number.isFinite(facts.seconds) || facts.seconds <= 0) throw new MediaRefused('duration');
  if (facts.seconds > maxSeconds) throw new MediaRefused('duration');
  if (facts.fileBytes - facts.mediaBytes > allowedOverheadBytes(facts.fileBytes)) throw new MediaRefused('type');
  if (facts.runsPastDeclaredDuration) throw new MediaRefused('type');
  return facts.seconds;
}

/** Reads the file in bounded pieces (file-window.ts); whatever it trips on makes it no video. */
async function videoFacts(path: string): Promise<VideoFacts> {
  const file = await open(path).catch(() => {
    throw new MediaRefused('type');
  });
  try {
    const size = (await file.stat()).size;
    const magic = Buffer.alloc(4);
    await file.read(magic, 0, 4, 0);
    if (magic.readUInt32BE(0) === EBML_MAGIC) return await webmFacts(new FileWindow(file, size, WEBM_WINDOW_BYTES));
    return await mp4Facts(new FileWindow(file, size, MP4_WINDOW_BYTES));
  } catch (error) {
    // A read past a box's end (RangeError) is a malformed file like any other.
    throw error instanceof MediaRefused ? error : new MediaRefused('type');
  } finally {
    await file.close();
  }
}
