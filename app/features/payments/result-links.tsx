import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Crown, List, Megaphone, Receipt } from '../../components/ui/icons.tsx';

const linkClass =
  'inline-flex min-h-11 items-center gap-2 rounded-full border border-slate-300 px-5 font-semibold hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800';

/** Where each kind of purchase goes on to besides the receipt: the paid ads, the member's profile, the listings. */
const NEXT = {
  paidAds: { to: '/paid-items', key: 'payments.started.toPaidAds', Icon: Megaphone },
  profile: { to: '/profile', key: 'payments.membership.toProfile', Icon: Crown },
  myListings: { to: '/active-items', key: 'payments.bump.toMyListings', Icon: List },
} as const;

/** Where to go once a purchase is booked: its payment's receipt, and then the paid ads (a promotion) or the profile. */
export type NextPlace = keyof typeof NEXT;

export function ResultLinks({ paymentId, next = 'paidAds' }: { paymentId: string; next?: NextPlace }) {
  const { t } = useTranslation();
  const { to, key, Icon } = NEXT[next];
  return (
    <div className="flex flex-wrap gap-2">
      <Link to={`/payments/${encodeURIComponent(paymentId)}`} className={linkClass} data-testid="receipt-link">
        <Receipt className="size-5" aria-hidden />
        {t('payments.started.toReceipt')}
      </Link>
      <Link to={to} className={linkClass}>
        <Icon className="size-5" aria-hidden />
        {t(key)}
      </Link>
    </div>
  );
}
