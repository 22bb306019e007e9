import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../kernel/database.ts';
import { type FileStorage, isNoSpaceError, type TempFiles } from '../../kernel/storage/index.ts';
import { detectType, IMAGE_TYPES, VIDEO_TYPES } from './file-types.ts';
import { checkImageHeader, type ImageBox, inDecodingSlot, writeThumbnail, writeWebp } from './image-pipeline.ts';
import { MAX_PDF_BYTES, MAX_PDF_PAGES, MAX_VIDEO_BYTES, MAX_VIDEO_SECONDS, THUMBNAIL_VARIANTS } from './limits.ts';
import { pdfPageCount } from './pdf-pages.ts';
import { MediaRefused } from './refusals.ts';
import { images } from './schema.ts';
import { videoSeconds } from './video.ts';

/** A received file waiting in the temporary folder (the caller discards it). */
export interface Upload {
  path: string;
  bytes: number;
}

/** Where a stored file goes: `folder/name-<random>.<ext>`, e.g. "users/u1-profile-1a2b3c4d.webp". */
export interface Destination {
  folder: string;
  name: string;
}

export interface ImageRule extends Destination {
  box: ImageBox;
  maxBytes: number;
  /** The account the picture is from: decoding takes turns between accounts (fair-slots.ts). */
  owner: string;
}

export interface StoredImage {
  path: string;
  width: number;
  height: number;
  /** The thumbnails' paths (thumbnail, thumbnail2x, thumbnail3x), when the app setting asks for them. */
  variants: string[];
}

export interface MediaSettings {
  /** The app setting is_thumb2x_3x_generate (SPEC.md 3, app_setting). */
  thumbnailVariantsEnabled(): Promise<boolean>;
}

/**
 * The one media pipeline: a received file is judged by its own bytes (type by magic bytes, byte, pixel,
 * duration and page limits), converted where it is a picture, and put into the storage with a new name.
 * Whatever fails, nothing is left behind: results are written to temporary files first and a file put into
 * the storage before a failure is removed again.
 */
export class MediaService {
  private readonly db: Db;
  private readonly storage: FileStorage;
  private readonly temp: TempFiles;
  private readonly settings: MediaSettings;

  constructor(db: Db, storage: FileStorage, temp: TempFiles, settings: MediaSettings) {
    this.db = db;
    this.storage = storage;
    this.temp = temp;
    this.settings = settings;
  }

  /** A picture: upright, without metadata, fitted to the rule's box as WebP, plus thumbnails when enabled. */
  async storeImage(upload: Upload, rule: ImageRule): Promise<StoredImage> {
    checkBytes(upload, rule.maxBytes);
    const type = await detectType(upload.path);
    if (!type || !IMAGE_TYPES.has(type.mime)) throw new MediaRefused('type');
    const { pixelLimit } = await checkImageHeader(upload.path);
    const outputs: Array<{ path: string; discard(): Promise<void> }> = [];
    const output = async () => {
      const file = await this.temp.reserve('.webp');
      outputs.push(file);
      return file.path;
    };
    try {
      const main = await output();
      const key = newKey(rule, 'webp');
      const files = [{ key, path: main }];
      const withVariants = await this.settings.thumbnailVariantsEnabled();
      const info = await inDecodingSlot(rule.owner, async () => {
        const converted = await writeWebp(upload.path, main, rule.box, pixelLimit);
        for (const variant of withVariants ? THUMBNAIL_VARIANTS : []) {
          const file = await output();
          await writeThumbnail(main, file, variant.size);
          files.push({ key: `${variant.folder}/${key}`, path: file });
        }
        return converted;
      });
      await this.putAll(files, 'image/webp');
      return { path: key, width: info.width, height: info.height, variants: files.slice(1).map((file) => file.key) };
    } catch (error) {
      throw isNoSpaceError(error) ? this.temp.noSpace(error) : error;
    } finally {
      await Promise.all(outputs.map((file) => file.discard()));
    }
  }

  /** An MP4 or WebM video, stored as it came, within its byte and duration limits. */
  async storeVideo(upload: Upload, rule: Destination & { maxBytes?: number; maxSeconds?: number }) {
    checkBytes(upload, rule.maxBytes ?? MAX_VIDEO_BYTES);
    const type = await detectType(upload.path);
    if (!type || !VIDEO_TYPES.has(type.mime)) throw new MediaRefused('type');
    const durationSeconds = await videoSeconds(upload.path, rule.maxSeconds ?? MAX_VIDEO_SECONDS);
    const key = newKey(rule, type.ext);
    await this.storeAsItCame(upload, key, type.mime);
    return { path: key, mime: type.mime, durationSeconds };
  }

  /** A PDF (a dealer's certificate), stored as it came, when it is a readable PDF with a sane page count. */
  async storePdf(upload: Upload, rule: Destination & { maxBytes?: number; maxPages?: number }) {
    checkBytes(upload, rule.maxBytes ?? MAX_PDF_BYTES);
    const type = await detectType(upload.path);
    if (type?.mime !== 'application/pdf') throw new MediaRefused('type');
    const pages = await pdfPageCount(upload.path);
    if (pages === null) throw new MediaRefused('type');
    if (pages < 1 || pages > (rule.maxPages ?? MAX_PDF_PAGES)) throw new MediaRefused('pages');
    const key = newKey(rule, 'pdf');
    await this.storeAsItCame(upload, key, 'application/pdf');
    return { path: key, pages };
  }

  /** Puts the upload into the storage unchanged; a full disk is told apart from any other failure. */
  private async storeAsItCame(upload: Upload, key: string, mime: string) {
    try {
      await this.putAll([{ key, path: upload.path }], mime);
    } catch (error) {
      throw isNoSpaceError(error) ? this.temp.noSpace(error) : error;
    }
  }

  /** A stored file's bytes (a private one, such as a certificate, handed to an operator); null when gone. */
  openStored(path: string) {
    return this.storage.get(path);
  }

  /** Removes a stored file and its thumbnails (when its parent is replaced or deleted). */
  async removeStored(path: string) {
    await this.storage.remove([path, ...THUMBNAIL_VARIANTS.map((variant) => `${variant.folder}/${path}`)]);
  }

  /**
   * Deletes the image rows of a parent (an item, a blog post...), optionally of some image types only,
   * then their files and thumbnails.
   */
  async removeImagesOf(parentId: string | number, types?: string[]) {
    const where = types
      ? and(eq(images.imgParentId, String(parentId)), inArray(images.imgType, types))
      : eq(images.imgParentId, String(parentId));
    const removed = await this.db.delete(images).where(where).returning({ path: images.imgPath });
    await Promise.all(removed.map((row) => this.removeStored(row.path)));
    return removed.length;
  }

  /** Puts every file or none: a failure removes the ones already stored. */
  private async putAll(files: Array<{ key: string; path: string }>, contentType: string) {
    const stored: string[] = [];
    try {
      for (const file of files) {
        await this.storage.put(file.key, file.path, contentType);
        stored.push(file.key);
      }
    } catch (error) {
      await this.storage.remove(stored).catch(() => {});
      throw error;
    }
  }
}

function checkBytes(upload: Upload, maxBytes: number) {
  if (upload.bytes === 0) throw new MediaRefused('type');
  if (upload.bytes > maxBytes) throw new MediaRefused('bytes');
}

function newKey(destination: Destination, extension: string) {
  const name = destination.name.toLowerCase().replace(/[^a-z0-9_-]+/g, '-');
  return `${destination.folder}/${name}-${randomUUID().slice(0, 8)}.${extension}`;
}
