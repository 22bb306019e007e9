import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ShieldCheck } from '../../components/ui/icons.tsx';

/** localStorage key holding "accepted" or "rejected" once the visitor has chosen. */
export const PRIVACY_CHOICE_KEY = 'privacyConsent';

function storedChoice() {
  try {
    return localStorage.getItem(PRIVACY_CHOICE_KEY);
  } catch {
    return 'unavailable';
  }
}

/**
 * Asked once, on the first visit; the answer is remembered in this browser. Not over the privacy policy
 * itself, so the visitor can read it first; it comes back on the next page until answered.
 */
export function PrivacyConsent() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const [unanswered, setUnanswered] = useState(false);
  useEffect(() => setUnanswered(storedChoice() === null), []);
  const open = unanswered && pathname !== '/privacy';

  const choose = (choice: 'accepted' | 'rejected') => {
    try {
      localStorage.setItem(PRIVACY_CHOICE_KEY, choice);
    } catch {
      // storage disabled: ask again next time
    }
    setUnanswered(false);
  };

  return (
    <Dialog.Root open={open} onOpenChange={(isOpen) => setUnanswered(isOpen)}>
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
              onClick={() => choose('rejected')}
              className="rounded-full border border-slate-300 px-5 py-2 font-semibold hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800"
            >
              {t('privacyConsent.reject')}
            </button>
            <button
              type="button"
              onClick={() => choose('accepted')}
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
