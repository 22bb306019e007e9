/**
 * What a browser downloads for a page: the HTML (uncompressed bytes) and the JavaScript the page loads
 * before it is interactive (the module preloads and the imports of the inline module script; not the
 * other routes' chunks the inline route manifest names, which load only on the way to those routes),
 * counted as sent on the wire to a browser that accepts brotli and gzip.
 */
import { rawGet } from './server.ts';

const BROWSER_ENCODINGS = { 'accept-encoding': 'br, gzip, deflate' };
const PRELOADS = /<link rel="modulepreload" href="(\/assets\/[\w.-]+\.js)"/g;
const MODULE_IMPORTS = /\bimport\b[^"';]*"(\/assets\/[\w.-]+\.js)"/g;

export interface PageWeight {
  path: string;
  htmlBytes: number;
  /** The HTML as sent to a browser that accepts brotli. */
  htmlWireBytes: number;
  scripts: { address: string; wireBytes: number; rawBytes: number }[];
  jsWireBytes: number;
}

export async function pageWeight(url: string, path: string): Promise<PageWeight> {
  const html = await rawGet(`${url}${path}`);
  if (html.status !== 200) throw new Error(`${path}: ${html.status}`);
  const htmlWire = await rawGet(`${url}${path}`, BROWSER_ENCODINGS);
  const text = html.body.toString('utf8');
  const found = [...text.matchAll(PRELOADS), ...text.matchAll(MODULE_IMPORTS)].map((match) => match[1] as string);
  const addresses = [...new Set(found)];
  const scripts = await Promise.all(
    addresses.map(async (address) => {
      const [wire, raw] = await Promise.all([
        rawGet(`${url}${address}`, BROWSER_ENCODINGS),
        rawGet(`${url}${address}`),
      ]);
      if (wire.status !== 200) throw new Error(`${address}: ${wire.status}`);
      return { address, wireBytes: wire.body.length, rawBytes: raw.body.length };
    }),
  );
  return {
    path,
    htmlBytes: html.body.length,
    htmlWireBytes: htmlWire.body.length,
    scripts,
    jsWireBytes: scripts.reduce((sum, script) => sum + script.wireBytes, 0),
  };
}

/** The largest script a page loads: the chunk holding React and React DOM, fetched by every page. */
export function mainChunk(weight: PageWeight) {
  const largest = [...weight.scripts].sort((a, b) => b.rawBytes - a.rawBytes)[0];
  if (!largest) throw new Error(`${weight.path} loads no script`);
  return largest.address;
}

export const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
