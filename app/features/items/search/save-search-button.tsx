import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { SAVED_SEARCHES_PATH } from '../../../../contract/saved-search-basics.ts';
import type { SavedSearchCreated } from '../../../../contract/saved-searches.ts';
import { Bell } from '../../../components/ui/icons.tsx';
import { ApiError, apiPost } from '../../../lib/api-client.ts';
import { redirectQueryFor } from '../../../lib/redirect.ts';
import { useViewer } from '../../../lib/viewer.ts';
import type { FilterValues } from './list-filters.ts';

const buttonClass =
  'inline-flex items-center gap-2 rounded-full border border-brand-300 bg-white px-3 py-1.5 text-sm font-semibold text-brand-800 hover:bg-brand-50 disabled:opacity-60 dark:border-brand-700 dark:bg-slate-900 dark:text-brand-100 dark:hover:bg-slate-800';

type Outcome = { kind: 'saved' | 'already' | 'failed'; text: string } | null;

/**
 * "Save this search" (issue 22 point 5): keeps the list's filters to be told of new matching ads. A visitor is
 * sent to log in and back to this list; a signed-in person gets a confirmation with a link to their searches.
 */
export function SaveSearchButton({ values }: { values: FilterValues }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  if (!viewer) {
    return (
      <Link
        to={`/login${redirectQueryFor(location.pathname, location.search)}`}
        className={buttonClass}
        data-testid="save-search"
      >
        <Bell className="size-4" aria-hidden />
        {t('savedSearch.save')}
      </Link>
    );
  }
  const save = async () => {
    setBusy(true);
    try {
      const created = await apiPost<SavedSearchCreated>('/api/v1/saved-searches', values);
      setOutcome(
        created.already_saved
          ? { kind: 'already', text: t('savedSearch.alreadySaved') }
          : { kind: 'saved', text: t('savedSearch.saved') },
      );
    } catch (error) {
      setOutcome({ kind: 'failed', text: error instanceof ApiError ? error.text : t('errors.generic') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <button type="button" onClick={save} disabled={busy} className={buttonClass} data-testid="save-search">
        <Bell className="size-4" aria-hidden />
        {busy ? t('savedSearch.saving') : t('savedSearch.save')}
      </button>
      <p role="status" className="text-sm" data-testid="save-search-status">
        {outcome && (
          <span className={outcome.kind === 'failed' ? 'text-red-700 dark:text-red-300' : ''}>
            {outcome.text}{' '}
            {outcome.kind !== 'failed' && (
              <Link to={SAVED_SEARCHES_PATH} className="font-semibold text-brand-700 underline dark:text-brand-300">
                {t('savedSearch.seeAll')}
              </Link>
            )}
          </span>
        )}
      </p>
    </div>
  );
}
