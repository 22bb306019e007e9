import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ShieldCheck } from '../../components/ui/icons.tsx';

/**
 * The consent question itself (loaded only for a visitor who has not answered; see PrivacyConsent). On phones
 * a compact bottom sheet. The server draws the same sheet without its behaviour (privacy-consent-preview.tsx),
 * painted with the page; the message is in the system font in both, so this one is never larger than the
 * preview and the page's largest paint stays the server's (on a phone's dashboard, whose first screen is cards,
 * the message is the largest element). Measured in bench/README.md (Lighthouse).
 */
export default function PrivacyConsentDialog({
  onChoose,
  onDismiss,
}: {
  onChoose: (choice: 'accepted' | 'rejected') => void;
  onDismiss: () => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Dialog.Root open onOpenChange={(isOpen) => !isOpen && onDismiss()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[75] bg-slate-900/40 dark:bg-black/60" />
        <Dialog.Content
          dir={i18n.dir()}
          data-testid="privacy-consent"
          className="fixed inset-x-0 bottom-0 z-[75] mx-auto w-full max-w-2xl rounded-t-2xl bg-white px-4 pt-4 pb-[max(1rem,env(safe-area-inset-bottom))] shadow-2xl sm:bottom-6 sm:rounded-3xl sm:p-6 dark:bg-slate-900 dark:ring-1 dark:ring-white/10"
        >
          <div className="flex items-start gap-3 sm:gap-4">
            <ShieldCheck className="size-7 shrink-0 text-brand-600 sm:size-10 dark:text-brand-400" aria-hidden />
            <div className="min-w-0">
              <Dialog.Title className="text-base font-bold sm:text-lg">{t('privacyConsent.title')}</Dialog.Title>
              <Dialog.Description className="mt-0.5 font-system text-xs leading-5 text-slate-600 sm:mt-1 sm:text-sm dark:text-slate-300">
                {t('privacyConsent.message')}
              </Dialog.Description>
            </div>
          </div>
          <div className="mt-3 flex flex-wrap items-center justify-between gap-x-4 gap-y-3 sm:mt-5">
            <Link to="/privacy" className="text-sm font-semibold text-brand-700 underline dark:text-brand-300">
              {t('privacyConsent.readPolicy')}
            </Link>
            <div className="ms-auto flex gap-3">
              <button
                type="button"
                onClick={() => onChoose('rejected')}
                className="min-h-11 rounded-full border border-slate-300 px-5 font-semibold hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800"
              >
                {t('privacyConsent.reject')}
              </button>
              <button
                type="button"
                onClick={() => onChoose('accepted')}
                className="min-h-11 rounded-full bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700"
              >
                {t('privacyConsent.accept')}
              </button>
            </div>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
