import type { ImageType } from '../../../contract/media.ts';
import type { Db } from '../../kernel/database.ts';
import { AppError, notFound } from '../../kernel/errors.ts';
import type { EventBus, Publish } from '../../kernel/events.ts';
import { type AuditSubject, recordOperatorAction } from '../../kernel/operator-actions.ts';
import { type MediaService, photoRefusal, replaceSoleImage, type Upload } from '../media/index.ts';

interface Asker {
  userId: string;
  isAdmin: boolean;
}

export const MAX_CATALOG_PICTURE_BYTES = 8 * 1024 * 1024;

/** One picture of a category or subcategory: the row it belongs to, how it is stored, and how it is audited. */
export interface CatalogPicture {
  parentId: number;
  type: ImageType;
  box: { width: number; height: number; fit: 'cover' };
  /** The stored file's name, without its folder and extension. */
  fileName: string;
  /** Locks the owning row inside the transaction; false when it does not exist. */
  lockOwner: (tx: Db) => Promise<boolean>;
  notFoundKey: string;
  /** Tells the pages that show the owner that it changed. */
  announce: (publish: Publish) => void;
  audit: { subjectType: AuditSubject; subjectId: string; action: string; field: string };
}

/**
 * Stores a catalogue picture in place of the one before it, whose file is then removed; or removes it. Each change
 * is in the audit log with the paths before and after.
 */
export class CatalogPictures {
  private readonly db: Db;
  private readonly events: EventBus;
  private readonly media: MediaService;

  constructor(db: Db, events: EventBus, media: MediaService) {
    this.db = db;
    this.events = events;
    this.media = media;
  }

  async save(asker: Asker, picture: CatalogPicture, upload: Upload | undefined) {
    if (!upload) throw new AppError(400, 'users.photoNotImage');
    const stored = await this.media
      .storeImage(upload, {
        ...{ folder: 'categories', name: picture.fileName, owner: asker.userId },
        ...{ box: picture.box, maxBytes: MAX_CATALOG_PICTURE_BYTES },
      })
      .catch((error: unknown) => {
        throw photoRefusal(error);
      });
    const replaced = await this.replace(asker, picture, stored).catch(async (error: unknown) => {
      await this.media.removeStored(stored.path);
      throw error;
    });
    await Promise.all(replaced.map((path) => this.media.removeStored(path)));
  }

  async remove(asker: Asker, picture: CatalogPicture) {
    const removed = await this.replace(asker, picture, null);
    await Promise.all(removed.map((path) => this.media.removeStored(path)));
  }

  private replace(
    asker: Asker,
    picture: CatalogPicture,
    stored: { path: string; width: number; height: number } | null,
  ) {
    return this.events.transaction(this.db, async (tx, publish) => {
      if (!(await picture.lockOwner(tx))) throw notFound(picture.notFoundKey);
      const { removed } = await replaceSoleImage(tx, String(picture.parentId), picture.type, stored);
      // Removing a picture there is not changes nothing, so nothing goes in the audit log.
      if (removed.length === 0 && !stored) return removed;
      picture.announce(publish);
      const { subjectType, subjectId, action, field } = picture.audit;
      recordOperatorAction(publish, {
        ...{ actorId: asker.userId, action, subjectType, subjectId },
        ...{ before: { [field]: removed[0] ?? null }, after: { [field]: stored?.path ?? null } },
      });
      return removed;
    });
  }
}
