import { desc, eq } from 'drizzle-orm';
import type { BlogEdit, ConsoleBlog, ConsoleBlogRow } from '../../../contract/console-content.ts';
import type { LanguageCode } from '../../../contract/language.ts';
import type { PageWindow } from '../../../contract/pages.ts';
import type { Paged } from '../../../contract/paging.ts';
import type { Db } from '../../kernel/database.ts';
import { AppError, notFound } from '../../kernel/errors.ts';
import type { EventBus, Publish } from '../../kernel/events.ts';
import { pickByLanguage } from '../../kernel/localized-text.ts';
import { recordOperatorAction, refuseUnlessAdmin } from '../../kernel/operator-actions.ts';
import { toPage } from '../../kernel/paging.ts';
import {
  deleteImageRows,
  findImageRows,
  firstImages,
  type MediaService,
  photoRefusal,
  replaceSoleImage,
  type Upload,
} from '../media/index.ts';
import { sanitizePostHtml } from './rich-text.ts';
import { blogs } from './schema.ts';
import './events.ts';

type BlogRow = typeof blogs.$inferSelect;

interface Asker {
  userId: string;
  isAdmin: boolean;
}

/** A post's photo: as wide as the blog page shows it, the whole picture kept. */
const BLOG_PHOTO_BOX = { width: 1600, height: 1200, fit: 'inside' } as const;
/** The limit the profile photo has, so its translated refusals (users.photo*) say the right size. */
export const MAX_BLOG_PHOTO_BYTES = 8 * 1024 * 1024;

/** Blog posts as the operator's console writes them (issue 24): every action is in the audit log. */
export class BlogEditor {
  private readonly db: Db;
  private readonly events: EventBus;
  private readonly media: MediaService;

  constructor(db: Db, events: EventBus, media: MediaService) {
    this.db = db;
    this.events = events;
    this.media = media;
  }

  /** Every post, drafts too, newest first, each titled in the operator's language where it has one. */
  async list(asker: Asker, page: PageWindow, language: LanguageCode): Promise<Paged<ConsoleBlogRow>> {
    refuseUnlessAdmin(asker);
    const rows = await this.db
      .select()
      .from(blogs)
      .orderBy(desc(blogs.addedDate), desc(blogs.id))
      .limit(page.limit + 1)
      .offset(page.offset);
    const photos = await firstImages(
      this.db,
      rows.map((row) => row.id),
      ['blog'],
    );
    const presented = rows.map((row) => ({
      id: row.id,
      title: titleIn(row, language),
      languages: Object.keys(row.titles),
      is_published: row.status === 1,
      added_date: row.addedDate.toISOString(),
      photo_path: photos.get(`${row.id}:blog`)?.img_path ?? null,
    }));
    return toPage(presented, page.limit, page.offset);
  }

  async get(asker: Asker, blogId: number): Promise<ConsoleBlog> {
    refuseUnlessAdmin(asker);
    const [row] = await this.db.select().from(blogs).where(eq(blogs.id, blogId));
    if (!row) throw notFound('api.blogNotFound');
    return this.present(row);
  }

  /** A new post with its text in one language; the others are added by editing it. */
  async create(asker: Asker, edit: BlogEdit): Promise<ConsoleBlog> {
    refuseUnlessAdmin(asker);
    const body = sanitizedBody(edit.body);
    const saved = await this.events.transaction(this.db, async (tx, publish) => {
      const [row] = await tx
        .insert(blogs)
        .values({
          titles: { [edit.language]: edit.title },
          bodies: { [edit.language]: body },
          status: edit.is_published ? 1 : 0,
          addedUserId: asker.userId,
        })
        .returning();
      if (!row) throw new Error('blog not inserted');
      record(publish, asker, 'blog.create', row.id, null, auditOf(row, edit.language));
      return row;
    });
    return this.present(saved);
  }

  /** Sets the post's text in one language and whether it is published; the other languages stay. */
  async update(asker: Asker, blogId: number, edit: BlogEdit): Promise<ConsoleBlog> {
    refuseUnlessAdmin(asker);
    const body = sanitizedBody(edit.body);
    const saved = await this.events.transaction(this.db, async (tx, publish) => {
      const [row] = await tx.select().from(blogs).where(eq(blogs.id, blogId)).for('update');
      if (!row) throw notFound('api.blogNotFound');
      const [updated] = await tx
        .update(blogs)
        .set({
          titles: { ...row.titles, [edit.language]: edit.title },
          bodies: { ...row.bodies, [edit.language]: body },
          status: edit.is_published ? 1 : 0,
          updatedDate: new Date(),
        })
        .where(eq(blogs.id, blogId))
        .returning();
      if (!updated) throw notFound('api.blogNotFound');
      record(publish, asker, 'blog.update', blogId, auditOf(row, edit.language), auditOf(updated, edit.language));
      return updated;
    });
    return this.present(saved);
  }

  /** Removes the post with its photo and comments. */
  async remove(asker: Asker, blogId: number) {
    refuseUnlessAdmin(asker);
    const photoPaths = await this.events.transaction(this.db, async (tx, publish) => {
      const [row] = await tx.delete(blogs).where(eq(blogs.id, blogId)).returning();
      if (!row) throw notFound('api.blogNotFound');
      const photos = await findImageRows(tx, { parentIds: [String(blogId)], types: ['blog'] });
      const paths = await deleteImageRows(
        tx,
        photos.map((photo) => photo.img_id),
        String(blogId),
      );
      record(publish, asker, 'blog.delete', blogId, { titles: row.titles, is_published: row.status === 1 }, null);
      return paths;
    });
    await Promise.all(photoPaths.map((path) => this.media.removeStored(path)));
  }

  /** The post's photo (its card's and its page's picture): a new one replaces the one before. */
  async savePhoto(asker: Asker, blogId: number, upload: Upload | undefined): Promise<ConsoleBlog> {
    refuseUnlessAdmin(asker);
    await this.get(asker, blogId);
    if (!upload) throw new AppError(400, 'users.photoNotImage');
    const stored = await this.media
      .storeImage(upload, {
        ...{ folder: 'blogs', name: `blog-${blogId}`, owner: asker.userId },
        ...{ box: BLOG_PHOTO_BOX, maxBytes: MAX_BLOG_PHOTO_BYTES },
      })
      .catch((error: unknown) => {
        throw photoRefusal(error);
      });
    const replaced = await this.replacePhoto(asker, blogId, stored).catch(async (error: unknown) => {
      await this.media.removeStored(stored.path);
      throw error;
    });
    await Promise.all(replaced.map((path) => this.media.removeStored(path)));
    return this.get(asker, blogId);
  }

  private replacePhoto(asker: Asker, blogId: number, stored: { path: string; width: number; height: number }) {
    return this.events.transaction(this.db, async (tx, publish) => {
      const [row] = await tx.select({ id: blogs.id }).from(blogs).where(eq(blogs.id, blogId)).for('update');
      if (!row) throw notFound('api.blogNotFound');
      const { removed } = await replaceSoleImage(tx, String(blogId), 'blog', stored);
      record(publish, asker, 'blog.photo', blogId, { photo: removed[0] ?? null }, { photo: stored.path });
      return removed;
    });
  }

  private async present(row: BlogRow): Promise<ConsoleBlog> {
    const photos = await firstImages(this.db, [row.id], ['blog']);
    return {
      id: row.id,
      titles: row.titles,
      bodies: row.bodies,
      is_published: row.status === 1,
      added_date: row.addedDate.toISOString(),
      updated_date: row.updatedDate?.toISOString() ?? null,
      photo: photos.get(`${row.id}:blog`) ?? null,
    };
  }
}

function sanitizedBody(html: string) {
  const body = sanitizePostHtml(html);
  if (body === '') throw new AppError(400, 'console.blog.bodyEmpty');
  return body;
}

function titleIn(row: BlogRow, language: LanguageCode) {
  const texts = Object.entries(row.titles).map(([lang, title]) => ({ lang, title }));
  return pickByLanguage(texts, language)?.title ?? '';
}

function auditOf(row: BlogRow, language: LanguageCode) {
  return {
    language,
    title: row.titles[language] ?? null,
    body: row.bodies[language] ?? null,
    is_published: row.status === 1,
  };
}

function record(
  publish: Publish,
  asker: Asker,
  action: string,
  blogId: number,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
) {
  publish('content.changed', { subject: `blog:${blogId}` });
  recordOperatorAction(publish, {
    ...{ actorId: asker.userId, action, subjectType: 'content', subjectId: `blog:${blogId}` },
    ...{ before, after },
  });
}
