import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Check } from '../../components/ui/icons.tsx';
import { STATUS_FILTERS, type StatusFilter } from './decision.ts';

/** The queue's status filter, as links (the current one marked for every reader). */
export function StatusFilters({ current }: { current: StatusFilter }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('moderation.filterLabel')} className="mt-5">
      <ul className="flex flex-wrap gap-2">
        {STATUS_FILTERS.map((filter) => {
          const selected = filter === current;
          return (
            <li key={filter}>
              <Link
                to={filter === 'all' ? '/admin/items' : `/admin/items?status=${filter}`}
                aria-current={selected ? 'page' : undefined}
                className={`inline-flex items-center gap-1 rounded-full border px-4 py-1.5 text-sm font-semibold ${
                  selected
                    ? 'border-brand-700 bg-brand-700 text-white dark:border-brand-300 dark:bg-brand-300 dark:text-slate-900'
                    : 'border-slate-300 text-slate-700 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800'
                }`}
              >
                {selected && <Check className="size-4" aria-hidden />}
                {t(`moderation.filters.${filter}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
