import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LANGUAGES } from '../../../contract/language.ts';
import type { DeferredPopupProps } from '../../components/ui/deferred-popup.tsx';
import { Check } from '../../components/ui/icons.tsx';

/** The language list (loaded when the language button is first used; see LanguageMenu). */
export default function LanguageMenuPopup({
  trigger,
  current,
}: DeferredPopupProps & { current: (typeof LANGUAGES)[number] }) {
  const { t } = useTranslation();
  const location = useLocation();
  const hrefFor = (code: string) => {
    const params = new URLSearchParams(location.search);
    params.set('lang', code);
    return `${location.pathname}?${params.toString()}`;
  };

  return (
    <DropdownMenu.Root dir={current.dir} defaultOpen>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={6}
          className="z-50 max-h-[70dvh] min-w-48 overflow-y-auto rounded-xl border border-slate-200 bg-white p-1 shadow-xl dark:border-slate-700 dark:bg-slate-900"
        >
          <DropdownMenu.Label className="px-3 py-1.5 text-xs text-slate-500 dark:text-slate-400">
            {t('topBar.language')}
          </DropdownMenu.Label>
          {LANGUAGES.map((language) => (
            <DropdownMenu.Item key={language.code} asChild>
              <Link
                to={hrefFor(language.code)}
                lang={language.code}
                dir={language.dir}
                hrefLang={language.code}
                className="flex items-center justify-between gap-3 rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-brand-50 dark:data-[highlighted]:bg-slate-800"
              >
                <span>{language.name}</span>
                {language.code === current.code && <Check className="size-4 text-brand-600" aria-hidden />}
              </Link>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
