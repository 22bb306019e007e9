import { Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../lib/api-client.ts';

export function LoadMoreButton(props: {
  hasMore: boolean;
  loading: boolean;
  error: ApiError | null;
  onLoadMore: () => void;
}) {
  const { t } = useTranslation();
  if (!props.hasMore) return null;
  return (
    <div className="mt-6 flex flex-col items-center gap-2">
      {props.error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {props.error.text}
        </p>
      )}
      <button
        type="button"
        onClick={props.onLoadMore}
        disabled={props.loading}
        className="inline-flex items-center gap-2 rounded-full border border-slate-300 bg-white px-6 py-2.5 font-semibold hover:bg-slate-50 disabled:opacity-60 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800"
      >
        {props.loading && <Loader2 className="size-4 animate-spin" aria-hidden />}
        {props.error ? t('errors.retry') : t('common.loadMore')}
      </button>
    </div>
  );
}
