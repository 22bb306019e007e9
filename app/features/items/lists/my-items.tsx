import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import type { OwnerList, OwnItemCard } from '../../../../contract/items.ts';
import type { Paged } from '../../../../contract/paging.ts';
import { Plus } from '../../../components/ui/icons.tsx';
import { PagedList } from '../../../components/ui/paged-list.tsx';
import { RenewButton } from '../detail/listing-upkeep.tsx';
import { ItemCard } from '../item-card.tsx';
import { itemGridClass, NoResult } from './item-grid.tsx';

/** The lists of the owner's items and their pages (SPEC.md 2, and expired ones); sold items are on the profile. */
export const MY_LISTS = [
  { list: 'active', path: '/active-items' },
  { list: 'pending', path: '/pending-items' },
  { list: 'rejected', path: '/reject-items' },
  { list: 'expired', path: '/expired-items' },
] as const satisfies ReadonlyArray<{ list: OwnerList; path: string }>;
export type MyList = (typeof MY_LISTS)[number]['list'];

const renewClass =
  'inline-flex w-full items-center justify-center gap-2 rounded-full bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60';

/** Cards in the first screen load at once; the rest when scrolled near. */
const EAGER_CARDS = 4;

export const newPostClass =
  'inline-flex items-center justify-center gap-2 rounded-full bg-accent-400 px-5 py-2.5 font-bold text-slate-900 shadow-sm hover:bg-accent-500';

/** Links between the owner's lists, the current one marked (aria-current) for every reader. */
function ListTabs({ current }: { current: MyList }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('myItems.listsLabel')} className="mt-5 border-b border-slate-200 dark:border-slate-800">
      <ul className="-mb-px flex gap-1 overflow-x-auto">
        {MY_LISTS.map(({ list, path }) => (
          <li key={list} className="shrink-0">
            <NavLink
              to={path}
              className={`inline-flex items-center border-b-2 px-4 py-2.5 text-sm font-semibold ${
                list === current
                  ? 'border-brand-600 text-brand-700 dark:border-brand-400 dark:text-brand-300'
                  : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100'
              }`}
            >
              {t(`myItems.tabs.${list}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Why a rejected or disabled item was refused, under its card. */
function RefusalReason({ reason }: { reason: string | null }) {
  const { t } = useTranslation();
  return (
    <p
      className="rounded-lg bg-red-50 p-2 text-xs text-red-900 dark:bg-red-950 dark:text-red-100"
      data-testid="reject-reason"
    >
      <span className="font-semibold">{t('myItems.reason')}</span>{' '}
      <span dir="auto">{reason || t('myItems.noReason')}</span>
    </p>
  );
}

/** One of the owner's lists: its tabs, a New Post link, and its cards with their status, paged by "Load more". */
export function MyItemsPage({
  list,
  firstPage,
  language,
}: {
  list: MyList;
  firstPage: Paged<OwnItemCard>;
  language: string;
}) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-6xl px-4 py-6" aria-labelledby="my-items-title">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <p className="text-sm font-semibold text-brand-700 dark:text-brand-300">{t('myItems.heading')}</p>
          <h1 id="my-items-title" className="text-2xl font-bold sm:text-3xl">
            {t(`myItems.title.${list}`)}
          </h1>
          <p className="mt-1 text-slate-600 dark:text-slate-400">{t(`myItems.intro.${list}`)}</p>
        </div>
        <Link to="/item-entry" className={newPostClass} data-testid="my-items-new-post">
          <Plus className="size-5" aria-hidden />
          {t('nav.newPost')}
        </Link>
      </div>
      <ListTabs current={list} />
      <PagedList
        firstPage={firstPage}
        source={{ path: '/api/v1/items/mine', query: { list, lang: language, view: 'card' } }}
        empty={<NoResult />}
      >
        {(items) => (
          <ul className={`mt-6 ${itemGridClass}`} data-testid="my-items">
            {items.map((item, index) => (
              <li key={item.id}>
                <ItemCard item={item} headingLevel={2} showStatus lazy={index >= EAGER_CARDS}>
                  {list === 'rejected' && <RefusalReason reason={item.reject_reason} />}
                  {list === 'expired' && <RenewButton itemId={item.id} expired className={renewClass} />}
                </ItemCard>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </section>
  );
}
