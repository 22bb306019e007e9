import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TIME_ZONE_COOKIE } from '../../contract/format.ts';
import { LANGUAGE_COOKIE } from '../../contract/language.ts';
import { LOCATION_COOKIE } from '../../contract/location-choice.ts';
import type { SharedCache } from '../kernel/shared-cache.ts';
import { VISITOR_COOKIE } from './visitor.ts';

/**
 * Visitor pages from a cache shared by the instances (docs/decisions/0013-page-performance.md). A visitor's page
 * is the same for everyone who asks for the same address with the same language, chosen location and time zone
 * cookies, so it is rendered once and kept a few seconds, compressed once, and answered from there; a change to
 * any listing retires every entry (the cache's generation). Only what is certainly not personal is kept: a GET
 * of a page with no cookie but those three (no session, no notice, no form step), no Authorization header, an
 * answer of 200 that sets no cookie. Everything else renders as before and says `private, no-store`.
 */

/** The only cookies a cacheable request may carry: each is part of the key. */
const KEY_COOKIES = [LANGUAGE_COOKIE, LOCATION_COOKIE, TIME_ZONE_COOKIE] as const;
/** A cookie a cacheable request may carry that changes nothing on the page: who counts a view. */
const IGNORED_COOKIES = [VISITOR_COOKIE] as const;
/** A page larger than this is rendered each time (no page is near it). */
const MAX_PAGE_BYTES = 1024 * 1024;
/** The catch-all route of React Router's adapter: every page, none of the static files. */
const PAGE_ROUTE = '*';

export interface PageCacheOptions {
  cache: SharedCache;
  seconds: number;
  /** A page answered from the cache was still seen: the item page counts the view as its loader would. */
  onHit?: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  logError: (error: unknown) => void;
}

/** What getLoadContext hands the page renderer: store the page once rendered, when it may be stored. */
export type StorePage = (status: number, headers: Headers, body: Uint8Array) => void;

interface Miss {
  key: string;
  generation: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    pageCacheMiss?: Miss;
  }
}

interface StoredPage {
  status: number;
  headers: Record<string, string>;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

export function registerPageCache(web: FastifyInstance, options: PageCacheOptions) {
  if (options.seconds <= 0) return;
  web.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.url !== PAGE_ROUTE) return;
    reply.header('cache-control', 'private, no-store');
    const key = cacheKey(request);
    if (!key) return;
    const stored = await options.cache.get(key);
    if (stored) {
      await options.onHit?.(request, reply);
      return sendStored(request, reply, decode(stored));
    }
    request.pageCacheMiss = { key, generation: await options.cache.generation() };
  });
}

/** The store step for this request's page, or undefined when its page is not to be kept. */
export function pageStoreFor(request: FastifyRequest, options: PageCacheOptions, policy: string | undefined) {
  const miss = request.pageCacheMiss;
  if (!miss || options.seconds <= 0) return undefined;
  const store: StorePage = (status, headers, body) => {
    if (status !== 200 || headers.has('set-cookie') || body.length > MAX_PAGE_BYTES) return;
    headers.set('cache-control', publicCacheControl(options.seconds));
    headers.set('vary', 'Cookie, Accept-Encoding');
    const kept: Record<string, string> = {};
    for (const [name, value] of headers) kept[name] = value;
    if (policy) kept['content-security-policy'] = policy;
    encode(status, kept, Buffer.from(body.buffer, body.byteOffset, body.byteLength))
      .then((value) => options.cache.set(miss.key, value, miss.generation, options.seconds * 1000))
      .catch(options.logError);
  };
  return store;
}

const publicCacheControl = (seconds: number) => `public, max-age=0, s-maxage=${seconds}`;

/** The key of a cacheable request, or null when its answer may depend on who asks. */
export function cacheKey(request: FastifyRequest): string | null {
  if (request.method !== 'GET' || request.headers.authorization !== undefined) return null;
  // A client-side navigation's data (single fetch) is not a page.
  if (request.url.split('?', 1)[0]?.endsWith('.data')) return null;
  const cookies = request.cookies;
  const named: string[] = [];
  for (const name of Object.keys(cookies)) {
    if (!(KEY_COOKIES as readonly string[]).includes(name) && !(IGNORED_COOKIES as readonly string[]).includes(name)) {
      return null;
    }
  }
  for (const name of KEY_COOKIES) named.push(cookies[name] ?? '');
  // The page's own absolute links (language alternates) are made from the address it was asked at.
  const address = `${request.protocol}://${request.host}${request.url}`;
  return createHash('sha256')
    .update(JSON.stringify([address, ...named]))
    .digest('base64url');
}

function sendStored(request: FastifyRequest, reply: FastifyReply, page: StoredPage) {
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  reply.code(page.status).headers(page.headers).header('x-page-cache', 'hit');
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  const body = page[encoding];
  reply.header('content-length', String(body.length));
  return reply.send(body);
}

/** The best encoding the client takes: brotli, then gzip (what @fastify/compress prefers too). */
export function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | 'identity' {
  if (!header) return 'identity';
  const accepted = new Set<string>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...parameters] = part.trim().split(';');
    const refused = parameters.some((parameter) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(parameter));
    if (!refused) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return 'identity';
}

/** A stored page: the length of its head, the head (status, headers, body sizes), then the three bodies. */
async function encode(status: number, headers: Record<string, string>, identity: Buffer) {
  const [br, gzipped] = await Promise.all([
    compressBrotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
    compressGzip(identity, { level: 6 }),
  ]);
  const head = Buffer.from(JSON.stringify({ status, headers, sizes: [identity.length, br.length, gzipped.length] }));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(head.length);
  return Buffer.concat([length, head, identity, br, gzipped]);
}

function decode(value: Buffer): StoredPage {
  const headLength = value.readUInt32BE(0);
  const head = JSON.parse(value.subarray(4, 4 + headLength).toString()) as {
    status: number;
    headers: Record<string, string>;
    sizes: [number, number, number];
  };
  const [identityLength, brLength, gzipLength] = head.sizes;
  let offset = 4 + headLength;
  const take = (length: number) => {
    const part = value.subarray(offset, offset + length);
    offset += length;
    return part;
  };
  return {
    status: head.status,
    headers: head.headers,
    identity: take(identityLength),
    br: take(brLength),
    gzip: take(gzipLength),
  };
}
