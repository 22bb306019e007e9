export type { ItemEvent } from './events.ts';
export { ItemMediaService } from './item-media.ts';
export { itemsPageOperations, moderationPageOperations } from './page-operations.ts';
export { sellerIsPublic } from './reading.ts';
export { itemRoutes } from './routes/items.ts';
export { itemMediaRoutes } from './routes/media.ts';
export { moderationRoutes } from './routes/moderation.ts';
export { ItemsService } from './service.ts';
export { FOLD_VIEWS_JOB, visitorKey } from './views.ts';
