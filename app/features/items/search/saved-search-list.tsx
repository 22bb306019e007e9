import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LanguageCode } from '../../../../contract/language.ts';
import { savedSearchRunPath } from '../../../../contract/saved-search-basics.ts';
import type { SavedSearch } from '../../../../contract/saved-searches.ts';
import { useConfirmedAction } from '../../../components/ui/confirmed-action.ts';
import { Bell, Search, Trash2 } from '../../../components/ui/icons.tsx';
import { apiDelete } from '../../../lib/api-client.ts';
import { chipLabel } from './active-filters.tsx';
import type { ItemListOptions } from './item-list.server.ts';
import { activeChips, type FilterValues } from './list-filters.ts';

/** A saved search in words, in the reader's language: one phrase per filter, as the item list's chips say them. */
function useFilterWords(options: ItemListOptions, language: LanguageCode) {
  const { t } = useTranslation();
  return (search: SavedSearch): string[] => {
    const values = search.query as FilterValues;
    const words = activeChips(values).map((chip) => chipLabel(chip, values, options, null, t, language));
    return words.length > 0 ? words : [t('savedSearch.everything')];
  };
}

/** Delete, after the yes/no question; `onDeleted` takes the search off the list. */
function DeleteButton({ search, name, onDeleted }: { search: SavedSearch; name: string; onDeleted: () => void }) {
  const { t } = useTranslation();
  const { busy, run } = useConfirmedAction();
  const question = {
    title: t('savedSearch.deleteTitle'),
    message: t('savedSearch.deleteConfirm', { name }),
    confirmLabel: t('savedSearch.delete'),
    cancelLabel: t('dialog.cancel'),
  };
  const remove = () =>
    run(question, async () => {
      await apiDelete(`/api/v1/saved-searches/${encodeURIComponent(search.id)}`);
      onDeleted();
    });
  return (
    <button
      type="button"
      onClick={remove}
      disabled={busy}
      className="inline-flex items-center gap-1.5 rounded-full border border-red-300 bg-white px-3 py-1.5 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:opacity-60 dark:border-red-800 dark:bg-slate-900 dark:text-red-300 dark:hover:bg-red-950"
      data-testid="saved-search-delete"
    >
      <Trash2 className="size-4" aria-hidden />
      {t('savedSearch.delete')}
      <span className="sr-only" dir="auto">
        {' '}
        {name}
      </span>
    </button>
  );
}

function SavedSearchRow({ search, words, onDeleted }: { search: SavedSearch; words: string[]; onDeleted: () => void }) {
  const { t } = useTranslation();
  const name = search.name || words.join(', ');
  return (
    <li
      className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
      data-testid="saved-search"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-lg font-bold break-words" dir="auto">
            {name}
          </h2>
          <p className="sr-only">{t('savedSearch.filtersHeading', { name })}</p>
          <ul className="mt-2 flex flex-wrap gap-2">
            {words.map((word) => (
              <li
                key={word}
                className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-800 dark:bg-slate-800 dark:text-slate-100"
                dir="auto"
              >
                {word}
              </li>
            ))}
          </ul>
        </div>
        <p
          className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold ${
            search.new_match_count > 0
              ? 'bg-brand-100 text-brand-900 dark:bg-brand-900 dark:text-brand-100'
              : 'text-slate-700 dark:text-slate-300'
          }`}
          data-testid="saved-search-new"
        >
          <Bell className="size-4" aria-hidden />
          {search.new_match_count > 0
            ? t('savedSearch.newMatches', { count: search.new_match_count })
            : t('savedSearch.noNew')}
        </p>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <Link
          to={savedSearchRunPath(search.id)}
          className="inline-flex items-center gap-1.5 rounded-full bg-brand-700 px-4 py-1.5 text-sm font-semibold text-white hover:bg-brand-800"
          data-testid="saved-search-run"
        >
          <Search className="size-4" aria-hidden />
          {t('savedSearch.run')}
          <span className="sr-only" dir="auto">
            {' '}
            {name}
          </span>
        </Link>
        <DeleteButton search={search} name={name} onDeleted={onDeleted} />
      </div>
    </li>
  );
}

/** /saved-searches: each search in words, its new ads, a link that runs it, and delete. */
export function SavedSearchList({
  searches,
  options,
  language,
}: {
  searches: SavedSearch[];
  options: ItemListOptions;
  language: LanguageCode;
}) {
  const { t } = useTranslation();
  const wordsOf = useFilterWords(options, language);
  const [deleted, setDeleted] = useState<ReadonlySet<string>>(new Set());
  const [status, setStatus] = useState('');
  const shown = searches.filter((search) => !deleted.has(search.id));
  return (
    <div className="mx-auto max-w-3xl px-4 py-6">
      <h1 className="text-2xl font-extrabold sm:text-3xl">{t('savedSearch.title')}</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">{t('savedSearch.intro')}</p>
      <p role="status" className="mt-2 text-sm font-semibold">
        {status}
      </p>
      {shown.length === 0 ? (
        <div className="mt-6 rounded-xl border border-dashed border-slate-300 p-6 text-center dark:border-slate-600">
          <p>{t('savedSearch.empty')}</p>
          <Link
            to="/item-list"
            className="mt-3 inline-block font-semibold text-brand-700 underline dark:text-brand-300"
          >
            {t('savedSearch.browse')}
          </Link>
        </div>
      ) : (
        <ul className="mt-4 space-y-3" data-testid="saved-searches">
          {shown.map((search) => (
            <SavedSearchRow
              key={search.id}
              search={search}
              words={wordsOf(search)}
              onDeleted={() => {
                setDeleted((before) => new Set([...before, search.id]));
                setStatus(t('savedSearch.deleted'));
              }}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
