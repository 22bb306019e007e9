import { asc, eq } from 'drizzle-orm';
import type { Banner, BannerEdit, ConsoleBanner } from '../../../contract/banners.ts';
import type { LanguageCode } from '../../../contract/language.ts';
import type { Db } from '../../kernel/database.ts';
import { AppError, notFound } from '../../kernel/errors.ts';
import type { EventBus, Publish } from '../../kernel/events.ts';
import { pickByLanguage } from '../../kernel/localized-text.ts';
import { recordOperatorAction, refuseUnlessAdmin } from '../../kernel/operator-actions.ts';
import { type MediaService, photoRefusal, type Upload } from '../media/index.ts';
import { banners } from './schema.ts';
import './events.ts';

type BannerRow = typeof banners.$inferSelect;

interface Asker {
  userId: string;
  isAdmin: boolean;
}

/** A dashboard banner is a wide picture: 3 to 1, sharp on a large screen. */
const BANNER_BOX = { width: 1800, height: 600, fit: 'cover' } as const;
/** The limit the profile photo has, so its translated refusals (users.photo*) say the right size. */
export const MAX_BANNER_BYTES = 8 * 1024 * 1024;
/** The dashboard shows a handful; more would only push the listings down. */
export const BANNERS_SHOWN = 5;

/** The dashboard's banners (SPEC.md 3), and the console's commands on them (issue 24), each in the audit log. */
export class Banners {
  private readonly db: Db;
  private readonly events: EventBus;
  private readonly media: MediaService;

  constructor(db: Db, events: EventBus, media: MediaService) {
    this.db = db;
    this.events = events;
    this.media = media;
  }

  /** The published banners in their order, worded in the reader's language. */
  async shown(language: LanguageCode): Promise<Banner[]> {
    const rows = await this.db
      .select()
      .from(banners)
      .where(eq(banners.status, 1))
      .orderBy(asc(banners.ordering), asc(banners.id))
      .limit(BANNERS_SHOWN);
    return rows.map((row) => ({
      id: row.id,
      title: titleIn(row, language),
      image_path: row.imagePath,
      link: row.link,
      ordering: row.ordering,
    }));
  }

  /** Every banner, hidden ones too, in their order. */
  async list(asker: Asker): Promise<ConsoleBanner[]> {
    refuseUnlessAdmin(asker);
    const rows = await this.db.select().from(banners).orderBy(asc(banners.ordering), asc(banners.id));
    return rows.map(presentBanner);
  }

  async get(asker: Asker, bannerId: number): Promise<ConsoleBanner> {
    refuseUnlessAdmin(asker);
    const [row] = await this.db.select().from(banners).where(eq(banners.id, bannerId));
    if (!row) throw notFound('console.banners.notFound');
    return presentBanner(row);
  }

  /** A new banner needs its picture from the start: the dashboard never shows one without. */
  async create(asker: Asker, edit: BannerEdit, picture: Upload | undefined): Promise<ConsoleBanner> {
    refuseUnlessAdmin(asker);
    if (!picture) throw new AppError(400, 'users.photoNotImage');
    const path = await this.storePicture(asker, picture);
    const saved = await this.events
      .transaction(this.db, async (tx, publish) => {
        const [row] = await tx
          .insert(banners)
          .values({ ...columnsOf(edit), imagePath: path })
          .returning();
        if (!row) throw new Error('banner not inserted');
        record(publish, asker, 'banner.create', row.id, null, presentBanner(row));
        return row;
      })
      .catch(async (error: unknown) => {
        await this.media.removeStored(path);
        throw error;
      });
    return presentBanner(saved);
  }

  async update(asker: Asker, bannerId: number, edit: BannerEdit): Promise<ConsoleBanner> {
    refuseUnlessAdmin(asker);
    const saved = await this.events.transaction(this.db, async (tx, publish) => {
      const [row] = await tx.select().from(banners).where(eq(banners.id, bannerId)).for('update');
      if (!row) throw notFound('console.banners.notFound');
      const [updated] = await tx.update(banners).set(columnsOf(edit)).where(eq(banners.id, bannerId)).returning();
      if (!updated) throw notFound('console.banners.notFound');
      record(publish, asker, 'banner.update', bannerId, presentBanner(row), presentBanner(updated));
      return updated;
    });
    return presentBanner(saved);
  }

  /** A new picture replaces the banner's one, whose file goes. */
  async replacePicture(asker: Asker, bannerId: number, picture: Upload | undefined): Promise<ConsoleBanner> {
    await this.get(asker, bannerId);
    if (!picture) throw new AppError(400, 'users.photoNotImage');
    const path = await this.storePicture(asker, picture);
    const replaced = await this.events
      .transaction(this.db, async (tx, publish) => {
        const [row] = await tx.select().from(banners).where(eq(banners.id, bannerId)).for('update');
        if (!row) throw notFound('console.banners.notFound');
        const [updated] = await tx.update(banners).set({ imagePath: path }).where(eq(banners.id, bannerId)).returning();
        record(publish, asker, 'banner.picture', bannerId, { image_path: row.imagePath }, { image_path: path });
        return { previous: row.imagePath, updated };
      })
      .catch(async (error: unknown) => {
        await this.media.removeStored(path);
        throw error;
      });
    await this.media.removeStored(replaced.previous);
    return this.get(asker, bannerId);
  }

  async remove(asker: Asker, bannerId: number) {
    refuseUnlessAdmin(asker);
    const removed = await this.events.transaction(this.db, async (tx, publish) => {
      const [row] = await tx.delete(banners).where(eq(banners.id, bannerId)).returning();
      if (!row) throw notFound('console.banners.notFound');
      record(publish, asker, 'banner.delete', bannerId, presentBanner(row), null);
      return row;
    });
    await this.media.removeStored(removed.imagePath);
  }

  private storePicture(asker: Asker, picture: Upload) {
    return this.media
      .storeImage(picture, {
        ...{ folder: 'banners', name: 'banner', owner: asker.userId },
        ...{ box: BANNER_BOX, maxBytes: MAX_BANNER_BYTES },
      })
      .then((stored) => stored.path)
      .catch((error: unknown) => {
        throw photoRefusal(error);
      });
  }
}

function columnsOf(edit: BannerEdit) {
  const titles = Object.fromEntries(Object.entries(edit.titles).filter(([, title]) => title !== ''));
  return { titles, link: edit.link, ordering: edit.ordering, status: edit.is_published ? 1 : 0 };
}

function presentBanner(row: BannerRow): ConsoleBanner {
  return {
    id: row.id,
    titles: row.titles,
    image_path: row.imagePath,
    link: row.link,
    ordering: row.ordering,
    is_published: row.status === 1,
  };
}

function titleIn(row: BannerRow, language: LanguageCode) {
  const texts = Object.entries(row.titles).map(([lang, title]) => ({ lang, title }));
  return pickByLanguage(texts, language)?.title ?? '';
}

function record(
  publish: Publish,
  asker: Asker,
  action: string,
  bannerId: number,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
) {
  publish('banners.changed', { bannerId });
  recordOperatorAction(publish, {
    ...{ actorId: asker.userId, action, subjectType: 'content', subjectId: `banner:${bannerId}` },
    ...{ before, after },
  });
}
