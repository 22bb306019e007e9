import type { SocialPages } from '../../../contract/pages.ts';
import type { SocialService } from './service.ts';

/** What pages may ask of the social module: the same operations as the API, each checking who asks. */
export function socialPageOperations(social: SocialService): SocialPages {
  return {
    relation: (viewer, userId) => social.relation(viewer.userId, userId),
    followers: (userId, viewer, page) => social.followers(userId, viewer, page),
    following: (userId, viewer, page) => social.following(userId, viewer, page),
    favouriteItems: (viewer, page, language) => social.favouriteItems(viewer, page, language, 'card'),
    blockedUsers: (viewer, page) => social.blockedUsers(viewer, page),
    reportedItems: (viewer, page, language) => social.reportedItems(viewer, page, language),
  };
}
