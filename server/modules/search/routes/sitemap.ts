import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../../kernel/database.ts';
import { AppError } from '../../../kernel/errors.ts';
import { type CatalogSources, type SitemapEntry, SitemapReader } from '../sitemap.ts';

export interface SitemapOptions {
  db: Db;
  /** The categories and blog posts the catalog sitemap lists (the lookups and content modules'). */
  catalog: CatalogSources;
  /** Where browsers reach the site (config publicUrl, no trailing slash): sitemaps name absolute addresses. */
  publicUrl: string;
  /** The reader to use (tests pass one with their own clock); made from `db` otherwise. */
  reader?: SitemapReader;
}

/** Pages only a signed-in person (or nobody) has a use for: crawlers keep out. */
export const PRIVATE_PATHS = [
  '/profile',
  '/edit-profile',
  '/item-entry',
  '/active-items',
  '/pending-items',
  '/reject-items',
  '/expired-items',
  '/paid-items',
  '/payments',
  '/membership',
  '/bump',
  '/admin',
  '/chat',
  '/chat-list',
  '/offer-list',
  '/favourite',
  '/reported-items',
  '/blocked-users',
  '/follower-items',
  '/followers',
  '/following',
  '/notification',
  '/login',
  '/logout',
  '/register',
  '/verify-email',
  '/verify-code',
  '/forgotpassword',
  '/auth/',
  '/api/',
];

/** Crawlers and shared caches may keep an answer this long. */
const MAX_AGE_SECONDS = 300;

const ITEM_CHUNK_FILE = /^items-([1-9][0-9]{0,8})\.xml$/;

/**
 * /robots.txt, the sitemap index /sitemap.xml and its sitemaps /sitemaps/categories.xml and
 * /sitemaps/items-<n>.xml (sitemaps.org protocol); call on the root instance.
 */
export function registerSitemapRoutes(app: FastifyInstance, options: SitemapOptions) {
  const reader =
    options.reader ??
    new SitemapReader(options.db, options.catalog, {
      onRefreshError: (error) => app.log.error({ err: error }, 'the item sitemap chunks could not be refreshed'),
    });
  const base = options.publicUrl.replace(/\/+$/, '');
  const hidden = { schema: { hide: true } };
  // An item sitemap takes a while to write (up to 50,000 addresses): requests for one being written share it.
  const writing = new Map<number, Promise<string | null>>();
  const itemSitemap = (chunkNumber: number) => {
    let xml = writing.get(chunkNumber);
    if (!xml) {
      xml = reader
        .itemChunk(chunkNumber)
        .then((entries) => (entries ? urlSet(base, entries) : null))
        .finally(() => writing.delete(chunkNumber));
      writing.set(chunkNumber, xml);
    }
    return xml;
  };

  app.get('/robots.txt', hidden, async (request, reply) => {
    const lines = ['User-agent: *', 'Allow: /', ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`), ''];
    lines.push(`Sitemap: ${base}/sitemap.xml`, '');
    return sendCached(request, reply, 'text/plain; charset=utf-8', lines.join('\n'));
  });

  app.get('/sitemap.xml', hidden, async (request, reply) => {
    const [catalog, chunks] = await Promise.all([reader.catalogEntries(), reader.itemChunks()]);
    const sitemaps: SitemapEntry[] = [
      { path: '/sitemaps/categories.xml', lastmod: newestOf(catalog) },
      ...chunks.map((chunk) => ({ path: `/sitemaps/items-${chunk.number}.xml`, lastmod: chunk.lastmod })),
    ];
    return sendXml(request, reply, sitemapIndex(base, sitemaps));
  });

  app.get<{ Params: { file: string } }>('/sitemaps/:file', hidden, async (request, reply) => {
    const { file } = request.params;
    if (file === 'categories.xml') return sendXml(request, reply, urlSet(base, await reader.catalogEntries()));
    const chunkNumber = ITEM_CHUNK_FILE.exec(file)?.[1];
    const xml = chunkNumber ? await itemSitemap(Number(chunkNumber)) : null;
    if (xml === null) throw new AppError(404, 'api.pageNotFound');
    return sendXml(request, reply, xml);
  });
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

function sitemapIndex(base: string, sitemaps: SitemapEntry[]) {
  const body = sitemaps.map((sitemap) => `<sitemap>${location(base, sitemap)}</sitemap>\n`).join('');
  return `${XML_HEAD}<sitemapindex xmlns="${SITEMAP_NAMESPACE}">\n${body}</sitemapindex>\n`;
}

function urlSet(base: string, entries: SitemapEntry[]) {
  const body = entries.map((entry) => `<url>${location(base, entry)}</url>\n`).join('');
  return `${XML_HEAD}<urlset xmlns="${SITEMAP_NAMESPACE}">\n${body}</urlset>\n`;
}

function location(base: string, entry: SitemapEntry) {
  const lastmod = entry.lastmod ? `<lastmod>${w3cDate(entry.lastmod)}</lastmod>` : '';
  return `<loc>${escapeXml(base + entry.path)}</loc>${lastmod}`;
}

/** A W3C datetime to the second, in UTC (what the protocol's lastmod takes). */
const w3cDate = (date: Date) => `${date.toISOString().slice(0, 19)}Z`;

const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export const escapeXml = (text: string) => text.replace(/[&<>"']/g, (character) => XML_ENTITIES[character] ?? '');

function newestOf(entries: SitemapEntry[]) {
  let newest: Date | null = null;
  for (const { lastmod } of entries) if (lastmod && (!newest || lastmod > newest)) newest = lastmod;
  return newest;
}

const sendXml = (request: FastifyRequest, reply: FastifyReply, xml: string) =>
  sendCached(request, reply, 'application/xml; charset=utf-8', xml);

/**
 * A public answer kept MAX_AGE_SECONDS, with a weak ETag of its text (the compressed forms carry the same
 * content): a crawler that already has it gets 304 and no body.
 */
function sendCached(request: FastifyRequest, reply: FastifyReply, type: string, text: string) {
  const etag = `W/"${createHash('sha1').update(text).digest('base64url')}"`;
  reply.header('cache-control', `public, max-age=${MAX_AGE_SECONDS}`).header('etag', etag).type(type);
  const known = request.headers['if-none-match'];
  if (known?.split(',').some((tag) => tag.trim() === etag || tag.trim() === etag.slice(2))) {
    return reply.code(304).send();
  }
  return reply.send(text);
}
