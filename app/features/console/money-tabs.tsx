import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Banknote, type IconComponent, Megaphone, TicketPercent, Wallet } from '../../components/ui/icons.tsx';

/** The console's money pages: payments, paid ads, coupons and the offline methods payers are offered. */
const MONEY_PAGES = [
  { to: '/admin/payments', key: 'payments', icon: Wallet, end: true },
  { to: '/admin/payments/paid-ads', key: 'paidAds', icon: Megaphone },
  { to: '/admin/payments/coupons', key: 'coupons', icon: TicketPercent },
  { to: '/admin/payments/offline-methods', key: 'offlineMethods', icon: Banknote },
] as const satisfies ReadonlyArray<{ to: string; key: string; icon: IconComponent; end?: boolean }>;

/** Tabs between the money pages, the current one marked; a row that scrolls sideways on a phone. */
export function MoneyTabs() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('console.money.tabsLabel')} className="mb-5 overflow-x-auto">
      <ul className="flex gap-2">
        {MONEY_PAGES.map(({ to, key, icon: Icon, ...rest }) => (
          <li key={key} className="shrink-0">
            <NavLink
              to={to}
              end={'end' in rest}
              className={({ isActive }) =>
                `inline-flex items-center gap-1.5 rounded-full px-4 py-2 text-sm font-semibold ${
                  isActive
                    ? 'bg-slate-900 text-white dark:bg-white dark:text-slate-900'
                    : 'bg-slate-100 text-slate-700 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-200 dark:hover:bg-slate-700'
                }`
              }
            >
              <Icon className="size-4" aria-hidden />
              {t(`console.money.tabs.${key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
