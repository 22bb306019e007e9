import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Ban, ChevronRight, Crown, Eye, Flag, Heart, Megaphone, Users, Wallet } from '../../components/ui/icons.tsx';

/**
 * The person's own lists (SPEC.md 2 routes): social ones, what they opened lately, their paid ads, payments and
 * membership.
 */
const SOCIAL_LISTS = [
  { path: '/favourite', label: 'social.favouriteTitle', Icon: Heart },
  { path: '/recently-viewed', label: 'recent.title', Icon: Eye },
  { path: '/follower-items', label: 'social.followerItemsTitle', Icon: Users },
  { path: '/blocked-users', label: 'social.blockedTitle', Icon: Ban },
  { path: '/reported-items', label: 'social.reportedTitle', Icon: Flag },
  { path: '/paid-items', label: 'nav.paidItems', Icon: Megaphone },
  { path: '/payments', label: 'nav.payments', Icon: Wallet },
  { path: '/membership', label: 'nav.membership', Icon: Crown },
] as const;

export function SocialListsLinks() {
  const { t } = useTranslation();
  return (
    <nav aria-labelledby="social-lists-title" className="mx-auto max-w-4xl px-4 pb-6">
      <h2 id="social-lists-title" className="text-xl font-bold">
        {t('social.listsLabel')}
      </h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2" data-testid="social-lists-links">
        {SOCIAL_LISTS.map(({ path, label, Icon }) => (
          <li key={path}>
            <Link
              to={path}
              className="flex h-full items-center gap-3 rounded-2xl border border-slate-200 bg-white px-4 py-3 font-semibold hover:border-brand-300 hover:shadow-sm dark:border-slate-800 dark:bg-slate-900 dark:hover:border-brand-700"
            >
              <Icon className="size-5 shrink-0 text-brand-700 dark:text-brand-300" aria-hidden />
              <span className="flex-1">{t(label)}</span>
              <ChevronRight className="size-5 shrink-0 text-slate-400 rtl:rotate-180" aria-hidden />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
