import { readFile } from 'node:fs/promises';
import { inflateSync } from 'node:zlib';

/** The most an object stream may inflate to: a page tree is small; a bomb stops here. */
const MAX_INFLATED_BYTES = 16 * 1024 * 1024;
const PAGES_DICTIONARY = /\/Type\s*\/Pages(?![A-Za-z])/;
const COUNT = /\/Count\s+(\d+)/;

/**
 * The page count of a PDF, or null when the file is not a readable PDF: it must start with "%PDF-", end
 * with "%%EOF" and hold a page tree. The root of the page tree counts every page, so the largest /Count of
 * a /Type /Pages dictionary is the document's page count; since PDF 1.5 those dictionaries may sit in
 * compressed object streams, which are inflated (with a size cap) and searched too. The file has passed
 * its byte limit (MAX_PDF_BYTES) before it is read.
 */
export async function pdfPageCount(path: string): Promise<number | null> {
  const bytes = await readFile(path);
  const head = bytes.subarray(0, 1024).toString('latin1');
  const tail = bytes.subarray(Math.max(0, bytes.length - 1024)).toString('latin1');
  if (!/%PDF-[12]\.\d/.test(head) || !tail.includes('%%EOF')) return null;
  const text = bytes.toString('latin1');
  const counts = [...plainObjects(text), ...compressedObjects(bytes, text)].flatMap(pageTreeCount);
  return counts.length > 0 ? Math.max(...counts) : null;
}

/** The dictionary text of each "N G obj ... endobj" before its stream data. */
function* plainObjects(text: string) {
  for (const match of text.matchAll(/\d+\s+\d+\s+obj\b([\s\S]*?)\bendobj\b/g)) {
    const body = match[1] ?? '';
    const streamAt = body.search(/\bstream\r?\n/);
    yield streamAt === -1 ? body : body.slice(0, streamAt);
  }
}

/** The objects inside each Flate-compressed object stream (/Type /ObjStm), split by its offset table. */
function* compressedObjects(bytes: Buffer, text: string) {
  const streams = /\d+\s+\d+\s+obj\s*(<<[\s\S]*?>>)\s*stream\r?\n/g;
  for (const match of text.matchAll(streams)) {
    const dictionary = match[1] ?? '';
    if (!/\/Type\s*\/ObjStm\b/.test(dictionary) || !/\/Filter\s*\/FlateDecode\b/.test(dictionary)) continue;
    const start = (match.index ?? 0) + match[0].length;
    const length = Number(/\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dictionary)?.[1] ?? Number.NaN);
    const end = Number.isFinite(length) ? start + length : text.indexOf('endstream', start);
    const first = Number(/\/First\s+(\d+)/.exec(dictionary)?.[1] ?? Number.NaN);
    if (end <= start || end > bytes.length || !Number.isSafeInteger(first)) continue;
    const inflated = inflate(bytes.subarray(start, end));
    if (inflated) yield* objectsOfStream(inflated, first);
  }
}

/** An object stream starts with "number offset" pairs; each object runs from its offset to the next one. */
function* objectsOfStream(content: string, first: number) {
  const numbers = content.slice(0, first).trim().split(/\s+/).map(Number);
  const offsets = numbers.filter((_, index) => index % 2 === 1).sort((a, b) => a - b);
  for (const [index, offset] of offsets.entries()) {
    yield content.slice(first + offset, first + (offsets[index + 1] ?? content.length - first));
  }
}

function inflate(data: Buffer) {
  try {
    return inflateSync(data, { maxOutputLength: MAX_INFLATED_BYTES }).toString('latin1');
  } catch {
    return null;
  }
}

/** The /Count of a page-tree node, or nothing for any other object. */
function pageTreeCount(objectText: string): number[] {
  if (!PAGES_DICTIONARY.test(objectText)) return [];
  const count = Number(COUNT.exec(objectText)?.[1] ?? Number.NaN);
  return Number.isSafeInteger(count) ? [count] : [];
}
