import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChevronLeft, ChevronRight } from '../../../components/ui/icons.tsx';
import type { Crumb } from './item-list-seo.ts';

/** Where the list sits: each crumb a link but the last, the page itself; the separators point the reading way. */
export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  const { t, i18n } = useTranslation();
  const Separator = i18n.dir() === 'rtl' ? ChevronLeft : ChevronRight;
  return (
    <nav aria-label={t('common.breadcrumb')} className="text-sm text-slate-600 dark:text-slate-400">
      <ol className="flex flex-wrap items-center gap-1">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li key={crumb.path} className="flex items-center gap-1">
              {index > 0 && <Separator className="size-4" aria-hidden />}
              {last ? (
                <span aria-current="page" dir="auto">
                  {crumb.name}
                </span>
              ) : (
                <Link to={crumb.path} className="hover:underline" dir="auto">
                  {crumb.name}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
