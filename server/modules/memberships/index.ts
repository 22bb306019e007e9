export { registerMembershipFollowUps } from './follow-ups.ts';
export { membershipRoutes } from './routes.ts';
export { MembershipsService } from './service.ts';
