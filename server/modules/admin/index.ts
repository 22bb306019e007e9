export { registerAuditLog } from './audit-log.ts';
export { consolePageOperations } from './page-operations.ts';
export { adminRoutes } from './routes.ts';
export { AdminService } from './service.ts';
