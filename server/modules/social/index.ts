export { socialPageOperations } from './page-operations.ts';
export { socialRoutes } from './routes.ts';
export { type SocialDependencies, SocialService } from './service.ts';
export { blockBetween, follows, socialCounts, socialTies } from './ties.ts';
