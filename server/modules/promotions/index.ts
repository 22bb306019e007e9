export { BumpService } from './bumps.ts';
export { registerPromotionFollowUps } from './follow-ups.ts';
export { promotionPageOperations } from './page-operations.ts';
export { promotionRoutes } from './routes.ts';
export { PromotionsService } from './service.ts';
