import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../../contract/language.ts';
import { DeferredPopup, orTrigger } from '../../components/ui/deferred-popup.tsx';
import { ChevronDown, Globe } from '../../components/ui/icons.tsx';

const loadPopup = () => import('./language-menu-popup.tsx');
const LanguageMenuPopup = lazy(orTrigger(loadPopup));

export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const current = LANGUAGES.find((language) => language.code === i18n.language) ?? LANGUAGES[0];
  return (
    <DeferredPopup
      popup={LanguageMenuPopup}
      load={loadPopup}
      haspopup="menu"
      current={current}
      trigger={
        <button
          type="button"
          className="inline-flex items-center gap-1.5 rounded-full px-2 py-1 text-xs font-medium text-white/90 hover:bg-white/10"
          aria-label={`${t('topBar.chooseLanguage')}: ${current.name}`}
          data-testid="language-menu"
        >
          <Globe className="size-4" aria-hidden />
          <span>{current.name}</span>
          <ChevronDown className="size-3" aria-hidden />
        </button>
      }
    />
  );
}
