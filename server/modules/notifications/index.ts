export { DIGEST_JOB, scheduleDigest, sendDigests } from './digest.ts';
export type { DigestLine, MailSite } from './mails.ts';
export { Notifier, type PushQueue } from './notifier.ts';
export { notificationsPageOperations } from './page-operations.ts';
export { type NoticeSources, registerNoticeProducers } from './producers.ts';
export { notificationRoutes } from './routes.ts';
export { type NotificationsDependencies, NotificationsService } from './service.ts';
export type { NoticeEntry } from './store.ts';
