import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { MAX_ITEM_IMAGES } from '../../../contract/items.ts';
import { DEFAULT_LANGUAGE, type LanguageCode } from '../../../contract/language.ts';
import type { Image } from '../../../contract/media.ts';
import { DAY_MS, HOUR_MS, lockAccountCounter, refuseAtLimit } from '../../kernel/account-limits.ts';
import type { Db, Tx } from '../../kernel/database.ts';
import { AppError } from '../../kernel/errors.ts';
import type { EventBus, Publish } from '../../kernel/events.ts';
import type { JobQueue } from '../../kernel/jobs.ts';
import {
  type DbOrTx,
  deleteImageRows,
  findImageRows,
  type ImageRow,
  insertImageRow,
  type MediaService,
  replaceSoleImage,
  type Upload,
  updateImageRow,
} from '../media/index.ts';
import type { SettingsService } from '../settings/index.ts';
import {
  DRAFT_LIFETIME_MS,
  DRAFT_PREFIX,
  draftParentOf,
  ITEM_MEDIA_TYPES,
  ITEM_PHOTO_BOX,
  type ItemMediaType,
  MAX_DRAFTS,
  MAX_ITEM_PHOTO_BYTES,
  photoRefusal,
  VIDEO_ICON_BOX,
  videoRefusal,
} from './item-media-rules.ts';
import './events.ts';
import { type Asker, canEditItem, statusAfterEdit } from './policy.ts';
import { items, itemUploads } from './schema.ts';

/** Removes the drafts no item took within a day, every hour at minute 17. */
export const SWEEP_DRAFTS_JOB = 'items.sweep-drafts' as const;
const SWEEP_DRAFTS_CRON = '17 * * * *';

declare module '../../kernel/jobs.ts' {
  interface JobPayloads {
    'items.sweep-drafts': Record<string, never>;
  }
}

export interface ItemMediaDependencies {
  db: Db;
  media: MediaService;
  settings: SettingsService;
  /** When given, a change of an existing item's media publishes 'item.updated' after it committed. */
  events?: EventBus;
}

export interface ItemMediaChoice {
  image_ids: string[];
  video_id: string | null;
  video_icon_id: string | null;
}

export interface ItemVideo {
  video: Image | null;
  icon: Image | null;
}

type ItemRow = Pick<typeof items.$inferSelect, 'id' | 'addedUserId' | 'status' | 'deletedAt'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The first key of this module's advisory locks (pg_advisory_xact_lock(key, hashtext(draft parent))). */
const DRAFT_LOCK_KEY = 0x17e3_0009;
/** Drafts removed per sweep of abandoned drafts (the rest go at the next one). */
const SWEEP_BATCH = 500;

const unknownUpload = () => new AppError(400, 'api.itemUploadUnknown');
const itemNotFound = () => new AppError(404, 'api.itemNotFound');
const photoNotFound = () => new AppError(404, 'api.itemImageNotFound');
const plain = ({ ordering: _ordering, added_date: _added, ...image }: ImageRow): Image => image;

/**
 * An item's photos (up to MAX_ITEM_IMAGES, the first one the cover), its video (under a minute) and the
 * video's thumbnail: uploads before the item exists (drafts of their user, `draft:<userId>`), the changes of
 * an existing item's media, and their files. Every change of an item's media checks that the asker may edit
 * the item (policy.ts) and is an edit of the item: its status follows statusAfterEdit.
 */
export class ItemMediaService {
  private readonly db: Db;
  private readonly media: MediaService;
  private readonly settings: SettingsService;
  private readonly events: EventBus | undefined;

  constructor({ db, media, settings, events }: ItemMediaDependencies) {
    this.db = db;
    this.media = media;
    this.settings = settings;
    this.events = events;
  }

  // ---- The item's media as the item service saves and shows it ----

  /**
   * Makes the item's photos exactly imageIds in that order (each a draft upload of ownerId, or already a
   * photo of this item), and the video and its thumbnail likewise (null removes). Rows move inside `tx`;
   * returns the stored paths no longer used, to remove after commit. Throws AppError 400
   * 'api.itemUploadUnknown' for an id that is neither.
   */
  async attach(
    tx: DbOrTx,
    ownerId: string,
    itemId: string,
    media: ItemMediaChoice,
  ): Promise<{ unusedPaths: string[] }> {
    if (media.image_ids.length > MAX_ITEM_IMAGES) throw new AppError(400, 'validation.tooManyImages');
    const draft = draftParentOf(ownerId);
    const wanted = [...media.image_ids, media.video_id, media.video_icon_id].filter((id) => id !== null);
    if (new Set(wanted).size !== wanted.length) throw unknownUpload();
    await lockDrafts(tx, draft);
    const rows = await findImageRows(tx, { parentIds: [draft, itemId], types: ITEM_MEDIA_TYPES });
    const byId = new Map(rows.map((row) => [row.img_id, row]));
    const pick = (id: string, type: ItemMediaType) => {
      const row = byId.get(id);
      if (row?.img_type !== type) throw unknownUpload();
      return row;
    };
    const photos = media.image_ids.map((id) => pick(id, 'item'));
    const video = media.video_id ? pick(media.video_id, 'video') : null;
    const icon = media.video_icon_id ? pick(media.video_icon_id, 'video-icon') : null;
    const kept = new Set(wanted);
    const unused = rows.filter((row) => row.img_parent_id === itemId && !kept.has(row.img_id));
    const unusedPaths = await deleteImageRows(
      tx,
      unused.map((row) => row.img_id),
      itemId,
    );
    const placements = [
      ...photos.map((row, index) => ({ row, ordering: index })),
      ...[video, icon].filter((row) => row !== null).map((row) => ({ row, ordering: 0 })),
    ];
    for (const { row, ordering } of placements) {
      if (row.img_parent_id === itemId && row.ordering === ordering) continue;
      const moved = await updateImageRow(tx, row.img_id, row.img_parent_id, { parentId: itemId, ordering });
      if (!moved) throw unknownUpload();
    }
    return { unusedPaths };
  }

  /** Removes stored files and their thumbnail variants (after the transaction that let go of them committed). */
  async removeFiles(paths: string[]): Promise<void> {
    // A file that cannot be removed now stays as an orphan in the storage; the answer is not made to fail for it.
    await Promise.allSettled(paths.map((path) => this.media.removeStored(path)));
  }

  /** Deletes every photo, video and thumbnail row of the item and their files (soft delete of the item). */
  async removeAllOf(itemId: string): Promise<void> {
    await this.media.removeImagesOf(itemId, [...ITEM_MEDIA_TYPES]);
  }

  /** Photos in order (cover first) for several items in one query; every asked id has an entry. */
  async photosOf(itemIds: string[]): Promise<Map<string, Image[]>> {
    const found = new Map<string, Image[]>(itemIds.map((id) => [id, []]));
    const rows = await findImageRows(this.db, { parentIds: [...new Set(itemIds)], types: ['item'] });
    for (const row of rows) found.get(row.img_parent_id)?.push(plain(row));
    return found;
  }

  /** The video and its thumbnail of several items in one query; every asked id has an entry. */
  async videosOf(itemIds: string[]): Promise<Map<string, ItemVideo>> {
    const found = new Map<string, ItemVideo>(itemIds.map((id) => [id, { video: null, icon: null }]));
    const rows = await findImageRows(this.db, { parentIds: [...new Set(itemIds)], types: ['video', 'video-icon'] });
    for (const row of rows) {
      const entry = found.get(row.img_parent_id);
      if (!entry) continue;
      if (row.img_type === 'video') entry.video ??= plain(row);
      else entry.icon ??= plain(row);
    }
    return found;
  }

  // ---- Drafts: uploads made while the item is being written ----

  /**
   * Stores a photo, video or video thumbnail for an item not saved yet, as a draft of the user. A user holds
   * at most MAX_DRAFTS of each kind; the user's drafts older than a day are removed first.
   */
  async uploadDraft(
    userId: string,
    type: ItemMediaType,
    upload: Upload,
    language: LanguageCode = DEFAULT_LANGUAGE,
  ): Promise<Image> {
    const parentId = draftParentOf(userId);
    await this.removeStaleDrafts(parentId);
    await this.checkDraftRoom(this.db, parentId, type);
    const stored = await this.store(type, userId, upload, language);
    try {
      return await this.db.transaction(async (tx) => {
        await lockDrafts(tx, parentId);
        const count = await this.checkDraftRoom(tx, parentId, type);
        return insertImageRow(tx, { parentId, type, ...stored, ordering: count });
      });
    } catch (error) {
      await this.removeFiles([stored.path]);
      throw error;
    }
  }

  /** Discards one of the user's own drafts, its row and files; someone else's or an unknown one is a 404. */
  async discardDraft(userId: string, imgId: string): Promise<void> {
    const parentId = draftParentOf(userId);
    const paths = await this.db.transaction(async (tx) => {
      await lockDrafts(tx, parentId);
      return deleteImageRows(tx, [imgId], parentId);
    });
    if (paths.length === 0) throw new AppError(404, 'api.itemUploadUnknown');
    await this.removeFiles(paths);
  }

  /**
   * Removes drafts no item took within DRAFT_LIFETIME_MS, of every user (for a periodic job), in batches;
   * answers how many went.
   */
  async removeAbandonedDrafts(now = new Date()): Promise<number> {
    const before = new Date(now.getTime() - DRAFT_LIFETIME_MS);
    let removed = 0;
    for (;;) {
      const rows = await findImageRows(this.db, {
        parentPrefix: DRAFT_PREFIX,
        types: ITEM_MEDIA_TYPES,
        addedBefore: before,
        limit: SWEEP_BATCH,
      });
      if (rows.length === 0) return removed;
      for (const parentId of new Set(rows.map((row) => row.img_parent_id))) {
        const ids = rows.filter((row) => row.img_parent_id === parentId).map((row) => row.img_id);
        removed += await this.removeDrafts(parentId, ids);
      }
      if (rows.length < SWEEP_BATCH) return removed;
    }
  }

  /** Forgets the uploads counted more than a day ago (the limit looks back an hour). */
  async forgetOldUploads(now = new Date()): Promise<number> {
    const result = await this.db.delete(itemUploads).where(lt(itemUploads.addedDate, new Date(now.getTime() - DAY_MS)));
    return result.rowCount ?? 0;
  }

  /**
   * Registers the hourly sweep of abandoned drafts and old upload counts (safe to repeat: a draft removed twice
   * is gone once).
   */
  async scheduleDraftSweep(jobs: JobQueue) {
    jobs.work(SWEEP_DRAFTS_JOB, async () => {
      await this.removeAbandonedDrafts();
      await this.forgetOldUploads();
    });
    await jobs.every(SWEEP_DRAFTS_JOB, SWEEP_DRAFTS_CRON);
  }

  // ---- Changes of an existing item's media (each one an edit of the item) ----

  /**
   * Adds a photo to the item (at most MAX_ITEM_IMAGES), or replaces one of its photos in place (same id and
   * place, new file): the replaced file and its thumbnails are removed.
   */
  async addPhoto(
    asker: Asker,
    itemId: string,
    upload: Upload,
    replaceImgId: string | null = null,
    language: LanguageCode = DEFAULT_LANGUAGE,
  ): Promise<Image> {
    const check = async (db: DbOrTx, lock: boolean) => {
      const item = await this.editableItem(db, asker, itemId, lock);
      const photos = await findImageRows(db, { parentIds: [itemId], types: ['item'] });
      const replaced = replaceImgId === null ? null : photos.find((photo) => photo.img_id === replaceImgId);
      if (replaced === undefined) throw photoNotFound();
      if (!replaced && photos.length >= MAX_ITEM_IMAGES) throw new AppError(400, 'validation.tooManyImages');
      return { item, photos, replaced };
    };
    // Checked before the decode and again, locked, before the row is written.
    await check(this.db, false);
    const stored = await this.store('item', asker.userId, upload, language);
    let image: Image;
    let previous: string | null = null;
    try {
      image = await this.edit(asker, async (tx, edited) => {
        const { item, photos, replaced } = await check(tx, true);
        const saved = replaced
          ? await updateImageRow(tx, replaced.img_id, itemId, stored)
          : await insertImageRow(tx, {
              parentId: itemId,
              type: 'item',
              ...stored,
              ordering: Math.max(-1, ...photos.map((photo) => photo.ordering)) + 1,
            });
        if (!saved) throw photoNotFound();
        previous = replaced?.img_path ?? null;
        await edited(item);
        return saved;
      });
    } catch (error) {
      await this.removeFiles([stored.path]);
      throw error;
    }
    if (previous) await this.removeFiles([previous]);
    return image;
  }

  /** Removes one photo of the item; the last one stays (an item has at least one photo). Answers the rest. */
  async removePhoto(asker: Asker, itemId: string, imgId: string): Promise<Image[]> {
    const { paths, rest } = await this.edit(asker, async (tx, edited) => {
      const item = await this.editableItem(tx, asker, itemId, true);
      const photos = await findImageRows(tx, { parentIds: [itemId], types: ['item'] });
      if (!photos.some((photo) => photo.img_id === imgId)) throw photoNotFound();
      if (photos.length <= 1) throw new AppError(400, 'validation.imageRequired');
      const paths = await deleteImageRows(tx, [imgId], itemId);
      await edited(item);
      return { paths, rest: photos.filter((photo) => photo.img_id !== imgId).map(plain) };
    });
    await this.removeFiles(paths);
    return rest;
  }

  /** Puts the item's photos in this order (the first is the cover): exactly the item's photos, each once. */
  async reorderPhotos(asker: Asker, itemId: string, imgIds: string[]): Promise<Image[]> {
    return this.edit(asker, async (tx, edited) => {
      const item = await this.editableItem(tx, asker, itemId, true);
      const photos = await findImageRows(tx, { parentIds: [itemId], types: ['item'] });
      const byId = new Map(photos.map((photo) => [photo.img_id, photo]));
      const ordered = imgIds.map((id) => byId.get(id));
      if (imgIds.length !== photos.length || new Set(imgIds).size !== imgIds.length || ordered.includes(undefined)) {
        throw new AppError(400, 'api.itemImagesMismatch');
      }
      let changed = false;
      for (const [index, photo] of ordered.entries()) {
        if (!photo || photo.ordering === index) continue;
        changed = true;
        await updateImageRow(tx, photo.img_id, itemId, { ordering: index });
      }
      if (changed) await edited(item);
      return ordered.filter((photo) => photo !== undefined).map(plain);
    });
  }

  /** Sets the item's video or its thumbnail: the one it had before is removed with its files. */
  async setVideo(
    asker: Asker,
    itemId: string,
    type: 'video' | 'video-icon',
    upload: Upload,
    language: LanguageCode = DEFAULT_LANGUAGE,
  ): Promise<Image> {
    await this.editableItem(this.db, asker, itemId, false);
    const stored = await this.store(type, asker.userId, upload, language);
    let previous: string[] = [];
    let image: Image;
    try {
      image = await this.edit(asker, async (tx, edited) => {
        const item = await this.editableItem(tx, asker, itemId, true);
        const replaced = await replaceSoleImage(tx, itemId, type, stored);
        previous = replaced.removed;
        await edited(item);
        return replaced.image as Image;
      });
    } catch (error) {
      await this.removeFiles([stored.path]);
      throw error;
    }
    await this.removeFiles(previous);
    return image;
  }

  /** Removes the item's video and its thumbnail, rows and files (nothing to remove is not an error). */
  async removeVideo(asker: Asker, itemId: string): Promise<void> {
    const paths = await this.edit(asker, async (tx, edited) => {
      const item = await this.editableItem(tx, asker, itemId, true);
      const rows = await findImageRows(tx, { parentIds: [itemId], types: ['video', 'video-icon'] });
      const removed = await deleteImageRows(
        tx,
        rows.map((row) => row.img_id),
        itemId,
      );
      if (removed.length > 0) await edited(item);
      return removed;
    });
    await this.removeFiles(paths);
  }

  // ---- Inside ----

  /** The item, when it exists, is not deleted and the asker may edit it; locked for the transaction when asked. */
  private async editableItem(db: DbOrTx, asker: Asker, itemId: string, lock: boolean): Promise<ItemRow> {
    if (!UUID.test(itemId)) throw itemNotFound();
    const query = db
      .select({ id: items.id, addedUserId: items.addedUserId, status: items.status, deletedAt: items.deletedAt })
      .from(items)
      .where(eq(items.id, itemId));
    const [item] = await (lock ? query.for('update') : query);
    if (!item || item.deletedAt) throw itemNotFound();
    if (!canEditItem(asker, item)) throw new AppError(403, 'errors.forbidden');
    return item;
  }

  /**
   * An edit of an item's media in one transaction; `edited(item)` marks the item changed and publishes
   * 'item.updated' with it.
   */
  private edit<T>(
    asker: Asker,
    work: (tx: DbOrTx, edited: (item: ItemRow) => Promise<void>) => Promise<T>,
  ): Promise<T> {
    const run = (tx: Tx, publish?: Publish) =>
      work(tx, async (item) => {
        await this.markEdited(tx, asker, item);
        publish?.('item.updated', { itemId: item.id, ownerId: item.addedUserId });
      });
    return this.events ? this.events.transaction(this.db, run) : this.db.transaction((tx) => run(tx));
  }

  /** A change of photos or video is an edit: the status after an edit (approval again when it is on), who and when. */
  private async markEdited(tx: DbOrTx, asker: Asker, item: ItemRow) {
    const approvalRequired = await this.settings.itemApprovalRequired(tx);
    await tx
      .update(items)
      .set({
        status: statusAfterEdit(item.status, approvalRequired),
        updatedDate: new Date(),
        updatedUserId: asker.userId,
      })
      .where(eq(items.id, item.id));
  }

  /** Stores the upload by its kind's rule, within the account's hourly uploads; a refusal becomes the user's message. */
  private async store(type: ItemMediaType, userId: string, upload: Upload, language: LanguageCode) {
    await this.countUpload(userId, language);
    const name = `${userId}-${type === 'item' ? 'photo' : type}`;
    if (type === 'video') {
      const video = await this.media.storeVideo(upload, { folder: 'items', name }).catch((error: unknown) => {
        throw videoRefusal(error);
      });
      return { path: video.path, width: 0, height: 0 };
    }
    const box = type === 'item' ? ITEM_PHOTO_BOX : VIDEO_ICON_BOX;
    const image = await this.media
      .storeImage(upload, { folder: 'items', name, box, maxBytes: MAX_ITEM_PHOTO_BYTES, owner: userId })
      .catch((error: unknown) => {
        throw photoRefusal(error);
      });
    return { path: image.path, width: image.width, height: image.height };
  }

  /**
   * Counts one upload of the account, refusing it past uploads_per_hour before anything is decoded: one account
   * cannot keep the image pool busy for everyone else.
   */
  private async countUpload(userId: string, language: LanguageCode) {
    const { uploadsPerHour: limit } = await this.settings.accountLimits();
    if (limit <= 0) return;
    await this.db.transaction(async (tx) => {
      await lockAccountCounter(tx, 'item-uploads', userId);
      const [sent] = await tx
        .select({ count: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${itemUploads.addedDate})` })
        .from(itemUploads)
        .where(and(eq(itemUploads.userId, userId), gt(itemUploads.addedDate, new Date(Date.now() - HOUR_MS))));
      refuseAtLimit(
        sent ?? { count: 0, oldest: null },
        { limit, windowMs: HOUR_MS, messageKey: 'api.uploadHourlyLimit' },
        language,
      );
      await tx.insert(itemUploads).values({ userId });
    });
  }

  /** Refuses a draft beyond the user's limit for its kind; answers how many the user holds. */
  private async checkDraftRoom(db: DbOrTx, parentId: string, type: ItemMediaType) {
    const count = (await findImageRows(db, { parentIds: [parentId], types: [type] })).length;
    if (count >= MAX_DRAFTS[type]) {
      throw new AppError(400, type === 'item' ? 'api.itemDraftPhotoLimit' : 'api.itemDraftVideoLimit', {
        values: { count: MAX_DRAFTS[type] },
      });
    }
    return count;
  }

  /** Removes the user's drafts older than a day (bounded: at most MAX_DRAFTS of each kind exist). */
  private async removeStaleDrafts(parentId: string) {
    const before = new Date(Date.now() - DRAFT_LIFETIME_MS);
    const stale = await findImageRows(this.db, { parentIds: [parentId], types: ITEM_MEDIA_TYPES, addedBefore: before });
    if (stale.length > 0) {
      await this.removeDrafts(
        parentId,
        stale.map((row) => row.img_id),
      );
    }
  }

  private async removeDrafts(parentId: string, ids: string[]) {
    const paths = await this.db.transaction(async (tx) => {
      await lockDrafts(tx, parentId);
      return deleteImageRows(tx, ids, parentId);
    });
    await this.removeFiles(paths);
    return paths.length;
  }
}

/**
 * Serialises the changes of one user's drafts (a new draft counted against the limit, drafts taken by an
 * item, discarded or swept) until the transaction ends.
 */
async function lockDrafts(tx: DbOrTx, parentId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(${DRAFT_LOCK_KEY}, hashtext(${parentId}))`);
}
