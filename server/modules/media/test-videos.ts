import {
  BufferTarget,
  EncodedAudioPacketSource,
  EncodedPacket,
  EncodedVideoPacketSource,
  Mp4OutputFormat,
  Output,
  WebMOutputFormat,
} from 'mediabunny';

/**
 * Videos written by an independent muxer (mediabunny), so that the video check is tried on boxes and elements
 * laid out the way real writers lay them out, not only by the hand-made files of test-files.ts. The frames are
 * filler bytes: no decoder reads them, the check does not either.
 */
export type MuxedLayout = 'mp4' | 'mp4-moov-last' | 'mp4-fragmented' | 'webm' | 'webm-live';

export interface MuxedVideoOptions {
  seconds: number;
  withSound?: boolean;
  framesASecond?: number;
  frameBytes?: number;
}

export async function muxedVideo(
  layout: MuxedLayout,
  { seconds, withSound = true, framesASecond = 30, frameBytes = 2000 }: MuxedVideoOptions,
) {
  const output = new Output({ format: formatOf(layout), target: new BufferTarget() });
  const video = new EncodedVideoPacketSource('vp9');
  output.addVideoTrack(video, { frameRate: framesASecond });
  const sound = withSound ? new EncodedAudioPacketSource('opus') : undefined;
  if (sound) output.addAudioTrack(sound);
  await output.start();
  const frames = Math.round(seconds * framesASecond);
  const videoConfig = { decoderConfig: { codec: 'vp09.00.10.08', codedWidth: 320, codedHeight: 240 } };
  for (let frame = 0; frame < frames; frame++) {
    const packet = new EncodedPacket(
      new Uint8Array(frameBytes).fill(frame % 256),
      frame % framesASecond === 0 ? 'key' : 'delta',
      frame / framesASecond,
      1 / framesASecond,
    );
    await video.add(packet, frame === 0 ? videoConfig : undefined);
  }
  if (sound) await addSound(sound, seconds);
  await output.finalize();
  return Buffer.from(output.target.buffer ?? new ArrayBuffer(0));
}

/** Opus packets of 20 ms. */
async function addSound(sound: EncodedAudioPacketSource, seconds: number) {
  const config = { decoderConfig: { codec: 'opus', numberOfChannels: 2, sampleRate: 48000 } };
  const packets = Math.round(seconds / 0.02);
  for (let index = 0; index < packets; index++) {
    const packet = new EncodedPacket(new Uint8Array(160).fill(7), 'key', index * 0.02, 0.02);
    await sound.add(packet, index === 0 ? config : undefined);
  }
}

function formatOf(layout: MuxedLayout) {
  if (layout === 'webm') return new WebMOutputFormat();
  // Written as it streams: a segment and clusters of unknown size, no duration, as a browser's MediaRecorder does.
  if (layout === 'webm-live') return new WebMOutputFormat({ appendOnly: true });
  if (layout === 'mp4-moov-last') return new Mp4OutputFormat({ fastStart: false });
  if (layout === 'mp4-fragmented') return new Mp4OutputFormat({ fastStart: 'fragmented' });
  return new Mp4OutputFormat({ fastStart: 'in-memory' });
}
