import { type AnyColumn, and, asc, inArray, type SQL, sql } from 'drizzle-orm';
import type { Image, ImageType } from '../../../contract/media.ts';
import type { Db } from '../../kernel/database.ts';
import { images } from './schema.ts';

export function toImage(row: typeof images.$inferSelect): Image {
  return {
    img_id: row.imgId,
    img_parent_id: row.imgParentId,
    img_type: row.imgType as ImageType,
    img_path: row.imgPath,
    img_width: row.imgWidth,
    img_height: row.imgHeight,
    img_desc: row.imgDesc,
  };
}

/** The first picture of each parent and image type, in one query; keyed "parentId:type". */
export async function firstImages(db: Db, parentIds: Array<string | number>, types: ImageType[]) {
  const found = new Map<string, Image>();
  if (parentIds.length === 0) return found;
  const rows = await db
    .select()
    .from(images)
    .where(and(inArray(images.imgParentId, parentIds.map(String)), inArray(images.imgType, types)))
    .orderBy(asc(images.ordering), asc(images.addedDate));
  for (const row of rows) {
    const key = `${row.imgParentId}:${row.imgType}`;
    if (!found.has(key)) found.set(key, toImage(row));
  }
  return found;
}

const imagesQuery = (db: Db) =>
  db
    .select()
    .from(images)
    .where(
      and(
        sql`${images.imgParentId} = any(${sql.placeholder('parents')}::text[])`,
        sql`${images.imgType} = any(${sql.placeholder('types')}::text[])`,
      ),
    )
    .orderBy(images.ordering, images.addedDate)
    .prepare('images_of_parents');
const imagesStatements = new WeakMap<Db, ReturnType<typeof imagesQuery>>();

/** Every picture of these parents and types, in order, keyed "parentId:type": one prepared query. */
export async function imagesOf(db: Db, parentIds: string[], types: readonly ImageType[]) {
  const byParent = new Map<string, Image[]>();
  if (parentIds.length === 0) return byParent;
  let statement = imagesStatements.get(db);
  if (!statement) {
    statement = imagesQuery(db);
    imagesStatements.set(db, statement);
  }
  for (const row of await statement.execute({ parents: parentIds, types: [...types] })) {
    const key = `${row.imgParentId}:${row.imgType}`;
    const list = byParent.get(key) ?? [];
    list.push(toImage(row));
    byParent.set(key, list);
  }
  return byParent;
}

/**
 * A subquery for other modules' SQL: the first picture of type `type` of the parent `parentKey` (a column of
 * the outer query), as JSON in the Image shape, or null. Reads one entry of images_parent_idx.
 */
export function firstImageJson(parentKey: AnyColumn | SQL, type: ImageType) {
  return sql<Image | null>`(select json_build_object(
      'img_id', ${images.imgId}, 'img_parent_id', ${images.imgParentId}, 'img_type', ${images.imgType},
      'img_path', ${images.imgPath}, 'img_width', ${images.imgWidth}, 'img_height', ${images.imgHeight},
      'img_desc', ${images.imgDesc})
    from ${images}
    where ${images.imgParentId} = ${parentKey}::text and ${images.imgType} = ${type}
    order by ${images.ordering}, ${images.addedDate} limit 1)`;
}
