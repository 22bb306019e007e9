import { and, asc, inArray } from 'drizzle-orm';
import type { Image, ImageType } from '../../../contract/media.ts';
import type { Db } from '../../db/database.ts';
import * as schema from '../../db/schema/index.ts';

export function toImage(row: typeof schema.images.$inferSelect): Image {
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
    .from(schema.images)
    .where(and(inArray(schema.images.imgParentId, parentIds.map(String)), inArray(schema.images.imgType, types)))
    .orderBy(asc(schema.images.ordering), asc(schema.images.addedDate));
  for (const row of rows) {
    const key = `${row.imgParentId}:${row.imgType}`;
    if (!found.has(key)) found.set(key, toImage(row));
  }
  return found;
}
