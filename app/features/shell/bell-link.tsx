import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { PUSH_NOTICE_MS } from '../../../contract/notification-basics.ts';
import type { LiveNotice } from '../../../contract/realtime-socket.ts';
import { Bell } from '../../components/ui/icons.tsx';
import { useBrowserListMerged } from '../../lib/browser-list-merge.ts';
import { orNothing } from '../../lib/optional-chunk.ts';

/** Loaded when the first notice arrives: most pages never show one. */
const NoticeBox = lazy(orNothing(() => import('./notice-box.tsx')));

/**
 * The bell (notifications) with the unread count, kept live by the realtime connection on every instance, and the
 * box of a notice that arrives while the page is open (SPEC.md 2, 9: shown for 10 seconds). The connection's code
 * is loaded when the bell is first drawn, not with the shell. `shownOn`: the screens it shows on (classes).
 */
export function BellLink({ className, shownOn = '' }: { className: string; shownOn?: string }) {
  const { t } = useTranslation();
  const { count, notice, dismiss } = useLiveNotices();
  // The bell is the shell's signed-in part that loads late: the first page after sign-in takes the visitor's list.
  useBrowserListMerged(true);
  const label = count > 0 ? t('nav.notificationsUnread', { count }) : t('nav.notifications');
  // Link and box hide together (the phone header's bell is hidden on wide screens): one box on screen.
  return (
    <span className={`contents ${shownOn}`}>
      <NavLink to="/notification" className={`relative ${className}`} data-testid="bell-link">
        <Bell className="size-5" aria-hidden />
        {/* Its name as text, not aria-label: a name without the badge's digits ("one unread") must not clash with them. */}
        <span className="sr-only">{label}</span>
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
      {notice && (
        <Suspense fallback={null}>
          <NoticeBox notice={notice} onClose={dismiss} />
        </Suspense>
      )}
    </span>
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
