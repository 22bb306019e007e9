import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Moon, Sun } from '../../components/ui/icons.tsx';

/** localStorage key; the value is the text "true" or "false" (SPEC.md 3 "Local device settings"). */
export const DARK_MODE_KEY = 'darkMode';

const applyStoredTheme = `(function(){try{var v=localStorage.getItem('${DARK_MODE_KEY}');var dark=v==='true'||(v===null&&window.matchMedia('(prefers-color-scheme: dark)').matches);document.documentElement.classList.toggle('dark',dark)}catch(e){}})();`;

/** Runs before the first paint so a dark page never flashes light. */
export function ThemeScript({ nonce }: { nonce: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed script, no user input
  return <script nonce={nonce || undefined} dangerouslySetInnerHTML={{ __html: applyStoredTheme }} />;
}

export function ThemeToggle() {
  const { t } = useTranslation();
  const [isDark, setIsDark] = useState<boolean | null>(null);
  useEffect(() => setIsDark(document.documentElement.classList.contains('dark')), []);

  const toggle = () => {
    const next = !document.documentElement.classList.contains('dark');
    document.documentElement.classList.toggle('dark', next);
    try {
      localStorage.setItem(DARK_MODE_KEY, String(next));
    } catch {
      // storage may be disabled; the choice then lasts for this page only
    }
    setIsDark(next);
  };

  return (
    <button
      type="button"
      onClick={toggle}
      aria-pressed={isDark ?? undefined}
      className="inline-flex items-center gap-1.5 rounded-full px-2 py-1 text-xs font-medium text-white/90 hover:bg-white/10"
      data-testid="dark-mode-toggle"
    >
      <Moon className="size-4 dark:hidden" aria-hidden />
      <Sun className="hidden size-4 dark:block" aria-hidden />
      <span>{t('topBar.darkMode')}</span>
    </button>
  );
}
