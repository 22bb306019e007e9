import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pillLinkClass } from '../../components/ui/form-classes.ts';
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
                className={pillLinkClass(selected)}
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
