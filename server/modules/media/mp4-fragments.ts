import { boxesOfType, findBox, flagsOf, versionOf, wideField } from './mp4-boxes.ts';
import type { ByteRange } from './mp4-sample-tables.ts';
import type { Mp4Track } from './mp4-track.ts';
import { malformed } from './video-facts.ts';

interface SampleDefaults {
  duration: number;
  size: number;
}

/**
 * Reads a movie fragment (moof) of a fragmented MP4 (ISO/IEC 14496-12, 8.8): each track run's samples are added
 * to their track, and the byte range they take to `ranges`. `moofStart` is the box's position in the file: data
 * offsets count from it unless the fragment says otherwise.
 */
export function readFragment(moof: Buffer, moofStart: number, tracks: Map<number, Mp4Track>, ranges: ByteRange[]) {
  let previousDataEnd = moofStart;
  for (const traf of boxesOfType(moof, 'traf')) {
    previousDataEnd = readTrackFragment(traf, moofStart, previousDataEnd, tracks, ranges);
  }
}

/** Reads a track fragment (traf); answers where its data ends, the base of the next one's by default. */
function readTrackFragment(
  traf: Buffer,
  moofStart: number,
  previousDataEnd: number,
  tracks: Map<number, Mp4Track>,
  ranges: ByteRange[],
) {
  const header = trackFragmentHeader(findBox(traf, 'tfhd') ?? malformed());
  const track = tracks.get(header.trackId) ?? malformed();
  const base = header.baseDataOffset ?? (header.baseIsMoof ? moofStart : previousDataEnd);
  const defaults = {
    duration: header.defaultDuration ?? track.defaultDuration,
    size: header.defaultSize ?? track.defaultSize,
  };
  let position = base;
  let samples = 0;
  let ticks = 0;
  for (const trun of boxesOfType(traf, 'trun')) {
    const run = readTrackRun(trun, defaults);
    // A run without a data offset follows the previous run's data.
    const start = run.dataOffset === undefined ? position : base + run.dataOffset;
    ranges.push([start, start + run.bytes]);
    position = start + run.bytes;
    samples += run.samples;
    ticks += run.ticks;
  }
  const tfdt = findBox(traf, 'tfdt');
  if (samples > 0) track.addSamples(ticks, tfdt && wideField(tfdt, 4, versionOf(tfdt) === 1));
  return position;
}

/** The track fragment header (tfhd): its track and the optional fields its flags announce, in their order. */
function trackFragmentHeader(tfhd: Buffer) {
  const flags = flagsOf(tfhd);
  let offset = 8;
  const field = (flag: number, bytes: number) => {
    if ((flags & flag) === 0) return undefined;
    offset += bytes;
    return offset - bytes;
  };
  const baseAt = field(0x1, 8);
  field(0x2, 4); // sample description index
  const durationAt = field(0x8, 4);
  const sizeAt = field(0x10, 4);
  return {
    trackId: tfhd.readUInt32BE(4),
    baseDataOffset: baseAt === undefined ? undefined : Number(tfhd.readBigUInt64BE(baseAt)),
    defaultDuration: durationAt === undefined ? undefined : tfhd.readUInt32BE(durationAt),
    defaultSize: sizeAt === undefined ? undefined : tfhd.readUInt32BE(sizeAt),
    baseIsMoof: (flags & 0x20000) !== 0,
  };
}

/** Per-sample fields a track run may carry, each 4 bytes: duration, size, flags, composition time offset. */
const RUN_SAMPLE_FIELDS = [0x100, 0x200, 0x400, 0x800];

/** A track run (trun): its samples, their summed durations and bytes, and where its data starts. */
function readTrackRun(trun: Buffer, defaults: SampleDefaults) {
  const flags = flagsOf(trun);
  const samples = trun.readUInt32BE(4);
  const dataOffset = flags & 0x1 ? trun.readInt32BE(8) : undefined;
  const first = 8 + (flags & 0x1 ? 4 : 0) + (flags & 0x4 ? 4 : 0);
  const stride = 4 * RUN_SAMPLE_FIELDS.filter((field) => flags & field).length;
  if (first + samples * stride > trun.length) malformed();
  const sizeAt = flags & 0x100 ? 4 : 0;
  return {
    samples,
    dataOffset,
    ticks: flags & 0x100 ? sumField(trun, first, stride, samples) : samples * defaults.duration,
    bytes: flags & 0x200 ? sumField(trun, first + sizeAt, stride, samples) : samples * defaults.size,
  };
}

function sumField(trun: Buffer, first: number, stride: number, samples: number) {
  let sum = 0;
  for (let sample = 0; sample < samples; sample++) sum += trun.readUInt32BE(first + sample * stride);
  return sum;
}
