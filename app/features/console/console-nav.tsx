import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import {
  BadgeCheck,
  FileText,
  Flag,
  Gauge,
  type IconComponent,
  LayoutGrid,
  Newspaper,
  Search,
  Settings,
  Star,
  Tag,
  Users,
  Wallet,
} from '../../components/ui/icons.tsx';

/** The console's sections, in the order an operator's day goes through them. */
const SECTIONS = [
  { to: '/admin', key: 'dashboard', icon: Gauge, end: true },
  { to: '/admin/items', key: 'items', icon: LayoutGrid },
  { to: '/admin/reports', key: 'reports', icon: Flag },
  { to: '/admin/reviews', key: 'reviews', icon: Star },
  { to: '/admin/users', key: 'users', icon: Users },
  { to: '/admin/applications', key: 'applications', icon: BadgeCheck },
  { to: '/admin/categories', key: 'categories', icon: Tag },
  { to: '/admin/content', key: 'content', icon: FileText },
  { to: '/admin/payments', key: 'payments', icon: Wallet },
  { to: '/admin/settings', key: 'settings', icon: Settings },
  { to: '/admin/search-words', key: 'searchWords', icon: Search },
  { to: '/admin/audit', key: 'audit', icon: Newspaper },
] as const satisfies ReadonlyArray<{ to: string; key: string; icon: IconComponent; end?: boolean }>;

/** The console's sections, the current one marked: a row that scrolls sideways on a phone, wraps on a wide screen. */
export function ConsoleNav() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('console.navLabel')} className="border-b border-slate-200 dark:border-slate-800">
      <ul className="mx-auto flex max-w-6xl gap-1 overflow-x-auto px-4 lg:flex-wrap">
        {SECTIONS.map(({ to, key, icon: Icon, ...rest }) => (
          <li key={key} className="shrink-0">
            <NavLink
              to={to}
              end={'end' in rest}
              className={({ isActive }) =>
                `flex items-center gap-2 border-b-2 px-3 py-3 text-sm font-semibold ${
                  isActive
                    ? 'border-brand-700 text-brand-800 dark:border-brand-300 dark:text-brand-200'
                    : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white'
                }`
              }
            >
              <Icon className="size-4" aria-hidden />
              {t(`console.nav.${key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A console page's heading and one line on what it is for. */
export function ConsoleHeading({ id, title, intro }: { id: string; title: string; intro?: string }) {
  return (
    <header>
      <h1 id={id} className="text-2xl font-bold sm:text-3xl">
        {title}
      </h1>
      {intro && <p className="mt-1 text-slate-600 dark:text-slate-400">{intro}</p>}
    </header>
  );
}
