import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Paged } from '../../../../contract/paging.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Heart } from '../../../components/ui/icons.tsx';
import { PagedList, type PageSource } from '../../../components/ui/paged-list.tsx';
import { type CardItem, ItemCard } from '../item-card.tsx';
import { itemGridClass } from './item-grid.tsx';

/** Cards in the first screen load at once; the rest when scrolled near. */
const EAGER_CARDS = 4;

/** An empty list of items: what would be here, and a way to find some. */
function NoItems({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <EmptyState icon={Heart} text={text}>
      <Link
        to="/item-list"
        className="mt-4 inline-flex items-center rounded-full bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
      >
        {t('social.findSellers')}
      </Link>
    </EmptyState>
  );
}

/** One of the person's item lists (favourites, reported, from followed sellers), paged by "Load more". */
export function PersonItemList<T extends CardItem>({
  title,
  intro,
  empty,
  firstPage,
  source,
  testId,
  below,
}: {
  title: string;
  intro: string;
  empty: string;
  firstPage: Paged<T>;
  source: PageSource;
  testId: string;
  /** More lines under each card (why it was reported). */
  below?: (item: T) => ReactNode;
}) {
  return (
    <section className="mx-auto max-w-6xl px-4 py-6" aria-labelledby="list-title">
      <h1 id="list-title" className="text-2xl font-bold sm:text-3xl">
        {title}
      </h1>
      <p className="mt-1 text-slate-600 dark:text-slate-400">{intro}</p>
      <PagedList firstPage={firstPage} source={source} empty={<NoItems text={empty} />}>
        {(items) => (
          <ul className={`mt-6 ${itemGridClass}`} data-testid={testId}>
            {items.map((item, index) => (
              <li key={item.id}>
                <ItemCard item={item} headingLevel={2} lazy={index >= EAGER_CARDS}>
                  {below?.(item)}
                </ItemCard>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </section>
  );
}
