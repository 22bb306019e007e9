import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import type { Paged } from '../../../contract/paging.ts';
import { CONSOLE_PAID_AD_FILTERS, type ConsolePaidAdFilter } from '../../../contract/payment-catalog-basics.ts';
import type { ConsolePaidAd } from '../../../contract/promotions.ts';
import { pillLinkClass } from '../../components/ui/form-classes.ts';
import { UserRound } from '../../components/ui/icons.tsx';
import { PagedList } from '../../components/ui/paged-list.tsx';
import { CARD_LINK, PaidAdCard } from './paid-ad-card.tsx';

/**
 * /admin/payments/paid-ads (issue 24): the promotions running now, the soonest to end first, or every paid ad,
 * the latest first; each with its listing, state, dates, total, method, receipt and buyer.
 */
export function ConsolePaidAds({
  filter,
  firstPage,
  language,
  tabs,
}: {
  filter: ConsolePaidAdFilter;
  firstPage: Paged<ConsolePaidAd>;
  language: string;
  tabs: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-5xl px-4 py-6" aria-labelledby="console-paid-ads-title">
      {tabs}
      <h1 id="console-paid-ads-title" className="text-2xl font-bold">
        {t('console.paidAds.title')}
      </h1>
      <p className="mt-1 text-slate-600 dark:text-slate-400">{t('console.paidAds.intro')}</p>
      <nav aria-label={t('console.payments.filtersLabel')} className="mt-4 flex gap-2">
        {CONSOLE_PAID_AD_FILTERS.map((each) => (
          <NavLink
            key={each}
            to={`/admin/payments/paid-ads?status=${each}`}
            aria-current={each === filter ? 'page' : undefined}
            className={pillLinkClass(each === filter)}
          >
            {t(`console.paidAds.filters.${each}`)}
          </NavLink>
        ))}
      </nav>
      <PagedList
        key={filter}
        firstPage={firstPage}
        source={{ path: '/api/v1/admin/paid-ads', query: { status: filter, lang: language } }}
        empty={<p className="mt-6 text-slate-600 dark:text-slate-400">{t(`console.paidAds.empty.${filter}`)}</p>}
      >
        {(ads) => (
          <ul className="mt-6 grid gap-3 md:grid-cols-2" data-testid="console-paid-ads">
            {ads.map((ad) => (
              <PaidAdCard
                key={ad.id}
                ad={ad}
                headingLevel={2}
                links={
                  <Link to={`/admin/users/${encodeURIComponent(ad.user_id)}`} className={CARD_LINK}>
                    <UserRound className="size-4" aria-hidden />
                    {t('console.paidAds.buyer')}
                  </Link>
                }
              />
            ))}
          </ul>
        )}
      </PagedList>
    </section>
  );
}
