import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Notification } from '../../../contract/notifications.ts';
import { ArrowLeft, ArrowRight } from '../../components/ui/icons.tsx';
import { useFormatDateTime } from '../../lib/time-zone.tsx';

/** /notification/{id}: the notice in full (now read) and the way to what it is about. */
export function NotificationDetail({ notice }: { notice: Notification }) {
  const { t, i18n } = useTranslation();
  const formatDate = useFormatDateTime();
  const Forward = i18n.dir() === 'rtl' ? ArrowLeft : ArrowRight;
  const leadsElsewhere = notice.target_url !== `/notification/${notice.id}`;
  return (
    <article className="mx-auto max-w-2xl px-4 py-6" aria-labelledby="notification-title">
      <Link to="/notification" className="font-semibold text-brand-700 hover:underline dark:text-brand-300">
        {t('notifications.backToList')}
      </Link>
      <div className="mt-4 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
        <h1 id="notification-title" className="text-xl font-bold sm:text-2xl" dir="auto">
          {notice.title}
        </h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          <time dateTime={notice.added_date}>{formatDate(notice.added_date)}</time>
        </p>
        {notice.message && (
          <p className="mt-4 whitespace-pre-line text-slate-800 dark:text-slate-200" dir="auto">
            {notice.message}
          </p>
        )}
        {leadsElsewhere && (
          <Link
            to={notice.target_url}
            className="mt-5 inline-flex min-h-11 items-center gap-2 rounded-xl bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800"
          >
            {t(`notifications.open.${openLabelOf(notice)}`)}
            <Forward className="size-4" aria-hidden />
          </Link>
        )}
      </div>
    </article>
  );
}

function openLabelOf(notice: Notification) {
  if (notice.kind.startsWith('chat.')) return 'chat';
  if (notice.kind === 'follower.new') return 'profile';
  if (notice.kind === 'review.new') return 'reviews';
  if (notice.kind === 'saved_search.match') return 'searches';
  return 'item';
}
