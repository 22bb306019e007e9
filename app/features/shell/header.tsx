import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import type { ChosenLocation } from '../../../contract/location-choice.ts';
import { TOP_BAR_HIDE_THRESHOLD_PX } from '../../../contract/screens.ts';
import { DeferredPopup, orTrigger } from '../../components/ui/deferred-popup.tsx';
import { LogIn, Menu, MessageCircle, Plus, Search, UserPlus, X } from '../../components/ui/icons.tsx';
import { Logo } from '../../components/ui/logo.tsx';
import { hydrateLater } from '../../lib/hydrate-later.ts';
import { useRedirectQuery } from '../../lib/redirect.ts';
import { LanguageMenu } from './language-menu.tsx';
import { LocationMenu } from './location-menu.tsx';
import { ThemeToggle } from './theme.tsx';
import { UnreadBadge } from './unread-badge.tsx';
import { useUnreadTotal } from './unread-total.ts';

// Menus and the phone sheet load their code when first pressed (components/ui/deferred-popup.tsx).
const loadAvatarMenu = () => import('./avatar-menu-popup.tsx');
const AvatarMenuPopup = lazy(orTrigger(loadAvatarMenu));
const loadMobileMenu = () => import('./mobile-menu-popup.tsx');
const MobileMenuPopup = lazy(orTrigger(loadMobileMenu));
// The search box hydrates on its own (hydrate-later.ts): its code (1.5 KB of brotli) loads while the page
// hydrates; meanwhile the server's HTML is the plain GET form it always also is (what is typed stays).
export const SearchBox = hydrateLater(() => import('./search-box.tsx').then((module) => module.SearchBox));
/** The live bell: its code (the realtime count, the notice box) loads while the page hydrates. */
const BellLink = hydrateLater(() => import('./bell-link.tsx').then((module) => module.BellLink));

/** The signed-in user as the page shows them; null for a visitor ("nologinuser"). */
export interface Viewer {
  userId: string;
  userName: string;
  photo: string | null;
  /** Admins get the moderation queue in their menus. */
  isAdmin?: boolean;
}

export function Header({ viewer, location }: { viewer: Viewer | null; location: ChosenLocation | null }) {
  const { t } = useTranslation();
  const topBarHidden = useScrolledPast(TOP_BAR_HIDE_THRESHOLD_PX);
  const pageTop = useRef<HTMLElement>(null);
  useFocusPageTopAfterNavigation(pageTop);
  return (
    <header ref={pageTop} tabIndex={-1} className="sticky top-0 z-40 outline-none print:hidden">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:text-slate-900"
      >
        {t('app.skipToContent')}
      </a>
      <div
        data-testid="top-bar"
        data-hidden={topBarHidden}
        // Collapsed, its buttons are out of sight: keep them out of the Tab order and the accessibility tree too.
        inert={topBarHidden}
        className={`overflow-hidden bg-brand-800 text-white transition-[max-height] duration-200 dark:bg-slate-900 ${topBarHidden ? 'max-h-0' : 'max-h-12'}`}
      >
        <div className="mx-auto flex h-9 max-w-6xl items-center gap-2 px-4">
          <p className="hidden min-w-0 flex-1 truncate text-xs text-white/80 sm:block">{t('app.tagline')}</p>
          {/* Phones: at the start of the bar; wider screens: beside the language, after the tagline. */}
          <div className="flex min-w-0 flex-1 sm:flex-none">
            <LocationMenu location={location} />
          </div>
          <div className="flex shrink-0 items-center gap-1">
            <LanguageMenu />
            <ThemeToggle />
          </div>
        </div>
      </div>
      <MainNav viewer={viewer} />
    </header>
  );
}

export function MainNav({ viewer }: { viewer: Viewer | null }) {
  const { t } = useTranslation();
  const phoneSearch = usePhoneSearch();
  return (
    <nav
      aria-label={t('nav.main')}
      className="border-b border-slate-200 bg-white/95 backdrop-blur dark:border-slate-800 dark:bg-slate-900/95"
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-1 px-4 sm:gap-3">
        <Link to="/" aria-label={t('app.home')} className="me-auto flex items-center gap-2 rounded-lg">
          <Logo />
        </Link>
        <div className="hidden md:block md:max-w-md md:flex-1">
          <Suspense fallback={null}>
            <SearchBox />
          </Suspense>
        </div>
        <div className="hidden items-center gap-1 md:flex">
          {viewer ? <MemberLinks viewer={viewer} /> : <VisitorLinks />}
        </div>
        {/* Phones: the tab bar has Post and Chats; the bell stays up here. */}
        {viewer && (
          <Suspense fallback={null}>
            <BellLink className={navLinkClass} shownOn="md:hidden" />
          </Suspense>
        )}
        <button
          ref={phoneSearch.toggleRef}
          type="button"
          className="rounded-full p-1.5 hover:bg-slate-100 sm:p-2 md:hidden dark:hover:bg-slate-800"
          aria-label={t('searchBox.toggle')}
          aria-expanded={phoneSearch.open}
          aria-controls={phoneSearch.open ? PHONE_SEARCH_ID : undefined}
          onClick={phoneSearch.toggle}
        >
          {phoneSearch.open ? <X className="size-6" aria-hidden /> : <Search className="size-6" aria-hidden />}
        </button>
        <NewPostButton />
        <MobileMenu viewer={viewer} />
      </div>
      {phoneSearch.open && (
        <div id={PHONE_SEARCH_ID} className="px-4 pb-3 md:hidden">
          <Suspense fallback={null}>
            <SearchBox autoFocus onDone={phoneSearch.close} onEscapeEmpty={phoneSearch.closeToToggle} />
          </Suspense>
        </div>
      )}
    </nav>
  );
}

const PHONE_SEARCH_ID = 'phone-search';

/** Phones: the search button opens a full-width search field under the bar; Escape in the empty field closes it. */
function usePhoneSearch() {
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  return {
    open,
    toggleRef,
    toggle: () => setOpen((wasOpen) => !wasOpen),
    close: () => setOpen(false),
    closeToToggle: () => {
      setOpen(false);
      toggleRef.current?.focus();
    },
  };
}

function NewPostButton() {
  const { t } = useTranslation();
  return (
    <Link
      to="/item-entry"
      className="hidden items-center gap-1.5 rounded-full bg-accent-400 px-4 py-2 text-sm font-bold text-slate-900 shadow-sm hover:bg-accent-500 md:inline-flex"
    >
      <Plus className="size-4" aria-hidden />
      {t('nav.newPost')}
    </Link>
  );
}

const navLinkClass =
  'inline-flex items-center gap-1.5 rounded-full px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800';

function VisitorLinks() {
  const { t } = useTranslation();
  const redirect = useRedirectQuery();
  return (
    <>
      <NavLink to={`/login${redirect}`} className={navLinkClass}>
        <LogIn className="size-4" aria-hidden />
        {t('nav.login')}
      </NavLink>
      <NavLink to={`/register${redirect}`} className={navLinkClass}>
        <UserPlus className="size-4" aria-hidden />
        {t('nav.register')}
      </NavLink>
    </>
  );
}

function MemberLinks({ viewer }: { viewer: Viewer }) {
  return (
    <>
      <Suspense fallback={null}>
        <BellLink className={navLinkClass} />
      </Suspense>
      <MessagesLink />
      <AvatarMenu viewer={viewer} />
    </>
  );
}

/** The message icon (chat list), with the unread total kept live by the realtime connection. */
function MessagesLink() {
  const { t } = useTranslation();
  const unread = useUnreadTotal(true);
  const label = unread > 0 ? t('nav.messagesUnread', { count: unread }) : t('nav.messages');
  return (
    <NavLink to="/chat-list" className={`relative ${navLinkClass}`} aria-label={label} data-testid="messages-link">
      <MessageCircle className="size-5" aria-hidden />
      <UnreadBadge count={unread} />
    </NavLink>
  );
}

function AvatarMenu({ viewer }: { viewer: Viewer }) {
  const { t } = useTranslation();
  return (
    <DeferredPopup
      popup={AvatarMenuPopup}
      load={loadAvatarMenu}
      haspopup="menu"
      userName={viewer.userName}
      isAdmin={viewer.isAdmin ?? false}
      trigger={
        <button type="button" className="rounded-full" aria-label={t('nav.accountMenu')} data-testid="avatar-menu">
          <Avatar viewer={viewer} />
        </button>
      }
    />
  );
}

function Avatar({ viewer }: { viewer: Viewer }) {
  if (viewer.photo) {
    return <img src={viewer.photo} alt="" className="size-9 rounded-full object-cover" />;
  }
  return (
    <span className="flex size-9 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800 dark:bg-brand-900 dark:text-brand-100">
      {viewer.userName.trim().charAt(0).toUpperCase()}
    </span>
  );
}

function MobileMenu({ viewer }: { viewer: Viewer | null }) {
  const { t } = useTranslation();
  return (
    <DeferredPopup
      popup={MobileMenuPopup}
      load={loadMobileMenu}
      haspopup="dialog"
      signedIn={viewer !== null}
      isAdmin={viewer?.isAdmin ?? false}
      trigger={
        <button
          type="button"
          className="rounded-full p-1.5 hover:bg-slate-100 sm:p-2 md:hidden dark:hover:bg-slate-800"
          aria-label={t('nav.openMenu')}
        >
          <Menu className="size-6" aria-hidden />
        </button>
      }
    />
  );
}

/**
 * After moving to another page, focus that was on a link or button of the old page is lost and the browser
 * would continue Tab from where that element was, deep in the new page. Start again at the top instead:
 * the next Tab reaches the skip link, then the header's controls.
 */
function useFocusPageTopAfterNavigation(pageTop: React.RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const previousPath = useRef(pathname);
  useEffect(() => {
    if (previousPath.current === pathname) return;
    previousPath.current = pathname;
    const focused = document.activeElement;
    const focusLost = !focused || focused === document.body || !focused.isConnected;
    if (focusLost) pageTop.current?.focus({ preventScroll: true });
  }, [pathname, pageTop]);
}

function useScrolledPast(threshold: number) {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return past;
}
