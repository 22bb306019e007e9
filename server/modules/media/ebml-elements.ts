import { malformed } from './video-facts.ts';

/** An EBML element's header (RFC 8794): its id (marker bits kept, as specifications write ids) and data size. */
export interface ElementHeader {
  id: number;
  headerSize: number;
  /** Undefined for an element of unknown size, as live recordings write their segment and clusters. */
  size: number | undefined;
}

/** The header of the element at the start of `bytes`. */
export function elementHeader(bytes: Buffer): ElementHeader {
  const idLength = vintLength(bytes.readUInt8(0), 4);
  const size = vint(bytes, idLength);
  return { id: bytes.readUIntBE(0, idLength), headerSize: idLength + size.length, size: size.value };
}

/** A variable-size integer at `offset` (its length marked by the first set bit); undefined when all ones. */
export function vint(bytes: Buffer, offset: number) {
  const first = bytes.readUInt8(offset);
  const length = vintLength(first, 8);
  let value = first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let index = 1; index < length; index++) {
    const byte = bytes.readUInt8(offset + index);
    value = value * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  return { length, value: allOnes ? undefined : value };
}

function vintLength(first: number, longest: number) {
  for (let length = 1; length <= longest; length++) if (first & (0x80 >> (length - 1))) return length;
  return malformed();
}

/** The elements directly inside an element's data (read whole: a segment's info or tracks). */
export function childElements(data: Buffer) {
  const children: Array<{ id: number; data: Buffer }> = [];
  for (let offset = 0; offset < data.length; ) {
    const header = elementHeader(data.subarray(offset));
    const end = offset + header.headerSize + (header.size ?? malformed());
    if (end > data.length) malformed();
    children.push({ id: header.id, data: data.subarray(offset + header.headerSize, end) });
    offset = end;
  }
  return children;
}

/** An unsigned integer element's value (big-endian, 0 to 8 bytes). */
export function unsignedValue(data: Buffer) {
  if (data.length > 8) malformed();
  let value = 0;
  for (const byte of data) value = value * 256 + byte;
  return value;
}

/** A float element's value (4 or 8 bytes; none is 0). */
export function floatValue(data: Buffer) {
  if (data.length === 0) return 0;
  if (data.length === 4) return data.readFloatBE(0);
  if (data.length === 8) return data.readDoubleBE(0);
  return malformed();
}
