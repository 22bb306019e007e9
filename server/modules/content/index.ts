export { type ContentPageOperations, contentPageOperations } from './page-operations.ts';
export { contentRoutes } from './routes.ts';
export { type BlogQuery, ContentService } from './service.ts';
