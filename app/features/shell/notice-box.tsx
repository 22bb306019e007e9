import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LiveNotice } from '../../../contract/realtime-socket.ts';
import { Bell, X } from '../../components/ui/icons.tsx';

/** The box of a notice that arrived while the page is open (SPEC.md 2, 9): its words and a link to its target. */
export default function NoticeBox({ notice, onClose }: { notice: LiveNotice; onClose: () => void }) {
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
