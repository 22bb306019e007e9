import type { RatingPages } from '../../../contract/pages.ts';
import type { RatingsService } from './service.ts';

/** What pages may ask of the ratings module: the same operations as the API, each checking who asks. */
export function ratingPageOperations(ratings: RatingsService): RatingPages {
  return {
    reviews: (userId, viewer, page, language) => ratings.reviews(userId, viewer, page, language),
    standing: (viewer, userId, language) => ratings.standing(viewer, userId, language),
  };
}
