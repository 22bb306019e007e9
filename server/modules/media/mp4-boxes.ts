import { malformed } from './video-facts.ts';

/** An ISO base media (MP4) box: its four-letter type, header and total size (ISO/IEC 14496-12, 4.2). */
export interface BoxHeader {
  type: string;
  headerSize: number;
  size: number;
}

/** The header of the box at the start of `bytes`, which may take at most `room` bytes (the file or its parent). */
export function boxHeader(bytes: Buffer, room: number): BoxHeader {
  if (room < 8 || bytes.length < 8) malformed();
  const shortSize = bytes.readUInt32BE(0);
  const type = bytes.toString('latin1', 4, 8);
  if (shortSize === 1 && bytes.length < 16) malformed();
  const headerSize = shortSize === 1 ? 16 : 8;
  // 1: a 64-bit size follows; 0: the box runs to the end of its parent (or of the file).
  const size = shortSize === 1 ? Number(bytes.readBigUInt64BE(8)) : shortSize === 0 ? room : shortSize;
  if (size < headerSize || size > room) malformed();
  return { type, headerSize, size };
}

/** The boxes directly inside a box's payload, each with its own payload (views, not copies). */
export function childBoxes(payload: Buffer) {
  const children: Array<{ type: string; payload: Buffer }> = [];
  for (let offset = 0; offset < payload.length; ) {
    const header = boxHeader(payload.subarray(offset), payload.length - offset);
    children.push({ type: header.type, payload: payload.subarray(offset + header.headerSize, offset + header.size) });
    offset += header.size;
  }
  return children;
}

/** The payload of the first box found along `path` (e.g. 'mdia', 'minf', 'stbl', 'stts'), if there is one. */
export function findBox(payload: Buffer, ...path: string[]): Buffer | undefined {
  let found: Buffer | undefined = payload;
  for (const type of path) found = found && childBoxes(found).find((child) => child.type === type)?.payload;
  return found;
}

export const boxesOfType = (payload: Buffer, type: string) =>
  childBoxes(payload)
    .filter((child) => child.type === type)
    .map((child) => child.payload);

/** A full box's version (its first byte) and 24 bits of flags. */
export const versionOf = (payload: Buffer) => payload.readUInt8(0);
export const flagsOf = (payload: Buffer) => payload.readUIntBE(1, 3);

/** An unsigned field of 32 bits, or of 64 bits in a version 1 box. */
export const wideField = (payload: Buffer, offset: number, wide: boolean) =>
  wide ? Number(payload.readBigUInt64BE(offset)) : payload.readUInt32BE(offset);

/** The number of `entryBytes`-long entries a table box announces at `countAt`, refused when they do not fit. */
export function tableLength(payload: Buffer, countAt: number, entryBytes: number) {
  const count = payload.readUInt32BE(countAt);
  if (countAt + 4 + count * entryBytes > payload.length) malformed();
  return count;
}
