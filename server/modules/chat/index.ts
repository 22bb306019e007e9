export type { ChatNotice, ChatNoticeKind } from './events.ts';
export { chatPageOperations } from './page-operations.ts';
export { chatRoutes } from './routes.ts';
export { type ChatDependencies, ChatService } from './service.ts';
export { repairUnreadCounts } from './unread-repair.ts';
