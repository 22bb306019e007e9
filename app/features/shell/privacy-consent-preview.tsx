import { useTranslation } from 'react-i18next';
import { ShieldCheck } from '../../components/ui/icons.tsx';

/** Hidden where the browser has answered, and where no script runs (nobody could answer there). */
const hiddenOnceAnswered = '[html[data-privacy-answered]_&]:hidden noscript:hidden';

/**
 * The consent question as the server draws it, before any script runs: the same sheet as
 * privacy-consent-dialog.tsx, without its behaviour. A first visit paints it with the page (on a phone's
 * dashboard, whose first screen is cards, it is the page's largest paint: drawn only after hydration it made
 * the largest paint wait for the scripts). Hidden before the first paint for a browser that has answered;
 * hidden from assistive technology, which meets the real dialog once the page runs.
 */
export function PrivacyConsentPreview() {
  const { t } = useTranslation();
  return (
    <div aria-hidden className={`pointer-events-none ${hiddenOnceAnswered}`} data-testid="privacy-consent-preview">
      <div className="fixed inset-0 z-[75] bg-slate-900/40 dark:bg-black/60" />
      <div className="fixed inset-x-0 bottom-0 z-[75] mx-auto w-full max-w-2xl rounded-t-2xl bg-white px-4 pt-4 pb-[max(1rem,env(safe-area-inset-bottom))] shadow-2xl sm:bottom-6 sm:rounded-3xl sm:p-6 dark:bg-slate-900 dark:ring-1 dark:ring-white/10">
        <div className="flex items-start gap-3 sm:gap-4">
          <ShieldCheck className="size-7 shrink-0 text-brand-600 sm:size-10 dark:text-brand-400" aria-hidden />
          <div className="min-w-0">
            <p className="text-base font-bold sm:text-lg">{t('privacyConsent.title')}</p>
            <p className="mt-0.5 font-system text-xs leading-5 text-slate-600 sm:mt-1 sm:text-sm dark:text-slate-300">
              {t('privacyConsent.message')}
            </p>
          </div>
        </div>
        <div className="mt-3 flex flex-wrap items-center justify-between gap-x-4 gap-y-3 sm:mt-5">
          <span className="text-sm font-semibold text-brand-700 underline dark:text-brand-300">
            {t('privacyConsent.readPolicy')}
          </span>
          <div className="ms-auto flex gap-3">
            <span className="inline-flex min-h-11 items-center rounded-full border border-slate-300 px-5 font-semibold dark:border-slate-600">
              {t('privacyConsent.reject')}
            </span>
            <span className="inline-flex min-h-11 items-center rounded-full bg-brand-600 px-5 font-semibold text-white">
              {t('privacyConsent.accept')}
            </span>
          </div>
        </div>
      </div>
    </div>
  );
}
