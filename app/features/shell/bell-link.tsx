import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { PUSH_NOTICE_MS } from '../../../contract/notification-basics.ts';
import type { LiveNotice } from '../../../contract/realtime-socket.ts';
import { Bell, X } from '../../components/ui/icons.tsx';

/**
 * The bell (notifications) with the unread count, kept live by the realtime connection on every instance, and the
 * box of a notice that arrives while the page is open (SPEC.md 2, 9: shown for 10 seconds). The connection's code
 * is loaded when the bell is first drawn, not with the shell.
 */
export function BellLink({ className }: { className: string }) {
  const { t } = useTranslation();
  const { count, notice, dismiss } = useLiveNotices();
  const label = count > 0 ? t('nav.notificationsUnread', { count }) : t('nav.notifications');
  return (
    <>
      <NavLink to="/notification" className={`relative ${className}`} aria-label={label} data-testid="bell-link">
        <Bell className="size-5" aria-hidden />
        {count > 0 && (
          <span
            className="absolute -top-0.5 -end-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs leading-5 font-bold text-white"
            data-testid="bell-badge"
            aria-hidden
          >
            {count > 99 ? '99+' : count}
          </span>
        )}
      </NavLink>
      {notice && <NoticeBox notice={notice} onClose={dismiss} />}
    </>
  );
}

function useLiveNotices() {
  const [count, setCount] = useState(0);
  const [notice, setNotice] = useState<LiveNotice | null>(null);
  useEffect(() => {
    let stop: (() => void) | undefined;
    let ended = false;
    import('./notices-live.ts').then(
      ({ followNotices }) => {
        if (!ended) stop = followNotices(setCount, setNotice);
      },
      () => undefined,
    );
    return () => {
      ended = true;
      stop?.();
    };
  }, []);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), PUSH_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  return { count, notice, dismiss: () => setNotice(null) };
}

function NoticeBox({ notice, onClose }: { notice: LiveNotice; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      className="fixed inset-x-3 top-3 z-50 mx-auto flex max-w-md items-start gap-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-lg dark:border-slate-700 dark:bg-slate-900"
      data-testid="notice-box"
    >
      <Bell className="mt-0.5 size-5 shrink-0 text-brand-700 dark:text-brand-300" aria-hidden />
      <Link to={notice.url} onClick={onClose} className="min-w-0 flex-1 hover:underline">
        <span className="block font-semibold" dir="auto">
          {notice.title}
        </span>
        {notice.body && (
          <span className="line-clamp-2 block text-sm text-slate-700 dark:text-slate-300" dir="auto">
            {notice.body}
          </span>
        )}
      </Link>
      <button
        type="button"
        onClick={onClose}
        className="rounded-full p-1 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
        aria-label={t('dialog.close')}
      >
        <X className="size-4" aria-hidden />
      </button>
    </div>
  );
}
