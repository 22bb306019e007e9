import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Notification } from '../../../contract/notifications.ts';
import { ProfilePhoto } from '../../components/ui/profile-photo.tsx';
import { useFormatDateTime } from '../../lib/time-zone.tsx';
import { noticeIconOf } from './notice-icons.ts';

/** One notice of the list: who or what, its words, when, and whether it is new; opening it reads it. */
export function NotificationRow({ notice }: { notice: Notification }) {
  const { t } = useTranslation();
  const formatDate = useFormatDateTime();
  const tone = notice.is_read
    ? 'border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900'
    : 'border-brand-300 bg-brand-50 dark:border-brand-600 dark:bg-brand-900';
  return (
    <li className={`relative flex items-start gap-3 rounded-2xl border p-3 ${tone}`} data-testid="notification-row">
      <NoticePicture notice={notice} />
      <div className="min-w-0 flex-1">
        <h2 className="font-semibold" dir="auto">
          <Link to={`/notification/${notice.id}`} className="after:absolute after:inset-0 hover:underline">
            {notice.title}
          </Link>
        </h2>
        {notice.message && (
          <p className="mt-0.5 line-clamp-2 text-sm text-slate-700 dark:text-slate-300" dir="auto">
            {notice.message}
          </p>
        )}
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          <time dateTime={notice.added_date}>{formatDate(notice.added_date)}</time>
        </p>
      </div>
      {!notice.is_read && (
        <span className="mt-1 shrink-0 rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">
          {t('notifications.new')}
        </span>
      )}
    </li>
  );
}

function NoticePicture({ notice }: { notice: Notification }) {
  if (notice.actor) return <ProfilePhoto user={notice.actor} size="list" />;
  const Icon = noticeIconOf(notice.kind);
  return (
    <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800 dark:bg-brand-900 dark:text-brand-100">
      <Icon className="size-6" aria-hidden />
    </span>
  );
}
