import { useTranslation } from 'react-i18next';

export function Logo() {
  const { t } = useTranslation();
  return (
    <>
      <svg viewBox="0 0 32 32" className="size-9" aria-hidden="true">
        <rect width="32" height="32" rx="9" className="fill-brand-600" />
        <path d="M9 12h14l-1.4 10.2a2 2 0 0 1-2 1.8h-7.2a2 2 0 0 1-2-1.8z" fill="#fff" />
        <path d="M12.5 12V10a3.5 3.5 0 0 1 7 0v2" fill="none" stroke="#fbbf24" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span className="text-xl font-extrabold tracking-tight text-brand-700 dark:text-brand-300 print:text-brand-700">
        {t('app.name')}
      </span>
    </>
  );
}
