import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SORT_OPTIONS } from '../../../contract/sort-options.ts';
import { APP_VERSION } from '../../../contract/version.ts';
import { Logo } from '../../components/ui/logo.tsx';

const [LATEST, POPULAR] = SORT_OPTIONS;
/** The item list in one default order, its parameters in the order SPEC.md 2 names them (as the list emits them). */
const sortedListHref = (sort: (typeof SORT_OPTIONS)[number]) =>
  `/item-list?${new URLSearchParams({
    sorting_id: String(sort.id),
    sorting_name: sort.name,
    order_by: sort.orderBy,
    orderType: sort.orderType,
  })}`;

const SECTIONS = [
  {
    title: 'footer.shop',
    links: [
      { to: '/category', label: 'footer.categories' },
      { to: '/deal', label: 'footer.deals' },
      { to: sortedListHref(LATEST), label: 'footer.latestPosts' },
      { to: sortedListHref(POPULAR), label: 'footer.popularPosts' },
      { to: '/follower-items', label: 'footer.followers' },
      { to: '/users', label: 'footer.findPeople' },
    ],
  },
  {
    title: 'footer.support',
    links: [
      { to: '/contact', label: 'footer.contactUs' },
      { to: '/safety', label: 'footer.safetyTips' },
      { to: '/privacy', label: 'footer.privacyPolicy' },
    ],
  },
  {
    title: 'footer.company',
    links: [
      { to: '/about', label: 'footer.aboutUs' },
      { to: '/blog', label: 'footer.blogs' },
    ],
  },
] as const;

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="mt-12 border-t border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900 print:hidden">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-8 px-4 py-10 lg:grid-cols-4">
        <div className="col-span-2 space-y-3 lg:col-span-1">
          <Link to="/" aria-label={t('app.home')} className="inline-flex items-center gap-2">
            <Logo />
          </Link>
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('footer.about')}</p>
        </div>
        {SECTIONS.map((section) => (
          <section key={section.title} aria-labelledby={`footer-${section.title}`}>
            <h2
              id={`footer-${section.title}`}
              className="mb-3 text-sm font-bold uppercase tracking-wide text-slate-500 dark:text-slate-400"
            >
              {t(section.title)}
            </h2>
            <ul className="space-y-2">
              {section.links.map((link) => (
                <li key={link.label}>
                  <Link
                    to={link.to}
                    className="text-sm text-slate-700 hover:text-brand-600 hover:underline dark:text-slate-300 dark:hover:text-brand-300"
                  >
                    {t(link.label)}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <div className="border-t border-slate-200 dark:border-slate-800">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-4 text-xs text-slate-500 dark:text-slate-400">
          <p>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
          <p>{t('footer.version', { version: APP_VERSION })}</p>
        </div>
      </div>
    </footer>
  );
}
