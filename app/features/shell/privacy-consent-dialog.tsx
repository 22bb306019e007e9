import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ShieldCheck } from '../../components/ui/icons.tsx';

/** The consent question itself (loaded only for a visitor who has not answered; see PrivacyConsent). */
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
        <Dialog.Overlay className="fixed inset-0 z-[75] bg-slate-900/40" />
        <Dialog.Content
          dir={i18n.dir()}
          data-testid="privacy-consent"
          className="fixed inset-x-0 bottom-0 z-[75] mx-auto w-full max-w-2xl rounded-t-3xl bg-white p-6 shadow-2xl sm:bottom-6 sm:rounded-3xl dark:bg-slate-900"
        >
          <div className="flex items-start gap-4">
            <ShieldCheck className="size-10 shrink-0 text-brand-600" aria-hidden />
            <div>
              <Dialog.Title className="text-lg font-bold">{t('privacyConsent.title')}</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-slate-600 dark:text-slate-300">
                {t('privacyConsent.message')}
              </Dialog.Description>
              <Link
                to="/privacy"
                className="mt-2 inline-block text-sm font-semibold text-brand-600 underline dark:text-brand-300"
              >
                {t('privacyConsent.readPolicy')}
              </Link>
            </div>
          </div>
          <div className="mt-5 flex justify-end gap-3">
            <button
              type="button"
              onClick={() => onChoose('rejected')}
              className="rounded-full border border-slate-300 px-5 py-2 font-semibold hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800"
            >
              {t('privacyConsent.reject')}
            </button>
            <button
              type="button"
              onClick={() => onChoose('accepted')}
              className="rounded-full bg-brand-600 px-5 py-2 font-semibold text-white hover:bg-brand-700"
            >
              {t('privacyConsent.accept')}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
