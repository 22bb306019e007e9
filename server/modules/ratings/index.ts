export { RatingsService, summarizeRatings } from './service.ts';
