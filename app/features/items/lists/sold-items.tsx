import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ItemCardView } from '../../../../contract/items.ts';
import type { Paged } from '../../../../contract/paging.ts';
import { ChevronRight } from '../../../components/ui/icons.tsx';
import { PagedList, type PageSource } from '../../../components/ui/paged-list.tsx';
import { ItemCard } from '../item-card.tsx';
import { itemGridClass, NoResult } from './item-grid.tsx';
import { MY_LISTS } from './my-items.tsx';

/** A list of a seller's items on their profile, paged by "Load more". */
export function SellerItemsSection({
  title,
  empty,
  firstPage,
  source,
  testId,
}: {
  title: string;
  empty?: string;
  firstPage: Paged<ItemCardView>;
  source: PageSource;
  testId: string;
}) {
  const headingId = `${testId}-title`;
  return (
    <section className="mx-auto max-w-4xl px-4 pb-8" aria-labelledby={headingId}>
      <h2 id={headingId} className="text-xl font-bold">
        {title}
      </h2>
      <PagedList
        firstPage={firstPage}
        source={source}
        empty={
          empty ? (
            <p className="mt-4 rounded-2xl bg-white p-6 text-center text-slate-600 dark:bg-slate-900 dark:text-slate-400">
              {empty}
            </p>
          ) : (
            <NoResult />
          )
        }
      >
        {(items) => (
          <ul className={`mt-4 ${itemGridClass} lg:grid-cols-3`} data-testid={testId}>
            {items.map((item) => (
              <li key={item.id}>
                <ItemCard item={item} headingLevel={3} />
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </section>
  );
}

/** A seller's sold items on their profile, paged from /api/v1/items/by-seller/:userId/sold. */
export function SoldItemsSection({
  userId,
  firstPage,
  language,
}: {
  userId: string;
  firstPage: Paged<ItemCardView>;
  language: string;
}) {
  const { t } = useTranslation();
  return (
    <SellerItemsSection
      title={t('myItems.soldTitle')}
      firstPage={firstPage}
      source={{
        path: `/api/v1/items/by-seller/${encodeURIComponent(userId)}/sold`,
        query: { lang: language, view: 'card' },
      }}
      testId="sold-items"
    />
  );
}

/** Links from the owner's profile to their three item lists. */
export function MyListsLinks() {
  const { t } = useTranslation();
  return (
    <nav aria-labelledby="my-lists-title" className="mx-auto max-w-4xl px-4 pb-6">
      <h2 id="my-lists-title" className="text-xl font-bold">
        {t('myItems.heading')}
      </h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-3" data-testid="my-lists-links">
        {MY_LISTS.map(({ list, path }) => (
          <li key={list}>
            <Link
              to={path}
              className="flex h-full items-center justify-between gap-2 rounded-2xl border border-slate-200 bg-white px-4 py-3 font-semibold hover:border-brand-300 hover:shadow-sm dark:border-slate-800 dark:bg-slate-900 dark:hover:border-brand-700"
            >
              {t(`myItems.tabs.${list}`)}
              <ChevronRight className="size-5 shrink-0 text-slate-400 rtl:rotate-180" aria-hidden />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
