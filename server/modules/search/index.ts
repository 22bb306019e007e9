export type { Collections } from './collections.ts';
export { searchPageOperations } from './page-operations.ts';
export { registerSitemapRoutes, type SitemapOptions } from './routes/sitemap.ts';
export { searchRoutes } from './routes.ts';
export { REBUILD_WORDS_JOB, SearchService } from './service.ts';
export { rebuildSearchWords } from './words.ts';
