import { useTranslation } from 'react-i18next';
import type { LanguageCode } from '../../../../contract/language.ts';
import type { ItemCardSearchResult } from '../../../../contract/search.ts';
import { Loader2 } from '../../../components/ui/icons.tsx';
import { formatNumber } from './active-filters.tsx';

/** "Load more" (10 at a time), and for screen readers how many of the results are shown now. */
export function LoadMore({
  shown,
  total,
  hasMore,
  loading,
  error,
  onLoadMore,
  language,
}: {
  shown: number;
  total: ItemCardSearchResult['total'];
  hasMore: boolean;
  loading: boolean;
  error: string | null;
  onLoadMore: () => void;
  language: LanguageCode;
}) {
  const { t } = useTranslation();
  const totalText = `${formatNumber(total.count, language)}${total.capped ? '+' : ''}`;
  return (
    <div className="mt-6 flex flex-col items-center gap-2">
      <p className="sr-only" aria-live="polite">
        {t('itemList.shownCount', { shown: formatNumber(shown, language), total: totalText })}
      </p>
      {error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      {hasMore && (
        <button
          type="button"
          onClick={onLoadMore}
          disabled={loading}
          data-testid="load-more"
          className="inline-flex items-center gap-2 rounded-full border border-slate-300 bg-white px-6 py-2.5 font-semibold hover:bg-slate-50 disabled:opacity-60 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800"
        >
          {loading && <Loader2 className="size-4 animate-spin" aria-hidden />}
          {error ? t('errors.retry') : t('common.loadMore')}
        </button>
      )}
    </div>
  );
}
