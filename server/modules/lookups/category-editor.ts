import { asc, eq } from 'drizzle-orm';
import type { CategoryCreate, CategoryEdit, CategoryPictureSlot, ConsoleCategory } from '../../../contract/console.ts';
import type { ImageType } from '../../../contract/media.ts';
import { type Db, isUniqueViolation } from '../../kernel/database.ts';
import { AppError, notFound } from '../../kernel/errors.ts';
import type { EventBus, Publish } from '../../kernel/events.ts';
import { recordOperatorAction, refuseUnlessAdmin } from '../../kernel/operator-actions.ts';
import { firstImages, type MediaService, type Upload } from '../media/index.ts';
import { type CatalogPicture, CatalogPictures } from './catalog-pictures.ts';
import { categories, subcategories } from './catalog-schema.ts';
import { uniqueSlug } from './slugs.ts';
import './events.ts';

type CategoryRow = typeof categories.$inferSelect;

interface Asker {
  userId: string;
  isAdmin: boolean;
}

/** Where each picture goes: the icon is a small square on the category's card, the photo a wide strip on its page. */
const PICTURES: Record<CategoryPictureSlot, { type: ImageType; box: { width: number; height: number; fit: 'cover' } }> =
  {
    icon: { type: 'category-icon', box: { width: 256, height: 256, fit: 'cover' } },
    photo: { type: 'category', box: { width: 1800, height: 600, fit: 'cover' } },
  };
/** A subcategory's photo: a small square on its card. */
const SUBCATEGORY_PHOTO_BOX = { width: 256, height: 256, fit: 'cover' } as const;

const AUDITED = ['names', 'cat_ordering', 'is_published', 'icon'] as const;

/**
 * Categories as the operator's console edits them (issue 24): names per language, order, shown or not, the
 * drawn icon or an icon picture, and a photo. Every change is in the audit log; the public pages show it at once.
 */
export class CategoryEditor {
  private readonly db: Db;
  private readonly events: EventBus;
  private readonly pictures: CatalogPictures;

  constructor(db: Db, events: EventBus, media: MediaService) {
    this.db = db;
    this.events = events;
    this.pictures = new CatalogPictures(db, events, media);
  }

  /** Every category, hidden ones too, in their order. */
  async list(asker: Asker): Promise<ConsoleCategory[]> {
    refuseUnlessAdmin(asker);
    const rows = await this.db.select().from(categories).orderBy(asc(categories.catOrdering), asc(categories.id));
    return this.present(rows);
  }

  async get(asker: Asker, catId: number): Promise<ConsoleCategory> {
    refuseUnlessAdmin(asker);
    const [row] = await this.db.select().from(categories).where(eq(categories.id, catId));
    if (!row) throw notFound('api.categoryNotFound');
    const [category] = await this.present([row]);
    return category as ConsoleCategory;
  }

  /** Adds a category; whether it holds vehicles is chosen here once, since its listings' fields depend on it. */
  async create(asker: Asker, edit: CategoryCreate): Promise<ConsoleCategory> {
    refuseUnlessAdmin(asker);
    const saved = await this.events.transaction(this.db, async (tx, publish) => {
      const [row] = await tx
        .insert(categories)
        .values({
          ...changedColumns(edit, asker),
          icon: edit.icon ?? 'tag',
          isVehicle: edit.is_vehicle,
          slug: await uniqueSlug(tx, { table: categories, slug: categories.slug }, edit.names.en, 'category'),
          addedUserId: asker.userId,
        })
        .returning()
        .catch(refuseTakenName);
      if (!row) throw new Error('insert returned nothing');
      publish('catalog.changed', { catId: row.id });
      record(publish, asker, 'category.create', row.id, null, auditedOf(row));
      return row;
    });
    return this.get(asker, saved.id);
  }

  /** Saves the names, order, visibility and icon; the public pages show them at once. */
  async update(asker: Asker, catId: number, edit: CategoryEdit): Promise<ConsoleCategory> {
    refuseUnlessAdmin(asker);
    await this.events.transaction(this.db, async (tx, publish) => {
      const [row] = await tx.select().from(categories).where(eq(categories.id, catId)).for('update');
      if (!row) throw notFound('api.categoryNotFound');
      const [saved] = await tx
        .update(categories)
        .set({ ...changedColumns(edit, asker), ...(edit.icon ? { icon: edit.icon } : {}) })
        .where(eq(categories.id, catId))
        .returning()
        .catch(refuseTakenName);
      if (!saved) throw notFound('api.categoryNotFound');
      publish('catalog.changed', { catId });
      record(publish, asker, 'category.update', catId, auditedOf(row), auditedOf(saved));
    });
    return this.get(asker, catId);
  }

  /** Stores a new icon picture or photo in place of the old one, whose file is then removed. */
  async savePicture(asker: Asker, catId: number, slot: CategoryPictureSlot, upload: Upload | undefined) {
    refuseUnlessAdmin(asker);
    await this.get(asker, catId);
    await this.pictures.save(asker, this.pictureOf(catId, slot), upload);
    return this.get(asker, catId);
  }

  /** Removes the icon picture (the drawn icon shows again) or the photo. */
  async removePicture(asker: Asker, catId: number, slot: CategoryPictureSlot) {
    refuseUnlessAdmin(asker);
    await this.get(asker, catId);
    await this.pictures.remove(asker, this.pictureOf(catId, slot));
    return this.get(asker, catId);
  }

  /** A subcategory's photo, shown on its card on the category's page, in place of the one before. */
  async saveSubcategoryPhoto(asker: Asker, id: number, upload: Upload | undefined) {
    refuseUnlessAdmin(asker);
    if (!(await this.subcategoryExists(this.db, id))) throw notFound('console.lists.notFound');
    await this.pictures.save(asker, this.subcategoryPhotoOf(id), upload);
  }

  async removeSubcategoryPhoto(asker: Asker, id: number) {
    refuseUnlessAdmin(asker);
    await this.pictures.remove(asker, this.subcategoryPhotoOf(id));
  }

  private pictureOf(catId: number, slot: CategoryPictureSlot): CatalogPicture {
    return {
      ...{ parentId: catId, type: PICTURES[slot].type, box: PICTURES[slot].box, fileName: `category-${catId}-${slot}` },
      lockOwner: async (tx) => {
        const locked = await tx
          .select({ id: categories.id })
          .from(categories)
          .where(eq(categories.id, catId))
          .for('update');
        return locked.length > 0;
      },
      notFoundKey: 'api.categoryNotFound',
      announce: (publish) => publish('catalog.changed', { catId }),
      audit: { subjectType: 'category', subjectId: String(catId), action: `category.${slot}`, field: slot },
    };
  }

  private subcategoryPhotoOf(id: number): CatalogPicture {
    return {
      ...{ parentId: id, type: 'subcategory', box: SUBCATEGORY_PHOTO_BOX, fileName: `subcategory-${id}` },
      lockOwner: (tx) => this.subcategoryExists(tx, id, true),
      notFoundKey: 'console.lists.notFound',
      announce: (publish) => publish('lookups.changed', { kind: 'subcategories', id }),
      audit: { subjectType: 'lookup', subjectId: `subcategories:${id}`, action: 'subcategories.photo', field: 'photo' },
    };
  }

  private async subcategoryExists(db: Db, id: number, lock = false) {
    const query = db.select({ id: subcategories.id }).from(subcategories).where(eq(subcategories.id, id));
    return (await (lock ? query.for('update') : query)).length > 0;
  }

  private async present(rows: CategoryRow[]): Promise<ConsoleCategory[]> {
    const pictures = await firstImages(
      this.db,
      rows.map((row) => row.id),
      ['category', 'category-icon'],
    );
    return rows.map((row) => ({
      ...presentFields(row),
      icon_picture: pictures.get(`${row.id}:category-icon`)?.img_path ?? null,
      photo: pictures.get(`${row.id}:category`)?.img_path ?? null,
    }));
  }
}

function changedColumns(edit: CategoryEdit, asker: Asker) {
  const names = Object.fromEntries(Object.entries(edit.names).filter(([, name]) => name !== ''));
  return {
    names,
    catName: edit.names.en,
    catNameAr: edit.names.ar,
    catOrdering: edit.cat_ordering,
    status: edit.is_published ? 1 : 0,
    updatedDate: new Date(),
    updatedUserId: asker.userId,
  };
}

function presentFields(row: CategoryRow) {
  return {
    cat_id: row.id,
    names: { ...row.names, ar: row.names.ar ?? row.catNameAr, en: row.names.en ?? row.catName },
    cat_ordering: row.catOrdering,
    is_published: row.status === 1,
    is_vehicle: row.isVehicle,
    slug: row.slug,
    icon: row.icon,
  };
}

const auditedOf = (row: CategoryRow) => {
  const fields = presentFields(row);
  return Object.fromEntries(AUDITED.map((key) => [key, fields[key]]));
};

function record(
  publish: Publish,
  asker: Asker,
  action: string,
  catId: number,
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
) {
  recordOperatorAction(publish, {
    ...{ actorId: asker.userId, action, subjectType: 'category', subjectId: String(catId) },
    ...{ before, after },
  });
}

function refuseTakenName(error: unknown): never {
  throw isUniqueViolation(error) ? new AppError(409, 'console.categories.nameTaken') : error;
}
