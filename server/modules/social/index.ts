export { type SocialDependencies, SocialService } from './service.ts';
