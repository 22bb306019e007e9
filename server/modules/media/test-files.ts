import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** Files made for the media tests, byte by byte: no fixture binaries in the repository. */

/**
 * A PNG whose header says width x height (900 megapixels for 30000 x 30000, 3.6 GB once decoded) while the
 * file stays tiny: encoding such a canvas for real takes minutes, and the pipeline must refuse it from the header.
 */
export async function pngClaiming(width: number, height: number) {
  const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();
  const header = png.subarray(12, 29); // "IHDR" and its 13 bytes of data
  header.writeUInt32BE(width, 4);
  header.writeUInt32BE(height, 8);
  png.writeUInt32BE(crc32(header), 29);
  return png;
}

export const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
);
export const TEXT_NAMED_JPG = Buffer.from('#!/bin/sh\necho not an image\n');

/** A phone-like JPEG: landscape pixels, EXIF saying "rotate 90°" and a GPS position, an XMP block. */
export function phoneJpeg(width = 800, height = 600) {
  return sharp({ create: { width, height, channels: 3, background: '#336699' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'Phone' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '24/1 42/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '46/1 40/1 0/1' },
    })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>',
    )
    .toBuffer();
}

const box = (type: string, ...payload: Buffer[]) => {
  const body = Buffer.concat(payload);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
};
const uint32s = (...values: number[]) => {
  const bytes = Buffer.alloc(values.length * 4);
  for (const [index, value] of values.entries()) bytes.writeUInt32BE(value, index * 4);
  return bytes;
};

/** The test videos' frames: ten a second, a few bytes each. */
const FRAMES_A_SECOND = 10;
const FRAME = Buffer.from('frame-of-video!!');

export interface TestVideoOptions {
  /** The duration the headers state (MP4 mvhd and mdhd, WebM segment info); the frames last `seconds`. */
  declaredSeconds?: number;
  /** Bytes put into the MP4's media data box beside the frames, which no sample points at. */
  mediaPadding?: Buffer;
}

/**
 * An MP4 with one video track of frames lasting `seconds` (its sample table: stts, stsz, stsc, stco), its moov
 * before its mdat. `seconds` 0 has no frames, so no length.
 */
export function mp4(seconds: number, { declaredSeconds = seconds, mediaPadding }: TestVideoOptions = {}) {
  const frames = Math.round(seconds * FRAMES_A_SECOND);
  const ftyp = box('ftyp', Buffer.from('isom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2mp41'));
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(1000, 12); // time scale: milliseconds
  mvhd.writeUInt32BE(Math.round(declaredSeconds * 1000), 16);
  mvhd.writeUInt32BE(0x00010000, 20); // rate 1.0
  mvhd.writeUInt16BE(0x0100, 24); // volume 1.0
  for (const [index, value] of [0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000].entries()) {
    mvhd.writeUInt32BE(value, 36 + index * 4); // identity matrix
  }
  mvhd.writeUInt32BE(2, 96); // next track id
  const tkhd = Buffer.alloc(84);
  tkhd.writeUInt32BE(1, 12); // track id
  const mdhd = Buffer.alloc(24);
  mdhd.writeUInt32BE(1000, 12);
  mdhd.writeUInt32BE(Math.round(declaredSeconds * 1000), 16);
  mdhd.writeUInt16BE(0x55c4, 20); // language "und"
  const hdlr = Buffer.concat([Buffer.alloc(8), Buffer.from('vide'), Buffer.alloc(12), Buffer.from('Video\0')]);
  const table = (chunkOffset: number) =>
    box(
      'stbl',
      box('stsd', uint32s(0, 0)),
      box('stts', frames ? uint32s(0, 1, frames, 1000 / FRAMES_A_SECOND) : uint32s(0, 0)),
      box('stsc', frames ? uint32s(0, 1, 1, frames, 1) : uint32s(0, 0)),
      box('stsz', uint32s(0, FRAME.length, frames)),
      box('stco', frames ? uint32s(0, 1, chunkOffset) : uint32s(0, 0)),
    );
  const moov = (chunkOffset: number) =>
    box(
      'moov',
      box('mvhd', mvhd),
      box(
        'trak',
        box('tkhd', tkhd),
        box('mdia', box('mdhd', mdhd), box('hdlr', hdlr), box('minf', table(chunkOffset))),
      ),
    );
  // The frames start after ftyp, moov and the mdat header; moov's size does not depend on the offset it holds.
  const firstFrameAt = ftyp.length + moov(0).length + 8;
  const media = [...Array.from({ length: frames }, () => FRAME), ...(mediaPadding ? [mediaPadding] : [])];
  return Buffer.concat([ftyp, moov(firstFrameAt), box('mdat', ...media)]);
}

const ebml = (id: number[], ...payload: Buffer[]) => {
  const body = Buffer.concat(payload);
  if (body.length >= 0x0fffffff) throw new Error('element too large for this helper');
  const size = Buffer.alloc(4);
  size.writeUInt32BE(0x10000000 | body.length); // a size in four bytes
  return Buffer.concat([Buffer.from(id), size, body]);
};
const uint = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};

/** A SimpleBlock of track 1 at `timecode` milliseconds after its cluster's timestamp, a key frame. */
const simpleBlock = (timecode: number) => {
  const header = Buffer.alloc(4);
  header.writeUInt8(0x81, 0); // track 1
  header.writeInt16BE(timecode, 1);
  header.writeUInt8(0x80, 3);
  return ebml([0xa3], header, FRAME);
};

/** One cluster a second, its frames' timecodes relative to it. */
function clusters(frames: number) {
  const byCluster = new Map<number, Buffer[]>();
  for (let frame = 0; frame < frames; frame++) {
    const second = Math.floor(frame / FRAMES_A_SECOND);
    const blocks = byCluster.get(second) ?? [];
    blocks.push(simpleBlock((frame % FRAMES_A_SECOND) * (1000 / FRAMES_A_SECOND)));
    byCluster.set(second, blocks);
  }
  return [...byCluster].map(([second, blocks]) =>
    ebml([0x1f, 0x43, 0xb6, 0x75], ebml([0xe7], uint(second * 1000)), ...blocks),
  );
}

/**
 * A WebM (EBML header, segment info with a duration, one VP8 video track whose frames last 100 ms, a cluster a
 * second) of frames lasting `seconds`.
 */
export function webm(seconds: number, { declaredSeconds = seconds }: TestVideoOptions = {}) {
  const header = ebml(
    [0x1a, 0x45, 0xdf, 0xa3],
    ebml([0x42, 0x86], Buffer.from([1])),
    ebml([0x42, 0xf7], Buffer.from([1])),
    ebml([0x42, 0xf2], Buffer.from([4])),
    ebml([0x42, 0xf3], Buffer.from([8])),
    ebml([0x42, 0x82], Buffer.from('webm')),
    ebml([0x42, 0x87], Buffer.from([4])),
    ebml([0x42, 0x85], Buffer.from([2])),
  );
  const duration = Buffer.alloc(8);
  duration.writeDoubleBE(declaredSeconds * 1000); // in units of the time code scale (1 ms)
  const info = ebml([0x15, 0x49, 0xa9, 0x66], ebml([0x2a, 0xd7, 0xb1], uint(1_000_000)), ebml([0x44, 0x89], duration));
  const track = ebml(
    [0xae],
    ebml([0xd7], Buffer.from([1])),
    ebml([0x73, 0xc5], Buffer.from([1])),
    ebml([0x83], Buffer.from([1])),
    ebml([0x86], Buffer.from('V_VP8')),
    ebml([0x23, 0xe3, 0x83], uint(1_000_000_000 / FRAMES_A_SECOND)), // default frame duration, nanoseconds
  );
  const frames = Math.round(seconds * FRAMES_A_SECOND);
  const segment = ebml([0x18, 0x53, 0x80, 0x67], info, ebml([0x16, 0x54, 0xae, 0x6b], track), ...clusters(frames));
  return Buffer.concat([header, segment]);
}

/** A PDF of `pages` empty pages, with its cross-reference table. */
export function pdf(pages: number) {
  const kids = Array.from({ length: pages }, (_, index) => `${index + 3} 0 R`).join(' ');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
    ...Array.from({ length: pages }, () => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>'),
  ];
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  for (const [index, object] of objects.entries()) {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  }
  const xrefAt = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A PDF 1.5 whose catalog and page tree sit in a compressed object stream, as most PDF writers make them now. */
export function pdfWithObjectStream(pages: number) {
  const kids = Array.from({ length: pages }, (_, index) => `${index + 4} 0 R`).join(' ');
  const inner = ['<< /Type /Catalog /Pages 2 0 R >>', `<< /Kids [${kids}] /Type /Pages /Count ${pages} >>`];
  let offset = 0;
  const table = inner.map((object, index) => {
    const entry = `${index + 1} ${offset}`;
    offset += object.length + 1;
    return entry;
  });
  const header = `${table.join(' ')} `;
  const stream = deflateSync(Buffer.from(header + inner.join(' '), 'latin1'));
  const parts = [
    Buffer.from('%PDF-1.5\n'),
    Buffer.from(
      `3 0 obj\n<< /Type /ObjStm /N 2 /First ${header.length} /Filter /FlateDecode /Length ${stream.length} >>\nstream\n`,
    ),
    stream,
    Buffer.from('\nendstream\nendobj\n'),
    ...Array.from({ length: pages }, (_, index) =>
      Buffer.from(`${index + 4} 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>\nendobj\n`),
    ),
    Buffer.from('startxref\n0\n%%EOF\n'),
  ];
  return Buffer.concat(parts);
}
