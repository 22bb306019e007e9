import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { addedDate, ordering } from '../../db/schema/columns.ts';

/**
 * Every stored picture or video. img_parent_id points at the owner row (item, user, chat message, blog,
 * category); img_type says which (contract/media.ts IMAGE_TYPES).
 */
export const images = pgTable(
  'images',
  {
    imgId: uuid('img_id').primaryKey().defaultRandom(),
    imgParentId: text('img_parent_id').notNull(),
    imgType: text('img_type').notNull(),
    imgPath: text('img_path').notNull(),
    imgWidth: integer('img_width').notNull().default(0),
    imgHeight: integer('img_height').notNull().default(0),
    imgDesc: text('img_desc').notNull().default(''),
    ordering: ordering(),
    addedDate: addedDate(),
  },
  (table) => [index('images_parent_idx').on(table.imgParentId, table.imgType, table.ordering)],
);
