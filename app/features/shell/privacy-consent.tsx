import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';

/** localStorage key holding "accepted" or "rejected" once the visitor has chosen. */
export const PRIVACY_CHOICE_KEY = 'privacyConsent';

function storedChoice() {
  try {
    return localStorage.getItem(PRIVACY_CHOICE_KEY);
  } catch {
    return 'unavailable';
  }
}

const loadDialog = () => import('./privacy-consent-dialog.tsx');
const PrivacyConsentDialog = lazy(loadDialog);
// A visitor who has not answered will see the question: start its download while the page hydrates.
if (typeof window !== 'undefined' && storedChoice() === null) void loadDialog().catch(() => undefined);

/**
 * Asked once, on the first visit; the answer is remembered in this browser. Not over the privacy policy
 * itself, so the visitor can read it first; it comes back on the next page until answered. Only a browser
 * knows the answer, so the server renders nothing here and the dialog's code loads only when it is needed.
 */
export function PrivacyConsent() {
  const { pathname } = useLocation();
  const [unanswered, setUnanswered] = useState(false);
  useEffect(() => setUnanswered(storedChoice() === null), []);
  if (!unanswered || pathname === '/privacy') return null;

  const choose = (choice: 'accepted' | 'rejected') => {
    try {
      localStorage.setItem(PRIVACY_CHOICE_KEY, choice);
    } catch {
      // storage disabled: ask again next time
    }
    setUnanswered(false);
  };
  return (
    <Suspense fallback={null}>
      <PrivacyConsentDialog onChoose={choose} onDismiss={() => setUnanswered(false)} />
    </Suspense>
  );
}
