export { ratingPageOperations } from './page-operations.ts';
export type { ReviewModeration } from './review-moderation.ts';
export { ratingRoutes } from './routes.ts';
export { type RatingsDependencies, RatingsService, summarizeRatings } from './service.ts';
export { ratingTotals } from './totals.ts';
