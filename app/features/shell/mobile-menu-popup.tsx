import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, useLocation } from 'react-router';
import type { DeferredPopupProps } from '../../components/ui/deferred-popup.tsx';
import { LogOut, Plus, X } from '../../components/ui/icons.tsx';
import { useRedirectQuery } from '../../lib/redirect.ts';
import { memberMenu, visitorMenu } from './nav-items.ts';

const itemBase = 'flex items-center gap-3 rounded-xl px-3 py-3 text-base font-medium';
const itemClass = `${itemBase} hover:bg-slate-100 dark:hover:bg-slate-800`;
// Its own hover colour only: two hover backgrounds on one element would leave the winner to the CSS order.
const newPostClass = `${itemBase} bg-accent-400 text-slate-900 hover:bg-accent-500`;

/** The phone menu sheet (loaded when the menu button is first pressed; see the header). */
export default function MobileMenuPopup({
  trigger,
  signedIn,
  isAdmin,
}: DeferredPopupProps & { signedIn: boolean; isAdmin: boolean }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(true);
  const redirect = useRedirectQuery();
  useCloseOnNavigation(() => setOpen(false));
  const items = signedIn ? memberMenu(t, isAdmin) : visitorMenu(t, redirect);

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
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
          <Link to="/item-entry" className={newPostClass}>
            <Plus className="size-5" aria-hidden />
            {t('nav.newPost')}
          </Link>
          {items.map(({ to, label, icon: Icon }) => (
            <Link key={to} to={to} className={itemClass}>
              <Icon className="size-5" aria-hidden />
              {label}
            </Link>
          ))}
          {signedIn && (
            <Form method="post" action="/logout" className="contents">
              <button type="submit" className={`${itemClass} w-full text-red-600 dark:text-red-400`}>
                <LogOut className="size-4" aria-hidden />
                {t('nav.logout')}
              </button>
            </Form>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Closes the sheet whenever the page changes (not when it first opens). */
function useCloseOnNavigation(close: () => void) {
  const { pathname, search } = useLocation();
  const shown = useRef(`${pathname}${search}`);
  useEffect(() => {
    if (shown.current === `${pathname}${search}`) return;
    shown.current = `${pathname}${search}`;
    close();
  }, [pathname, search, close]);
}
