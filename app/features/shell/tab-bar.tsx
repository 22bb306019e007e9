import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Home, type IconComponent, MessageCircle, Plus, Search, User } from '../../components/ui/icons.tsx';
import { useRedirectQuery } from '../../lib/redirect.ts';
import { currentTab, type TabName } from './tab-bar-tabs.ts';
import { UnreadBadge } from './unread-badge.tsx';
import { useUnreadTotal } from './unread-total.ts';

/**
 * Phones only: Home, Search, Post, Chats (with the live unread count) and Account (the profile, or the login for a
 * visitor) at the bottom of the screen, plain links the server renders. The page under it keeps clear of it through --tab-bar-space (app.css).
 */
export function TabBar({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  const current = currentTab(useLocation().pathname);
  const redirect = useRedirectQuery();
  const unread = useUnreadTotal(signedIn);
  const tabs: [TabName, string, IconComponent, string][] = [
    ['home', '/', Home, t('tabBar.home')],
    ['search', '/item-list', Search, t('searchBox.toggle')],
    ['post', '/item-entry', Plus, t('tabBar.post')],
    ['chats', '/chat-list', MessageCircle, t('nav.messages')],
    ['account', signedIn ? '/profile' : `/login${redirect}`, User, t('tabBar.account')],
  ];
  return (
    <nav aria-label={t('tabBar.label')} data-tab-bar className="tab-bar">
      <ul className="mx-auto grid h-16 max-w-lg grid-cols-5">
        {tabs.map(([name, to, Icon, label]) => (
          <li key={name} className="flex">
            <Link
              to={to}
              aria-current={name === current ? 'page' : undefined}
              aria-label={name === 'chats' && unread > 0 ? t('nav.messagesUnread', { count: unread }) : undefined}
              data-tab={name}
              className="tab-link"
            >
              <span className="tab-icon">
                <Icon className="size-6" aria-hidden />
                {name === 'chats' && <UnreadBadge count={unread} />}
              </span>
              <span className="max-w-full truncate">{label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
