export { type AccessRow, isItemId } from './access.ts';
export { registerItemCounters, repairItemCounters } from './counters.ts';
export { DELETION_PAGE, type DeletionRecord, registerDeletionRecords } from './deletion-records.ts';
export type { ItemEvent, PriceDrop } from './events.ts';
export type { ItemHeadline } from './headlines.ts';
export { ItemMediaService } from './item-media.ts';
export { LIFETIME_JOB, type Lifetime } from './lifetime.ts';
export { type Listings, publicListings } from './listings.ts';
export { itemsPageOperations, moderationPageOperations } from './page-operations.ts';
export { itemRoutes } from './routes/items.ts';
export { itemMediaRoutes } from './routes/media.ts';
export { moderationRoutes } from './routes/moderation.ts';
export { recentlyViewedRoutes } from './routes/recent.ts';
export { ItemsService } from './service.ts';
export { FOLD_VIEWS_JOB } from './views.ts';
export {
  LISTING_STATE,
  type ListingFacts,
  type ListingState,
  type ListingTies,
  listingState,
  mayActOn,
  mayList,
  mayView,
  NO_TIES,
  type ViewerParam,
  type ViewerTies,
} from './visibility.ts';
