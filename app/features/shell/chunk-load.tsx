import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../../contract/screens.ts';
import { RefreshCw, WifiOff } from '../../components/ui/icons.tsx';

/** Errors browsers raise when a lazily loaded page chunk cannot be fetched. */
export function isChunkLoadError(error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically|ChunkLoadError|Failed to fetch/i.test(
    message,
  );
}

export function LoadFailure({ reason }: { reason: 'chunk' | 'timeout' | 'generic' }) {
  const { t } = useTranslation();
  const text =
    reason === 'chunk'
      ? t('errors.chunkLoadFailed')
      : reason === 'timeout'
        ? t('errors.chunkLoadTimeout')
        : t('errors.generic');
  return (
    <section role="alert" className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <WifiOff className="size-14 text-slate-400" aria-hidden />
      <h1 className="mt-4 text-2xl font-bold">{t('errors.heading')}</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-400">{text}</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="mt-8 inline-flex items-center gap-2 rounded-full bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700"
      >
        <RefreshCw className="size-5" aria-hidden />
        {t('errors.retry')}
      </button>
    </section>
  );
}

/** Where a client-side navigation was going, kept until it completes (sessionStorage). */
const PENDING_KEY = 'souk.pendingNavigation';

function rememberPending(target: string | null) {
  try {
    if (target) sessionStorage.setItem(PENDING_KEY, JSON.stringify({ target, at: Date.now() }));
    else sessionStorage.removeItem(PENDING_KEY);
  } catch {
    // storage disabled: the reload case below then goes unexplained, the time-out still works
  }
}

function rememberClickedLink(event: MouseEvent) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement) || anchor.target || anchor.hasAttribute('download')) return;
  if (anchor.origin === window.location.origin) rememberPending(`${anchor.pathname}${anchor.search}`);
}

/**
 * React Router reloads the current page when a page's code chunk fails to download. If this page load is
 * such a reload (a navigation elsewhere was under way and never finished), returns where it was going.
 */
function failedNavigationTarget(): string | null {
  try {
    const pending = JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? 'null') as { target: string; at: number } | null;
    sessionStorage.removeItem(PENDING_KEY);
    const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const here = `${window.location.pathname}${window.location.search}`;
    const recent = pending && Date.now() - pending.at < CHUNK_LOAD_TIMEOUT_MS;
    return recent && entry?.type === 'reload' && pending.target !== here ? pending.target : null;
  } catch {
    return null;
  }
}

/**
 * Tells the visitor when a page could not be loaded, with a retry that loads the page they asked for:
 * when its code chunk failed to download (React Router then reloads the current page), or when it has
 * not arrived after 120 seconds (SPEC.md 7).
 */
export function ChunkLoadWatchdog() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [failure, setFailure] = useState<{ target: string; reason: 'chunk' | 'timeout' } | null>(null);
  const target = navigation.location ? `${navigation.location.pathname}${navigation.location.search}` : null;

  useEffect(() => {
    const failedTarget = failedNavigationTarget();
    if (failedTarget) setFailure({ target: failedTarget, reason: 'chunk' });
    // A failed chunk can reload the page before React renders the "loading" state, so a link's target
    // is also remembered at the click itself (capture phase: before the router handles it).
    document.addEventListener('click', rememberClickedLink, true);
    return () => document.removeEventListener('click', rememberClickedLink, true);
  }, []);

  useEffect(() => {
    rememberPending(target);
    if (!target) return;
    const timer = setTimeout(() => setFailure({ target, reason: 'timeout' }), CHUNK_LOAD_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [target]);

  if (!failure) return null;
  return (
    <div
      role="alert"
      className="fixed inset-x-4 bottom-[calc(1rem+var(--tab-bar-space,0px))] z-[70] mx-auto max-w-md rounded-2xl bg-slate-900 p-4 text-white shadow-2xl"
    >
      <p className="text-sm">
        {failure.reason === 'chunk' ? t('errors.chunkLoadFailed') : t('errors.chunkLoadTimeout')}
      </p>
      <div className="mt-3 flex justify-end gap-2">
        <button
          type="button"
          onClick={() => setFailure(null)}
          className="rounded-full px-4 py-2 text-sm hover:bg-white/10"
        >
          {t('dialog.close')}
        </button>
        <button
          type="button"
          onClick={() => window.location.assign(failure.target)}
          className="rounded-full bg-accent-400 px-4 py-2 text-sm font-bold text-slate-900"
        >
          {t('errors.retry')}
        </button>
      </div>
    </div>
  );
}
