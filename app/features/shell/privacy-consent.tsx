import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { hydrateLater } from '../../lib/hydrate-later.ts';
import { orNothing } from '../../lib/optional-chunk.ts';
import { PRIVACY_CHOICE_KEY } from './privacy-choice.tsx';

export { PRIVACY_CHOICE_KEY };

function storedChoice() {
  try {
    return localStorage.getItem(PRIVACY_CHOICE_KEY);
  } catch {
    return 'unavailable';
  }
}

/** Drawn by the server; in the browser its HTML stays as it is while its code loads (it does nothing). */
const PrivacyConsentPreview = hydrateLater(() =>
  import('./privacy-consent-preview.tsx').then((module) => module.PrivacyConsentPreview),
);
const loadDialog = () => import('./privacy-consent-dialog.tsx');
const PrivacyConsentDialog = lazy(orNothing(loadDialog));
// A visitor who has not answered will see the question: start its download while the page hydrates.
if (typeof window !== 'undefined' && storedChoice() === null) void loadDialog().catch(() => undefined);

/**
 * Asked once, on the first visit; the answer is remembered in this browser. Not over the privacy policy
 * itself, so the visitor can read it first; it comes back on the next page until answered. Only a browser
 * knows the answer: the server draws the question's preview (hidden before the first paint where it was
 * answered), and the dialog's code loads only when it is needed.
 */
export function PrivacyConsent() {
  const { pathname } = useLocation();
  const [asking, setAsking] = useState<boolean | null>(null);
  useEffect(() => setAsking(storedChoice() === null), []);
  if (pathname === '/privacy' || asking === false) return null;
  const preview = (
    <Suspense fallback={null}>
      <PrivacyConsentPreview />
    </Suspense>
  );
  if (asking === null) return preview;

  const choose = (choice: 'accepted' | 'rejected') => {
    try {
      localStorage.setItem(PRIVACY_CHOICE_KEY, choice);
    } catch {
      // storage disabled: ask again next time
    }
    setAsking(false);
  };
  return (
    <Suspense fallback={preview}>
      <PrivacyConsentDialog onChoose={choose} onDismiss={() => setAsking(false)} />
    </Suspense>
  );
}
