import { boolean, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../modules/users/schema.ts';
import { addedDate, localized, ordering, publishStatus, updatedDate } from './columns.ts';

export const categories = pgTable(
  'categories',
  {
    id: integer('cat_id').primaryKey().generatedByDefaultAsIdentity(),
    catName: text('cat_name').notNull().unique(),
    catNameAr: text('cat_name_ar').notNull(),
    names: localized('names'),
    slug: text('slug').notNull().unique(),
    icon: text('icon').notNull().default('tag'),
    catOrdering: integer('cat_ordering').notNull().default(0),
    isVehicle: boolean('is_vehicle').notNull().default(false),
    status: publishStatus(),
    addedDate: addedDate(),
    addedUserId: text('added_user_id').references(() => users.id, { onDelete: 'set null' }),
    updatedDate: updatedDate(),
    updatedUserId: text('updated_user_id').references(() => users.id, { onDelete: 'set null' }),
    updatedFlag: smallint('updated_flag').notNull().default(0),
  },
  (table) => [index('categories_status_ordering_idx').on(table.status, table.catOrdering)],
);

export const subcategories = pgTable(
  'subcategories',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    catId: integer('cat_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    names: localized('names'),
    slug: text('slug').notNull().unique(),
    ordering: ordering(),
    status: publishStatus(),
    addedDate: addedDate(),
    addedUserId: text('added_user_id').references(() => users.id, { onDelete: 'set null' }),
    updatedDate: updatedDate(),
    updatedUserId: text('updated_user_id').references(() => users.id, { onDelete: 'set null' }),
    updatedFlag: smallint('updated_flag').notNull().default(0),
  },
  (table) => [
    index('subcategories_cat_idx').on(table.catId, table.status, table.ordering),
    uniqueIndex('subcategories_cat_name_unique').on(table.catId, table.name),
  ],
);

export const banners = pgTable('banners', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  titles: localized('titles'),
  imagePath: text('image_path').notNull(),
  link: text('link'),
  ordering: ordering(),
  status: publishStatus(),
  addedDate: addedDate(),
});

export const deletionHistory = pgTable(
  'deletion_history',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    typeId: text('type_id').notNull(),
    typeName: text('type_name').notNull(),
    deletedDate: timestamp('deleted_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('deletion_history_date_idx').on(table.deletedDate)],
);
