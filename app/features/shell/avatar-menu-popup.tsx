import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import { Link, useSubmit } from 'react-router';
import type { DeferredPopupProps } from '../../components/ui/deferred-popup.tsx';
import { LogOut } from '../../components/ui/icons.tsx';
import { memberMenu } from './nav-items.ts';

/** The signed-in user's menu (loaded when the avatar is first pressed; see the header). */
export default function AvatarMenuPopup({
  trigger,
  userName,
  isAdmin,
}: DeferredPopupProps & { userName: string; isAdmin: boolean }) {
  const { t, i18n } = useTranslation();
  const submit = useSubmit();
  return (
    <DropdownMenu.Root dir={i18n.dir()} defaultOpen>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-52 rounded-xl border border-slate-200 bg-white p-1 shadow-xl dark:border-slate-700 dark:bg-slate-900"
        >
          <DropdownMenu.Label className="truncate px-3 py-2 text-sm font-semibold">{userName}</DropdownMenu.Label>
          {memberMenu(t, isAdmin).map(({ to, label, icon: Icon }) => (
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
