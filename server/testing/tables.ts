/**
 * Every table, for tests: their fixtures set up and read back any module's rows, as the seed does. Only tests
 * may import server/testing/ (scripts/architecture/rules.ts); modules reach another module's data only through
 * its index.ts.
 */
export * from '../db/schema/index.ts';
export { createOrPromoteAdmin } from '../db/seed/admin.ts';
export { seededRandom } from '../db/seed/random.ts';
