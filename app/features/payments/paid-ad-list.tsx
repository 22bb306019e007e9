import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Paged } from '../../../contract/paging.ts';
import type { PaidAd } from '../../../contract/promotions.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Megaphone } from '../../components/ui/icons.tsx';
import { PagedList } from '../../components/ui/paged-list.tsx';
import { PaidAdCard } from './paid-ad-card.tsx';

/** The owner's paid ads, the latest first, paged by "Load more" (SPEC.md 2 /paid-items). */
export function PaidAdList({
  firstPage,
  language,
  headingLevel,
}: {
  firstPage: Paged<PaidAd>;
  language: string;
  /** The level of each ad's heading: under the page's title, or under a section's. */
  headingLevel: 2 | 3;
}) {
  const { t } = useTranslation();
  return (
    <PagedList
      firstPage={firstPage}
      source={{ path: '/api/v1/paid-items', query: { lang: language } }}
      empty={
        <EmptyState icon={Megaphone} text={t('payments.paidAds.empty')}>
          <Link
            to="/active-items"
            className="mt-4 inline-flex items-center rounded-full bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
          >
            {t('payments.paidAds.toActiveItems')}
          </Link>
        </EmptyState>
      }
    >
      {(ads) => (
        <ul
          className="mt-4 grid grid-cols-1 gap-3 lg:grid-cols-2"
          aria-label={t('payments.paidAds.listLabel')}
          data-testid="paid-ads"
        >
          {ads.map((ad) => (
            <PaidAdCard key={ad.id} ad={ad} headingLevel={headingLevel} />
          ))}
        </ul>
      )}
    </PagedList>
  );
}
