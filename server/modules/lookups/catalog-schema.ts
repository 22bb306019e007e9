import { boolean, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { addedDate, localized, ordering, publishStatus, updatedDate } from '../../db/schema/columns.ts';
import { users } from '../users/schema.ts';

/**
 * The catalog: categories and their subcategories. Apart from the other lookups (schema.ts) because their audit
 * columns reference users, while users reference the cities of schema.ts: one file would close a cycle.
 */

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
