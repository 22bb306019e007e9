import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { loadBoot } from './i18n/i18n.ts';

// React Router's own entry, after the first page's translations (preloaded while the page was parsed).
loadBoot().finally(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});

// The service worker (public/sw.js: offline page, cached built files, Web Push), once the page has loaded and the
// browser is idle, so it never competes with hydration.
if ('serviceWorker' in navigator) {
  const register = () => navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  const whenIdle = () =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(register, { timeout: 3000 }) : setTimeout(register);
  // This module is imported by the page's inline script, so the load event may already be past.
  if (document.readyState === 'complete') whenIdle();
  else addEventListener('load', whenIdle);
}
