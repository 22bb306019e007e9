import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Crown, Megaphone, Receipt } from '../../components/ui/icons.tsx';

const linkClass =
  'inline-flex min-h-11 items-center gap-2 rounded-full border border-slate-300 px-5 font-semibold hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800';

/** Where each kind of purchase goes on to besides the receipt: the owner's paid ads, or the member's profile. */
const NEXT = {
  paidAds: { to: '/paid-items', key: 'payments.started.toPaidAds', Icon: Megaphone },
  profile: { to: '/profile', key: 'payments.membership.toProfile', Icon: Crown },
} as const;

/** Where to go once a purchase is booked: its payment's receipt, and then the paid ads (a promotion) or the profile. */
export function ResultLinks({ paymentId, next = 'paidAds' }: { paymentId: string; next?: keyof typeof NEXT }) {
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
