import { and, asc, eq, inArray, like, lt } from 'drizzle-orm';
import type { Image, ImageType } from '../../../contract/media.ts';
import type { Db } from '../../kernel/database.ts';
import { toImage } from './images.ts';
import { images } from './schema.ts';

/**
 * The image rows of a parent, for the modules whose things carry pictures (an item's photos and video): the
 * media module owns the images table, so the rows are written here, inside the caller's transaction when it
 * passes one. Files are not touched: the caller removes stored paths (MediaService.removeStored) after its
 * transaction commits.
 */

/** The pool or an open transaction: rows can move together with the caller's own writes. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export interface ImageRow extends Image {
  ordering: number;
  added_date: Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids that are not UUIDs match no row (and must not reach the uuid column, where they would be an error). */
const validIds = (ids: string[]) => ids.filter((id) => UUID.test(id));

const toRow = (row: typeof images.$inferSelect): ImageRow => ({
  ...toImage(row),
  ordering: row.ordering,
  added_date: row.addedDate,
});

/**
 * The rows of these parents (or of every parent id starting with `parentPrefix`) and types, of these ids and
 * added before a time when given, by parent order: ordering, then upload time; at most `limit` rows.
 */
export async function findImageRows(
  db: DbOrTx,
  filter: {
    parentIds?: string[];
    parentPrefix?: string;
    types: readonly ImageType[];
    ids?: string[];
    addedBefore?: Date;
    limit?: number;
  },
): Promise<ImageRow[]> {
  const ids = filter.ids ? validIds(filter.ids) : undefined;
  const { parentIds, parentPrefix } = filter;
  if (parentIds?.length === 0 || filter.types.length === 0 || ids?.length === 0) return [];
  if (!parentIds && parentPrefix === undefined) throw new Error('findImageRows needs parents');
  const escapedPrefix = parentPrefix?.replace(/[\\%_]/g, (char) => `\\${char}`);
  const query = db
    .select()
    .from(images)
    .where(
      and(
        parentIds ? inArray(images.imgParentId, parentIds) : undefined,
        escapedPrefix !== undefined ? like(images.imgParentId, `${escapedPrefix}%`) : undefined,
        inArray(images.imgType, [...filter.types]),
        ids ? inArray(images.imgId, ids) : undefined,
        filter.addedBefore ? lt(images.addedDate, filter.addedBefore) : undefined,
      ),
    )
    .orderBy(asc(images.ordering), asc(images.addedDate), asc(images.imgId));
  const rows = await (filter.limit === undefined ? query : query.limit(filter.limit));
  return rows.map(toRow);
}

export async function insertImageRow(
  db: DbOrTx,
  row: { parentId: string; type: ImageType; path: string; width: number; height: number; ordering: number },
): Promise<Image> {
  const [inserted] = await db
    .insert(images)
    .values({
      imgParentId: row.parentId,
      imgType: row.type,
      imgPath: row.path,
      imgWidth: row.width,
      imgHeight: row.height,
      ordering: row.ordering,
    })
    .returning();
  if (!inserted) throw new Error('image row not inserted');
  return toImage(inserted);
}

/**
 * Moves a row to another parent, order or file (a draft taken by its item, a photo replaced in place), when
 * it still belongs to `fromParentId`: null when it does not (another request took it first).
 */
export async function updateImageRow(
  db: DbOrTx,
  imgId: string,
  fromParentId: string,
  change: { parentId?: string; ordering?: number; path?: string; width?: number; height?: number },
): Promise<Image | null> {
  if (!UUID.test(imgId)) return null;
  const [updated] = await db
    .update(images)
    .set({
      ...(change.parentId !== undefined ? { imgParentId: change.parentId } : {}),
      ...(change.ordering !== undefined ? { ordering: change.ordering } : {}),
      ...(change.path !== undefined ? { imgPath: change.path } : {}),
      ...(change.width !== undefined ? { imgWidth: change.width } : {}),
      ...(change.height !== undefined ? { imgHeight: change.height } : {}),
    })
    .where(and(eq(images.imgId, imgId), eq(images.imgParentId, fromParentId)))
    .returning();
  return updated ? toImage(updated) : null;
}

/**
 * Makes `stored` the parent's only picture of `type` (or removes it, with null): a blog's photo, a category's
 * icon, an item's video. Answers the replaced files' paths, which the caller removes after commit.
 */
export async function replaceSoleImage(
  db: DbOrTx,
  parentId: string,
  type: ImageType,
  stored: { path: string; width: number; height: number } | null,
): Promise<{ removed: string[]; image: Image | null }> {
  const previous = await findImageRows(db, { parentIds: [parentId], types: [type] });
  const removed = await deleteImageRows(
    db,
    previous.map((row) => row.img_id),
    parentId,
  );
  const image = stored ? await insertImageRow(db, { parentId, type, ...stored, ordering: 0 }) : null;
  return { removed, image };
}

/** Deletes rows (of one parent only, when given); answers the stored paths the caller removes after commit. */
export async function deleteImageRows(db: DbOrTx, imgIds: string[], parentId?: string): Promise<string[]> {
  const ids = validIds(imgIds);
  if (ids.length === 0) return [];
  const removed = await db
    .delete(images)
    .where(and(inArray(images.imgId, ids), parentId === undefined ? undefined : eq(images.imgParentId, parentId)))
    .returning({ path: images.imgPath });
  return removed.map((row) => row.path);
}
