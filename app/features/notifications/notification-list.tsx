import { useTranslation } from 'react-i18next';
import { Form, Link } from 'react-router';
import type { Notification } from '../../../contract/notifications.ts';
import type { Paged } from '../../../contract/paging.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Bell, Check, Settings } from '../../components/ui/icons.tsx';
import { PagedList } from '../../components/ui/paged-list.tsx';
import { NotificationRow } from './notification-row.tsx';

const linkClass =
  'inline-flex min-h-11 items-center gap-1.5 rounded-xl px-3 font-semibold text-brand-700 hover:bg-brand-50 dark:text-brand-300 dark:hover:bg-brand-900';

/** /notification: the signed-in person's notices, newest first, with "load more", mark-all-read and the choices. */
export function NotificationList({ firstPage, unreadCount }: { firstPage: Paged<Notification>; unreadCount: number }) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-3xl px-4 py-6" aria-labelledby="notification-list-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 id="notification-list-title" className="text-2xl font-bold sm:text-3xl">
          {t('notifications.title')}
        </h1>
        <div className="flex flex-wrap items-center gap-1">
          {unreadCount > 0 && (
            <Form method="post">
              <button type="submit" name="intent" value="read-all" className={linkClass}>
                <Check className="size-4" aria-hidden />
                {t('notifications.markAllRead')}
              </button>
            </Form>
          )}
          <Link to="/notification-settings" className={linkClass}>
            <Settings className="size-4" aria-hidden />
            {t('notifications.settingsLink')}
          </Link>
        </div>
      </div>
      <div className="mt-4">
        <PagedList
          firstPage={firstPage}
          source={{ path: '/api/v1/notifications' }}
          empty={<EmptyState icon={Bell} title={t('notifications.emptyTitle')} text={t('notifications.emptyText')} />}
        >
          {(notices) => (
            <ul className="grid grid-cols-1 gap-2" data-testid="notification-list">
              {notices.map((notice) => (
                <NotificationRow key={notice.id} notice={notice} />
              ))}
            </ul>
          )}
        </PagedList>
      </div>
    </section>
  );
}
