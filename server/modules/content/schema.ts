import { boolean, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { addedDate, localized, publishStatus, updatedDate } from '../../db/schema/columns.ts';
import { itemLocations } from '../lookups/schema.ts';
import { users } from '../users/schema.ts';

export const blogs = pgTable(
  'blogs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    titles: localized('titles'),
    bodies: localized('bodies'),
    cityId: integer('city_id').references(() => itemLocations.id, { onDelete: 'set null' }),
    status: publishStatus(),
    addedUserId: text('added_user_id').references(() => users.id, { onDelete: 'set null' }),
    addedDate: addedDate(),
    updatedDate: updatedDate(),
  },
  (table) => [index('blogs_feed_idx').on(table.status, table.addedDate.desc())],
);

export const blogComments = pgTable(
  'blog_comments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    blogId: integer('blog_id')
      .notNull()
      .references(() => blogs.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    status: publishStatus(),
    addedDate: addedDate(),
  },
  (table) => [index('blog_comments_blog_idx').on(table.blogId, table.addedDate)],
);

export const contactMessages = pgTable('contact_messages', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull().default(''),
  message: text('message').notNull(),
  isHandled: boolean('is_handled').notNull().default(false),
  addedDate: addedDate(),
});

/** Operator-written pages: about, privacy, safety tips, terms; one row per page and language. */
export const contentPages = pgTable(
  'content_pages',
  {
    kind: text('kind').notNull(),
    lang: text('lang').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    updatedDate: updatedDate().notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.kind, table.lang] })],
);
