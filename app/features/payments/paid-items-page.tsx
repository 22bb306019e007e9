import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Paged } from '../../../contract/paging.ts';
import type { PaidAd } from '../../../contract/promotions.ts';
import { Wallet } from '../../components/ui/icons.tsx';
import { PaidAdList } from './paid-ad-list.tsx';

const sideLinkClass =
  'inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-xl px-3 font-semibold text-brand-700 hover:bg-brand-50 dark:text-brand-300 dark:hover:bg-brand-900';

/**
 * /paid-items: the owner's paid ads (SPEC.md 2) and, with ?item_id=, the Promote form of that listing above
 * them; the page's title is then the form's.
 */
export function PaidItemsPage({
  firstPage,
  language,
  promote,
}: {
  firstPage: Paged<PaidAd>;
  language: string;
  /** The Promote form of the listing asked for, when one was. */
  promote: ReactNode | null;
}) {
  const { t } = useTranslation();
  const promoting = promote !== null;
  return (
    <section className="mx-auto max-w-4xl px-4 py-6" aria-labelledby="paid-items-title">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-semibold text-brand-700 dark:text-brand-300">{t('payments.paidAds.eyebrow')}</p>
          <h1 id="paid-items-title" className="text-2xl font-bold sm:text-3xl">
            {promoting ? t('payments.promote.title') : t('payments.paidAds.title')}
          </h1>
          <p className="mt-1 text-slate-600 dark:text-slate-400">
            {promoting ? t('payments.promote.intro') : t('payments.paidAds.intro')}
          </p>
        </div>
        <Link to="/payments" className={sideLinkClass}>
          <Wallet className="size-5" aria-hidden />
          {t('payments.paidAds.toPayments')}
        </Link>
      </div>
      {promoting && <div className="mt-6">{promote}</div>}
      {promoting ? (
        <section aria-labelledby="paid-ads-title" className="mt-10">
          <h2 id="paid-ads-title" className="text-xl font-bold">
            {t('payments.paidAds.title')}
          </h2>
          <PaidAdList firstPage={firstPage} language={language} headingLevel={3} />
        </section>
      ) : (
        <div className="mt-2">
          <PaidAdList firstPage={firstPage} language={language} headingLevel={2} />
        </div>
      )}
    </section>
  );
}
