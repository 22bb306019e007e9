export { ratingPageOperations } from './page-operations.ts';
export { ratingRoutes } from './routes.ts';
export { type RatingsDependencies, RatingsService, summarizeRatings } from './service.ts';
export { ratingTotals } from './totals.ts';
