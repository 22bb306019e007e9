import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ConsoleList, ConsoleListEntry } from '../../../contract/console-lists.ts';
import { LIST_CHILDREN, LIST_PARENTS } from '../../../contract/console-lists-basics.ts';
import type { LanguageCode } from '../../../contract/language.ts';
import { compactPrimaryButtonClass } from '../../components/ui/form-classes.ts';
import { ChevronRight, Plus } from '../../components/ui/icons.tsx';
import { formatAmount } from '../../lib/money.ts';
import { ConsoleHeading } from './console-nav.tsx';

const BADGE = 'rounded-full bg-slate-100 px-2 py-0.5 text-slate-800 dark:bg-slate-800 dark:text-slate-200';

/** "lat, lng" kept left to right inside a right-to-left sentence (Unicode isolates). */
export const isolatedPoint = (lat: number, lng: number) => `\u2066${lat.toFixed(4)}, ${lng.toFixed(4)}\u2069`;

/** Where a list's page is: a child list names its parent. */
export function listPath(kind: string, parentId: number | null) {
  return `/admin/categories/lists/${kind}${parentId === null ? '' : `?parent=${parentId}`}`;
}

/** The way back from a list: a child list goes to its parent's list (or category), others to the catalogue. */
function backLink(list: ConsoleList) {
  const parentKind = list.kind in LIST_PARENTS ? LIST_PARENTS[list.kind as keyof typeof LIST_PARENTS] : null;
  if (!parentKind) return { to: '/admin/categories', kind: null };
  if (parentKind === 'categories') return { to: `/admin/categories/${list.parent?.id ?? ''}`, kind: null };
  return { to: listPath(parentKind, null), kind: parentKind };
}

/**
 * One lookup list, hidden entries too, in their order; each entry opens its form, and "Add" a new one. `currency`
 * is the site's, which shipping prices are in.
 */
export function LookupList({
  list,
  currency,
  truncatedAt,
}: {
  list: ConsoleList;
  currency: string | null;
  truncatedAt: number | null;
}) {
  const { t } = useTranslation();
  const listName = t(`console.lists.kinds.${list.kind}`);
  const back = backLink(list);
  const parentId = list.parent?.id ?? null;
  return (
    <section className="mx-auto max-w-6xl px-4 py-6" aria-labelledby="lookup-list-title">
      <p className="text-sm">
        <Link to={back.to} className="text-brand-700 underline dark:text-brand-300">
          {back.kind
            ? t('console.lists.backToParent', { list: t(`console.lists.kinds.${back.kind}`) })
            : list.parent
              ? list.parent.name
              : t('console.lists.back')}
        </Link>
      </p>
      <div className="mt-2 flex flex-wrap items-start justify-between gap-3">
        <ConsoleHeading
          id="lookup-list-title"
          title={list.parent ? t('console.lists.titleOf', { list: listName, parent: list.parent.name }) : listName}
          intro={t('console.lists.intro')}
        />
        <Link
          to={`/admin/categories/lists/${list.kind}/new${parentId === null ? '' : `?parent=${parentId}`}`}
          className={compactPrimaryButtonClass}
        >
          <Plus className="size-4" aria-hidden />
          {t('console.lists.add')}
        </Link>
      </div>
      {list.entries.length === 0 ? (
        <p className="mt-5 rounded-2xl border border-dashed border-slate-300 p-6 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
          {t('console.lists.empty')}
        </p>
      ) : (
        <ul className="mt-5 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
          {list.entries.map((entry) => (
            <EntryRow key={entry.id} entry={entry} currency={currency} />
          ))}
        </ul>
      )}
      {truncatedAt !== null && (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
          {t('console.lists.tooMany', { count: truncatedAt })}
        </p>
      )}
    </section>
  );
}

function EntryRow({ entry, currency }: { entry: ConsoleListEntry; currency: string | null }) {
  const { t, i18n } = useTranslation();
  const children = LIST_CHILDREN[entry.kind];
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
      <Link
        to={`/admin/categories/lists/${entry.kind}/${entry.id}`}
        className="font-semibold text-brand-800 underline-offset-2 hover:underline dark:text-brand-200"
      >
        {entry.names[i18n.language] ?? entry.names.en ?? entry.names.ar}
      </Link>
      <span className="flex flex-wrap items-center gap-2 text-xs font-semibold">
        {!entry.is_published && <span className={BADGE}>{t('console.lists.hidden')}</span>}
        {entry.code !== null && (
          <span className="text-slate-600 dark:text-slate-400" dir="ltr">
            {t('console.lists.currencyListed', { code: entry.code, symbol: entry.symbol ?? '' })}
          </span>
        )}
        {entry.price !== null && currency !== null && (
          <span className="text-slate-600 dark:text-slate-400">
            {entry.days === null
              ? formatAmount(entry.price, currency, i18n.language as LanguageCode)
              : t('console.lists.shippingListed', {
                  price: formatAmount(entry.price, currency, i18n.language as LanguageCode),
                  count: entry.days,
                })}
          </span>
        )}
        {entry.lat !== null && entry.lng !== null && (
          <span className="text-slate-600 dark:text-slate-400">
            {t('console.lists.point', { point: isolatedPoint(entry.lat, entry.lng) })}
          </span>
        )}
        <span className="text-slate-600 dark:text-slate-400">
          {t('console.lists.order', { value: entry.ordering })}
        </span>
        {children && (
          <Link
            to={listPath(children, entry.id)}
            className="flex items-center gap-1 rounded-full border border-slate-300 px-3 py-1 text-sm text-slate-800 hover:border-brand-400 dark:border-slate-700 dark:text-slate-200"
          >
            {t(`console.lists.kinds.${children}`)}
            <ChevronRight className="size-4 rtl:rotate-180" aria-hidden />
          </Link>
        )}
      </span>
    </li>
  );
}
