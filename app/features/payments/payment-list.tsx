import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Paged } from '../../../contract/paging.ts';
import type { Payment } from '../../../contract/payments.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { CreditCard, Megaphone, Wallet } from '../../components/ui/icons.tsx';
import { PagedList } from '../../components/ui/paged-list.tsx';
import { PaymentRow } from './payment-row.tsx';

const headerLinkClass =
  'inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-xl px-3 font-semibold text-brand-700 hover:bg-brand-50 dark:text-brand-300 dark:hover:bg-brand-900';

/** /payments: everything the person paid, the latest first, each opening its receipt; "Load more" for the rest. */
export function PaymentList({ firstPage, language }: { firstPage: Paged<Payment>; language: string }) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-3xl px-4 py-6" aria-labelledby="payments-title">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 id="payments-title" className="text-2xl font-bold sm:text-3xl">
            {t('payments.list.title')}
          </h1>
          <p className="mt-1 text-slate-600 dark:text-slate-400">{t('payments.list.intro')}</p>
        </div>
        <div className="flex flex-wrap gap-1">
          <Link to="/paid-items" className={headerLinkClass}>
            <Megaphone className="size-5" aria-hidden />
            {t('payments.list.toPaidAds')}
          </Link>
          <Link to="/payment-cards" className={headerLinkClass}>
            <CreditCard className="size-5" aria-hidden />
            {t('payments.list.toCards')}
          </Link>
        </div>
      </div>
      <PagedList
        firstPage={firstPage}
        source={{ path: '/api/v1/payments', query: { lang: language } }}
        empty={<EmptyState icon={Wallet} text={t('payments.list.empty')} />}
      >
        {(payments) => (
          <ul className="mt-6 grid grid-cols-1 gap-2" aria-label={t('payments.list.label')} data-testid="payment-list">
            {payments.map((payment) => (
              <PaymentRow key={payment.id} payment={payment} />
            ))}
          </ul>
        )}
      </PagedList>
    </section>
  );
}
