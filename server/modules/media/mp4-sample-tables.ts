import { findBox, tableLength } from './mp4-boxes.ts';
import { malformed } from './video-facts.ts';

/** A byte range of the file, [start, end), holding samples of a track. */
export type ByteRange = [start: number, end: number];

interface SampleSizes {
  count: number;
  /** The bytes of `count` samples from sample `first` on. */
  sum(first: number, count: number): number;
}

/** The sample sizes of a track's stsz (or compact stz2) box. */
function sampleSizes(stbl: Buffer): SampleSizes {
  const stsz = findBox(stbl, 'stsz');
  if (stsz) {
    const constant = stsz.readUInt32BE(4);
    if (constant > 0) return { count: stsz.readUInt32BE(8), sum: (_, count) => constant * count };
    return tableSizes(tableLength(stsz, 8, 4), (index) => stsz.readUInt32BE(12 + index * 4));
  }
  const stz2 = findBox(stbl, 'stz2') ?? malformed();
  const bits = stz2.readUInt8(7);
  if (bits === 8) return tableSizes(tableLength(stz2, 8, 1), (index) => stz2.readUInt8(12 + index));
  if (bits === 16) return tableSizes(tableLength(stz2, 8, 2), (index) => stz2.readUInt16BE(12 + index * 2));
  if (bits !== 4) malformed();
  const count = stz2.readUInt32BE(8);
  if (12 + Math.ceil(count / 2) > stz2.length) malformed();
  return tableSizes(count, (index) => (stz2.readUInt8(12 + (index >> 1)) >> (index % 2 === 0 ? 4 : 0)) & 0x0f);
}

function tableSizes(count: number, sizeAt: (index: number) => number): SampleSizes {
  return {
    count,
    sum(first, samples) {
      let bytes = 0;
      for (let index = first; index < first + samples; index++) bytes += sizeAt(index);
      return bytes;
    },
  };
}

/** The samples and their summed durations (in the track's time scale) of a track's stts box. */
function sampleDurations(stbl: Buffer) {
  const stts = findBox(stbl, 'stts') ?? malformed();
  const entries = tableLength(stts, 4, 8);
  let samples = 0;
  let ticks = 0;
  for (let entry = 0; entry < entries; entry++) {
    const count = stts.readUInt32BE(8 + entry * 8);
    samples += count;
    ticks += count * stts.readUInt32BE(12 + entry * 8);
  }
  return { samples, ticks };
}

/** Where each chunk of the track starts in the file (stco, or co64 in large files). */
function chunkOffsets(stbl: Buffer) {
  const stco = findBox(stbl, 'stco');
  if (stco) return { count: tableLength(stco, 4, 4), at: (index: number) => stco.readUInt32BE(8 + index * 4) };
  const co64 = findBox(stbl, 'co64') ?? malformed();
  return { count: tableLength(co64, 4, 8), at: (index: number) => Number(co64.readBigUInt64BE(8 + index * 8)) };
}

/**
 * Reads a track's sample table (ISO/IEC 14496-12, 8.5-8.7): the byte range of each chunk, from its offset (stco)
 * and the sizes (stsz) of the samples the stsc runs put in it, is added to `ranges`. The tables must agree on the
 * number of samples. Answers the samples and their summed durations in the track's time scale.
 */
export function readSampleTable(stbl: Buffer, ranges: ByteRange[]) {
  const sizes = sampleSizes(stbl);
  const durations = sampleDurations(stbl);
  const offsets = chunkOffsets(stbl);
  const stsc = findBox(stbl, 'stsc') ?? malformed();
  const runs = tableLength(stsc, 4, 12);
  let sample = 0;
  for (let run = 0; run < runs; run++) {
    const firstChunk = stsc.readUInt32BE(8 + run * 12);
    const perChunk = stsc.readUInt32BE(12 + run * 12);
    const nextFirst = run + 1 < runs ? stsc.readUInt32BE(20 + run * 12) : offsets.count + 1;
    if ((run === 0 && firstChunk !== 1) || nextFirst <= firstChunk || nextFirst > offsets.count + 1) malformed();
    for (let chunk = firstChunk; chunk < nextFirst; chunk++) {
      if (sample + perChunk > sizes.count) malformed();
      const start = offsets.at(chunk - 1);
      ranges.push([start, start + sizes.sum(sample, perChunk)]);
      sample += perChunk;
    }
  }
  if (sample !== sizes.count || durations.samples !== sizes.count) malformed();
  return durations;
}
