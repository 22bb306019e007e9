export { adminRoutes } from './routes.ts';
export { AdminService } from './service.ts';
