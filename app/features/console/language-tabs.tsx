import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LANGUAGES, type LanguageCode } from '../../../contract/language.ts';
import { pillLinkClass } from '../../components/ui/form-classes.ts';
import { Check } from '../../components/ui/icons.tsx';

/**
 * Which language of a text the form below edits: one link per language, the written ones ticked, the current
 * one marked. Each language is saved on its own.
 */
export function LanguageTabs({ current, written }: { current: LanguageCode; written: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <nav aria-labelledby="language-tabs-title" className="mt-5">
      <h2 id="language-tabs-title" className="text-sm font-semibold">
        {t('console.content.languageTitle')}
      </h2>
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{t('console.content.languageHint')}</p>
      <ul className="mt-2 flex flex-wrap gap-2">
        {LANGUAGES.map((language) => {
          const isWritten = written.includes(language.code);
          return (
            <li key={language.code}>
              <Link
                to={`?language=${language.code}`}
                aria-current={language.code === current ? 'page' : undefined}
                className={pillLinkClass(language.code === current)}
                preventScrollReset
              >
                {isWritten && <Check className="size-3.5" aria-hidden />}
                <span lang={language.code}>{language.name}</span>
                {!isWritten && <span className="sr-only">{` (${t('console.content.notWritten')})`}</span>}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The language asked for in `?language=`, or the page's own. */
export function editedLanguage(url: URL, pageLanguage: LanguageCode): LanguageCode {
  const asked = url.searchParams.get('language');
  return LANGUAGES.find((language) => language.code === asked)?.code ?? pageLanguage;
}
