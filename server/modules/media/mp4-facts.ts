import type { FileWindow } from './file-window.ts';
import { boxesOfType, boxHeader, findBox, versionOf, wideField } from './mp4-boxes.ts';
import { readFragment } from './mp4-fragments.ts';
import { type ByteRange, readSampleTable } from './mp4-sample-tables.ts';
import { Mp4Track } from './mp4-track.ts';
import { allowedOverheadBytes, MAX_STRUCTURE_COUNT, malformed, runsPast, type VideoFacts } from './video-facts.ts';

interface TopLevelBox {
  start: number;
  payloadStart: number;
  end: number;
}

/**
 * Reads an MP4 by its structure: the top-level boxes must follow each other to the end of the file, the tracks'
 * lengths come from their samples' durations (sample tables, or track runs in fragments), and every chunk or run of
 * samples must lie inside a media data box. Only box headers, the movie box and the fragments' boxes are read.
 */
export async function mp4Facts(window: FileWindow): Promise<VideoFacts> {
  const layout = await topLevelLayout(window);
  const moovBox = layout.moov ?? malformed();
  const moov = await payloadOf(window, moovBox);
  const ranges: ByteRange[] = [];
  const tracks = readTracks(moov, ranges);
  for (const moof of layout.moofs) readFragment(await payloadOf(window, moof), moof.start, tracks, ranges);
  const all = [...tracks.values()];
  const seconds = Math.max(0, ...all.map((track) => track.seconds));
  return {
    seconds,
    mediaBytes: coveredBytes(ranges, layout.mdats),
    fileBytes: window.size,
    hasVideoTrack: all.some((track) => track.isVideo),
    runsPastDeclaredDuration:
      all.some((track) => runsPast(track.seconds, track.declaredSeconds)) ||
      runsPast(seconds, declaredFragmentedSeconds(moov)),
  };
}

/**
 * The top-level boxes, which must each end within the file. Boxes other than media data (mdat) are read later,
 * so they may not take more than the allowed overhead; under 8 bytes left at the end are overhead too.
 */
async function topLevelLayout(window: FileWindow) {
  const layout = { moov: undefined as TopLevelBox | undefined, moofs: [] as TopLevelBox[], mdats: [] as TopLevelBox[] };
  let position = 0;
  let metadataBytes = 0;
  for (let count = 0; window.size - position >= 8; count++) {
    const header = boxHeader(await window.bytes(position, 16), window.size - position);
    const box = { start: position, payloadStart: position + header.headerSize, end: position + header.size };
    if (header.type === 'mdat') layout.mdats.push(box);
    else metadataBytes += header.size;
    if (header.type === 'moov' && layout.moov) malformed();
    if (header.type === 'moov') layout.moov = box;
    if (header.type === 'moof') layout.moofs.push(box);
    if (metadataBytes > allowedOverheadBytes(window.size) || count > MAX_STRUCTURE_COUNT) malformed();
    position = box.end;
  }
  return layout;
}

const payloadOf = (window: FileWindow, box: TopLevelBox) => window.bytes(box.payloadStart, box.end - box.payloadStart);

/** The movie's tracks by id, their sample tables read, with the fragments' defaults (trex) when it has some. */
function readTracks(moov: Buffer, ranges: ByteRange[]) {
  const tracks = new Map<number, Mp4Track>();
  for (const trak of boxesOfType(moov, 'trak')) {
    const tkhd = findBox(trak, 'tkhd') ?? malformed();
    const id = tkhd.readUInt32BE(versionOf(tkhd) === 1 ? 20 : 12);
    if (tracks.has(id)) malformed();
    tracks.set(id, readTrack(trak, ranges));
  }
  for (const trex of boxesOfType(findBox(moov, 'mvex') ?? Buffer.alloc(0), 'trex')) {
    const track = tracks.get(trex.readUInt32BE(4));
    if (!track) continue;
    track.defaultDuration = trex.readUInt32BE(12);
    track.defaultSize = trex.readUInt32BE(16);
  }
  return tracks;
}

/** A 64-bit duration of all ones, as a number: "unknown". */
const UNKNOWN_WIDE_DURATION = Number(0xffff_ffff_ffff_ffffn);

function readTrack(trak: Buffer, ranges: ByteRange[]) {
  const mdhd = findBox(trak, 'mdia', 'mdhd') ?? malformed();
  const wide = versionOf(mdhd) === 1;
  const declared = wideField(mdhd, wide ? 24 : 16, wide);
  const unknown = declared === (wide ? UNKNOWN_WIDE_DURATION : 0xffff_ffff);
  const handler = findBox(trak, 'mdia', 'hdlr')?.toString('latin1', 8, 12);
  const track = new Mp4Track(handler === 'vide', mdhd.readUInt32BE(wide ? 20 : 12), unknown ? 0 : declared);
  const table = readSampleTable(findBox(trak, 'mdia', 'minf', 'stbl') ?? malformed(), ranges);
  if (table.samples > 0) track.addSamples(table.ticks, 0);
  return track;
}

/** A fragmented movie's declared length (mehd, in the movie header's time scale); 0 when it has none. */
function declaredFragmentedSeconds(moov: Buffer) {
  const mehd = findBox(moov, 'mvex', 'mehd');
  const mvhd = findBox(moov, 'mvhd') ?? malformed();
  const timescale = mvhd.readUInt32BE(versionOf(mvhd) === 1 ? 20 : 12);
  if (!mehd || timescale === 0) return 0;
  return wideField(mehd, 4, versionOf(mehd) === 1) / timescale;
}

/**
 * The bytes of the media data boxes that samples take, each byte counted once. A range of samples outside every
 * media data box (beyond the file's end, in the movie box, across two boxes) is refused.
 */
function coveredBytes(ranges: ByteRange[], mdats: TopLevelBox[]) {
  ranges.sort((a, b) => a[0] - b[0]);
  let covered = 0;
  let reach = 0;
  let index = 0;
  for (const [start, end] of ranges) {
    if (end === start) continue;
    while (index < mdats.length && (mdats[index]?.end ?? 0) <= start) index++;
    const mdat = mdats[index];
    if (!mdat || start < mdat.payloadStart || end > mdat.end) malformed();
    covered += Math.max(0, end - Math.max(start, reach));
    reach = Math.max(reach, end);
  }
  return covered;
}
