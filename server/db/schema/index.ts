/**
 * Every table, for drizzle (queries, migrations) and the seed. A module's own tables live in its schema.ts;
 * tables of domains that have no module yet stay in this folder until one owns them.
 */
export * from '../../modules/auth/schema.ts';
export * from '../../modules/chat/schema.ts';
export * from '../../modules/content/schema.ts';
export * from '../../modules/items/schema.ts';
export * from '../../modules/lookups/schema.ts';
export * from '../../modules/media/schema.ts';
export * from '../../modules/notifications/schema.ts';
export * from '../../modules/ratings/schema.ts';
export * from '../../modules/search/schema.ts';
export * from '../../modules/social/schema.ts';
export * from '../../modules/users/schema.ts';
export * from './catalog.ts';
export * from './collections.ts';
export * from './commerce.ts';
export * from './settings.ts';
