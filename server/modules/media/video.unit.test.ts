import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaRefused } from './refusals.ts';
import { mp4, webm } from './test-files.ts';
import { type MuxedLayout, muxedVideo } from './test-videos.ts';
import { videoSeconds } from './video.ts';

let work: string;
let fileCount = 0;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'souk-video-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** The seconds videoSeconds answers for these bytes, or the reason it refuses them. */
async function judged(bytes: Buffer, maxSeconds = 60) {
  fileCount += 1;
  const file = path.join(work, `video-${fileCount}`);
  await writeFile(file, bytes);
  try {
    return await videoSeconds(file, maxSeconds);
  } catch (error) {
    if (error instanceof MediaRefused) return error.reason;
    throw error;
  } finally {
    await rm(file);
  }
}

/** A file of the repository (the demo clips, the journeys' fixtures), by its path from the repository's root. */
const repositoryFile = (relative: string) => readFile(fileURLToPath(new URL(`../../../${relative}`, import.meta.url)));

/** The first box of `type` in an MP4 (the video track's, the muxers write it first): where its payload starts. */
function payloadOf(file: Buffer, type: string) {
  const at = file.indexOf(type, 0, 'latin1');
  if (at < 4) throw new Error(`no ${type} box`);
  return at + 4;
}

describe('videos that hold together', () => {
  it('answers the samples’ length of MP4s as a muxer writes them: moov first or last, fragmented, silent', async () => {
    const layouts: MuxedLayout[] = ['mp4', 'mp4-moov-last', 'mp4-fragmented'];
    for (const layout of layouts) expect(await judged(await muxedVideo(layout, { seconds: 5 })), layout).toBe(5);
    expect(await judged(await muxedVideo('mp4', { seconds: 12, withSound: false }))).toBe(12);
    expect(await judged(await muxedVideo('mp4-fragmented', { seconds: 7, withSound: false }))).toBe(7);
  });

  it('answers the blocks’ length of WebMs, also one written as it streams (no duration, sizes unknown)', async () => {
    expect(await judged(await muxedVideo('webm', { seconds: 5 }))).toBeCloseTo(5, 2);
    expect(await judged(await muxedVideo('webm-live', { seconds: 9 }))).toBeCloseTo(9, 2);
    expect(await judged(await muxedVideo('webm', { seconds: 4, withSound: false }))).toBeCloseTo(4, 2);
    expect(await judged(webm(42))).toBe(42);
  });

  it('reads MP4s ffmpeg made: the demo clips (moov first, a free box) and the journeys’ clips (moov last)', async () => {
    for (const clip of ['clip-1', 'clip-2', 'clip-3']) {
      expect(await judged(await repositoryFile(`server/db/seed/data/videos/${clip}.mp4`))).toBe(8);
    }
    expect(await judged(await repositoryFile('e2e/fixtures/video-20s.mp4'))).toBe(20);
    expect(await judged(await repositoryFile('e2e/fixtures/video-61s.mp4'))).toBe('duration');
  });

  it('keeps its contract: over the caller’s limit or of no length is too long; no video track is no video', async () => {
    expect(await judged(mp4(12.5))).toBe(12.5);
    expect(await judged(mp4(5), 4)).toBe('duration');
    expect(await judged(mp4(0))).toBe('duration');
    const sound = mp4(5);
    sound.write('soun', payloadOf(sound, 'hdlr') + 8, 'latin1');
    expect(await judged(sound)).toBe('type');
    expect(await judged(Buffer.alloc(0))).toBe('type');
  });
});

describe('videos whose content does not match their headers', () => {
  it('refuses an MP4 whose headers say 5 s but whose mdat carries 60 MB no sample accounts for', async () => {
    expect(await judged(mp4(5, { mediaPadding: randomBytes(60 * 1024 * 1024) }))).toBe('type');
    // A little padding (an encoder's reserve) is tolerated.
    expect(await judged(mp4(5, { mediaPadding: randomBytes(64 * 1024) }))).toBe(5);
  });

  it('refuses an MP4 whose sample durations add up far beyond the duration its headers declare', async () => {
    expect(await judged(mp4(30, { declaredSeconds: 5 }))).toBe('type');
    expect(await judged(mp4(90, { declaredSeconds: 5 }))).toBe('duration');
  });

  it('refuses a WebM with trailing garbage or clusters past its declared duration', async () => {
    expect(await judged(Buffer.concat([webm(5), randomBytes(5 * 1024 * 1024)]))).toBe('type');
    const live = await muxedVideo('webm-live', { seconds: 5 });
    expect(await judged(Buffer.concat([live, randomBytes(5 * 1024 * 1024)]))).toBe('type');
    expect(await judged(webm(30, { declaredSeconds: 5 }))).toBe('type');
    expect(await judged(webm(90, { declaredSeconds: 5 }))).toBe('duration');
  });

  it('refuses a file cut short', async () => {
    for (const layout of ['mp4', 'mp4-moov-last', 'mp4-fragmented', 'webm', 'webm-live'] as const) {
      const whole = await muxedVideo(layout, { seconds: 5 });
      expect(await judged(whole.subarray(0, whole.length - 1000)), layout).toBe('type');
      expect(await judged(whole.subarray(0, whole.length / 2)), layout).toBe('type');
    }
    expect(await judged(webm(5).subarray(0, 200))).toBe('type');
  });

  it('refuses chunks that point outside the file, or all at the same bytes of a large mdat', async () => {
    const outside = mp4(5);
    const stco = payloadOf(outside, 'stco');
    outside.writeUInt32BE(outside.length + 100, stco + 8);
    expect(await judged(outside)).toBe('type');

    // 10 s of 10 KB frames, every chunk of the video track moved onto the first one: the sizes add up, the bytes do not.
    const overlapping = await muxedVideo('mp4', { seconds: 10, frameBytes: 10_000, withSound: false });
    expect(await judged(overlapping)).toBe(10);
    const table = payloadOf(overlapping, 'stco');
    const chunks = overlapping.readUInt32BE(table + 4);
    for (let chunk = 1; chunk < chunks; chunk++) {
      overlapping.writeUInt32BE(overlapping.readUInt32BE(table + 8), table + 8 + chunk * 4);
    }
    expect(await judged(overlapping)).toBe('type');
  });

  it('refuses tables claiming four billion samples without building them', async () => {
    const claimed = mp4(5);
    const stsz = payloadOf(claimed, 'stsz');
    claimed.writeUInt32BE(0xffffffff, stsz + 8);
    expect(await judged(claimed)).toBe('type');

    const fragmented = await muxedVideo('mp4-fragmented', { seconds: 5 });
    const trun = payloadOf(fragmented, 'trun');
    fragmented.writeUInt32BE(0xffffffff, trun + 4);
    expect(await judged(fragmented)).toBe('type');
  });
});
