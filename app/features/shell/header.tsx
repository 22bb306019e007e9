import * as Dialog from '@radix-ui/react-dialog';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, NavLink, useLocation, useSubmit } from 'react-router';
import { TOP_BAR_HIDE_THRESHOLD_PX } from '../../../contract/screens.ts';
import {
  Bell,
  Heart,
  LogIn,
  LogOut,
  Menu,
  MessageCircle,
  Plus,
  User,
  UserPlus,
  X,
} from '../../components/ui/icons.tsx';
import { Logo } from '../../components/ui/logo.tsx';
import { redirectQueryFor } from '../../lib/redirect.ts';
import { LanguageMenu } from './language-menu.tsx';
import { ThemeToggle } from './theme.tsx';

/** The signed-in user as the page shows them; null for a visitor ("nologinuser"). */
export interface Viewer {
  userId: string;
  userName: string;
  photo: string | null;
}

export function Header({ viewer }: { viewer: Viewer | null }) {
  const { t } = useTranslation();
  const topBarHidden = useScrolledPast(TOP_BAR_HIDE_THRESHOLD_PX);
  const pageTop = useRef<HTMLElement>(null);
  useFocusPageTopAfterNavigation(pageTop);
  return (
    <header ref={pageTop} tabIndex={-1} className="sticky top-0 z-40 outline-none">
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
        <div className="mx-auto flex h-9 max-w-6xl items-center justify-end gap-2 px-4 sm:justify-between">
          <p className="hidden truncate text-xs text-white/80 sm:block">{t('app.tagline')}</p>
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
  return (
    <nav
      aria-label={t('nav.main')}
      className="border-b border-slate-200 bg-white/95 backdrop-blur dark:border-slate-800 dark:bg-slate-900/95"
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4">
        <Link to="/" aria-label={t('app.home')} className="me-auto flex items-center gap-2 rounded-lg">
          <Logo />
        </Link>
        <div className="hidden items-center gap-1 md:flex">
          {viewer ? <MemberLinks viewer={viewer} /> : <VisitorLinks />}
        </div>
        <NewPostButton />
        <MobileMenu viewer={viewer} />
      </div>
    </nav>
  );
}

function NewPostButton() {
  const { t } = useTranslation();
  return (
    <Link
      to="/item-entry"
      className="inline-flex items-center gap-1.5 rounded-full bg-accent-400 px-4 py-2 text-sm font-bold text-slate-900 shadow-sm hover:bg-accent-500"
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
  const { t } = useTranslation();
  return (
    <>
      <NavLink to="/notification" className={navLinkClass} aria-label={t('nav.notifications')}>
        <Bell className="size-5" aria-hidden />
      </NavLink>
      <NavLink to="/chat-list" className={navLinkClass} aria-label={t('nav.messages')}>
        <MessageCircle className="size-5" aria-hidden />
      </NavLink>
      <AvatarMenu viewer={viewer} />
    </>
  );
}

function memberMenu(t: TFunction) {
  return [
    { to: '/profile', label: t('nav.profile'), icon: User },
    { to: '/chat-list', label: t('nav.message'), icon: MessageCircle },
    { to: '/favourite', label: t('nav.favourite'), icon: Heart },
    { to: '/notification', label: t('nav.notification'), icon: Bell },
  ];
}

function AvatarMenu({ viewer }: { viewer: Viewer }) {
  const { t, i18n } = useTranslation();
  const submit = useSubmit();
  return (
    <DropdownMenu.Root dir={i18n.dir()}>
      <DropdownMenu.Trigger className="rounded-full" aria-label={t('nav.accountMenu')} data-testid="avatar-menu">
        <Avatar viewer={viewer} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-52 rounded-xl border border-slate-200 bg-white p-1 shadow-xl dark:border-slate-700 dark:bg-slate-900"
        >
          <DropdownMenu.Label className="truncate px-3 py-2 text-sm font-semibold">
            {viewer.userName}
          </DropdownMenu.Label>
          {memberMenu(t).map(({ to, label, icon: Icon }) => (
            <DropdownMenu.Item key={to} asChild>
              <Link
                to={to}
                className="flex items-center gap-2 rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-brand-50 dark:data-[highlighted]:bg-slate-800"
              >
                <Icon className="size-4" aria-hidden />
                {label}
              </Link>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
          <DropdownMenu.Item
            onSelect={() => submit(null, { method: 'post', action: '/logout' })}
            className="flex w-full cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm text-red-600 outline-none data-[highlighted]:bg-red-50 dark:text-red-400 dark:data-[highlighted]:bg-slate-800"
          >
            <LogOut className="size-4" aria-hidden />
            {t('nav.logout')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function LogoutButton({ className }: { className: string }) {
  const { t } = useTranslation();
  return (
    <Form method="post" action="/logout" className="contents">
      <button type="submit" className={className}>
        <LogOut className="size-4" aria-hidden />
        {t('nav.logout')}
      </button>
    </Form>
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
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const redirect = useRedirectQuery();
  // biome-ignore lint/correctness/useExhaustiveDependencies: close the sheet whenever the page changes
  useEffect(() => setOpen(false), [location.pathname, location.search]);
  const itemClass =
    'flex items-center gap-3 rounded-xl px-3 py-3 text-base font-medium hover:bg-slate-100 dark:hover:bg-slate-800';
  const items = viewer
    ? memberMenu(t)
    : [
        { to: `/login${redirect}`, label: t('nav.login'), icon: LogIn },
        { to: `/register${redirect}`, label: t('nav.register'), icon: UserPlus },
      ];

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger
        className="rounded-full p-2 hover:bg-slate-100 md:hidden dark:hover:bg-slate-800"
        aria-label={t('nav.openMenu')}
      >
        <Menu className="size-6" aria-hidden />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content
          dir={i18n.dir()}
          className="fixed inset-y-0 end-0 z-50 flex w-80 max-w-[85vw] flex-col gap-2 bg-white p-4 shadow-2xl dark:bg-slate-900"
        >
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-lg font-bold">{t('nav.mobileMenu')}</Dialog.Title>
            <Dialog.Close
              className="rounded-full p-2 hover:bg-slate-100 dark:hover:bg-slate-800"
              aria-label={t('nav.closeMenu')}
            >
              <X className="size-5" aria-hidden />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">{t('nav.main')}</Dialog.Description>
          <Link to="/item-entry" className={`${itemClass} bg-accent-400 text-slate-900 hover:bg-accent-500`}>
            <Plus className="size-5" aria-hidden />
            {t('nav.newPost')}
          </Link>
          {items.map(({ to, label, icon: Icon }) => (
            <Link key={to} to={to} className={itemClass}>
              <Icon className="size-5" aria-hidden />
              {label}
            </Link>
          ))}
          {viewer && <LogoutButton className={`${itemClass} w-full text-red-600 dark:text-red-400`} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** `?redirect=` naming the current page, for the login and register links (SPEC.md 2 Route behaviour). */
function useRedirectQuery() {
  const { pathname, search } = useLocation();
  return redirectQueryFor(pathname, search);
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
