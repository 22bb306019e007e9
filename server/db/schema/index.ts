/**
 * Every table, for drizzle-kit (migrations), the migrations and the seed, and the tests' fixtures
 * (server/testing/tables.ts). Each table is declared by the module that owns it, in its schema.ts; no module
 * imports this file (scripts/architecture/rules.ts).
 */
export * from '../../modules/admin/schema.ts';
export * from '../../modules/auth/schema.ts';
export * from '../../modules/chat/schema.ts';
export * from '../../modules/content/schema.ts';
export * from '../../modules/items/schema.ts';
export * from '../../modules/lookups/catalog-schema.ts';
export * from '../../modules/lookups/schema.ts';
export * from '../../modules/media/schema.ts';
export * from '../../modules/memberships/schema.ts';
export * from '../../modules/notifications/schema.ts';
export * from '../../modules/payments/schema.ts';
export * from '../../modules/promotions/schema.ts';
export * from '../../modules/ratings/schema.ts';
export * from '../../modules/search/schema.ts';
export * from '../../modules/settings/schema.ts';
export * from '../../modules/social/schema.ts';
export * from '../../modules/users/schema.ts';
