import { and, desc, eq, sql } from 'drizzle-orm';
import type { Blog, ContactMessageInput, ContentPage, ContentPageKind } from '../../../contract/content.ts';
import { formatDateTime } from '../../../contract/format.ts';
import type { LanguageCode } from '../../../contract/language.ts';
import type { Image } from '../../../contract/media.ts';
import type { Paged } from '../../../contract/paging.ts';
import type { Db } from '../../kernel/database.ts';
import { notFound } from '../../kernel/errors.ts';
import { containsPattern } from '../../kernel/like-pattern.ts';
import { localizedText, pickByLanguage } from '../../kernel/localized-text.ts';
import { type PageRequest, resolveOffset, toPage } from '../../kernel/paging.ts';
import type { Limiter, LimiterFactory } from '../../kernel/rate-limit.ts';
import { firstImages } from '../media/index.ts';
import { htmlToText } from './rich-text.ts';
import * as schema from './schema.ts';

export interface BlogQuery extends PageRequest {
  searchterm?: string | undefined;
  cityId?: number | undefined;
}

/** Operator-written content: about/privacy/safety/terms pages, the blog, and messages sent to the operator. */
export class ContentService {
  private readonly db: Db;
  /** A person may write a few times; a script may not flood the operator's inbox. */
  private readonly contactLimiter: Limiter;

  constructor(db: Db, createLimiter: LimiterFactory) {
    this.db = db;
    this.contactLimiter = createLimiter({ keyPrefix: 'contact', points: 5, durationSeconds: 600 });
  }

  /** The page in the reader's language, or the one the localized-text rule falls back to (kernel/localized-text). */
  async findPage(kind: ContentPageKind, language: LanguageCode): Promise<ContentPage | null> {
    const rows = await this.db.select().from(schema.contentPages).where(eq(schema.contentPages.kind, kind));
    const row = pickByLanguage(rows, language);
    if (!row) return null;
    return {
      kind,
      lang: row.lang,
      title: row.title,
      body: row.body,
      updated_date: row.updatedDate.toISOString(),
      updated_date_str: formatDateTime(row.updatedDate, language),
    };
  }

  async getPage(kind: ContentPageKind, language: LanguageCode): Promise<ContentPage> {
    const page = await this.findPage(kind, language);
    if (!page) throw notFound('api.pageNotFound');
    return page;
  }

  async listBlogs(query: BlogQuery, language: LanguageCode): Promise<Paged<Blog>> {
    const blogs = schema.blogs;
    const title = localizedText(blogs.titles, language);
    const offset = resolveOffset(query);
    const pattern = query.searchterm ? containsPattern(query.searchterm) : undefined;
    const rows = await this.db
      .select({ row: blogColumns, title, body: localizedText(blogs.bodies, language) })
      .from(blogs)
      .where(
        and(
          eq(blogs.status, 1),
          query.cityId ? eq(blogs.cityId, query.cityId) : undefined,
          pattern
            ? sql`exists (select 1 from (select value from jsonb_each_text(${blogs.titles}) union all select value from jsonb_each_text(${blogs.bodies})) as t where t.value ilike ${pattern})`
            : undefined,
        ),
      )
      .orderBy(desc(blogs.addedDate), desc(blogs.id))
      .limit(query.limit + 1)
      .offset(offset);
    const photos = await firstImages(
      this.db,
      rows.map(({ row }) => row.id),
      ['blog'],
    );
    return toPage(
      rows.map(({ row, title: name, body }) => toBlog(row, name, body, language, photos)),
      query.limit,
      offset,
    );
  }

  async getBlog(id: number, language: LanguageCode): Promise<Blog> {
    const blog = await this.findBlog(id, language);
    if (!blog) throw notFound('api.blogNotFound');
    return blog;
  }

  async findBlog(id: number, language: LanguageCode): Promise<Blog | null> {
    const blogs = schema.blogs;
    const [found] = await this.db
      .select({
        row: blogColumns,
        title: localizedText(blogs.titles, language),
        body: localizedText(blogs.bodies, language),
      })
      .from(blogs)
      .where(and(eq(blogs.id, id), eq(blogs.status, 1)));
    if (!found) return null;
    return toBlog(found.row, found.title, found.body, language, await firstImages(this.db, [id], ['blog']));
  }

  /** Stores a message for the operator (validate it with contactMessageSchema first); limited per address. */
  async sendContactMessage(input: ContactMessageInput, sender: { ip: string; userId?: string | null }) {
    await this.contactLimiter.consume(sender.ip);
    await this.db.insert(schema.contactMessages).values({ ...input, userId: sender.userId ?? null });
  }

  /** Every published blog post and when it last changed, newest first (the sitemap's pages). */
  publishedPostDates() {
    const { blogs } = schema;
    return this.db
      .select({ id: blogs.id, lastmod: sql<Date>`coalesce(${blogs.updatedDate}, ${blogs.addedDate})` })
      .from(blogs)
      .where(eq(blogs.status, 1))
      .orderBy(desc(blogs.addedDate), desc(blogs.id));
  }
}

/**
 * The columns a blog answer needs besides its texts: the texts come in the reader's language only, never the
 * titles and bodies of all 16 languages (reading and parsing those was most of a blog list's cost).
 */
const blogColumns = {
  id: schema.blogs.id,
  cityId: schema.blogs.cityId,
  status: schema.blogs.status,
  addedDate: schema.blogs.addedDate,
};

function toBlog(
  row: { id: number; cityId: number | null; status: number; addedDate: Date },
  name: string,
  bodyHtml: string,
  language: LanguageCode,
  photos: Map<string, Image>,
): Blog {
  return {
    id: row.id,
    name,
    description: htmlToText(bodyHtml),
    description_html: bodyHtml,
    city_id: row.cityId,
    status: row.status,
    added_date: row.addedDate.toISOString(),
    added_date_str: formatDateTime(row.addedDate, language),
    default_photo: photos.get(`${row.id}:blog`) ?? null,
  };
}
