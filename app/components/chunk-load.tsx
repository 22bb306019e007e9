import { RefreshCw, WifiOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../contract/constants.ts';

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

/**
 * A page (its code chunk and data) that has not arrived after 120 seconds is given up on: the visitor sees
 * why, and a retry that loads the page they asked for.
 */
export function ChunkLoadWatchdog() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [timedOutTarget, setTimedOutTarget] = useState<string | null>(null);
  const target = navigation.location ? `${navigation.location.pathname}${navigation.location.search}` : null;

  useEffect(() => {
    if (!target) return;
    const timer = setTimeout(() => setTimedOutTarget(target), CHUNK_LOAD_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [target]);

  if (!timedOutTarget) return null;
  return (
    <div
      role="alert"
      className="fixed inset-x-4 bottom-4 z-[70] mx-auto max-w-md rounded-2xl bg-slate-900 p-4 text-white shadow-2xl"
    >
      <p className="text-sm">{t('errors.chunkLoadTimeout')}</p>
      <div className="mt-3 flex justify-end gap-2">
        <button
          type="button"
          onClick={() => setTimedOutTarget(null)}
          className="rounded-full px-4 py-2 text-sm hover:bg-white/10"
        >
          {t('dialog.close')}
        </button>
        <button
          type="button"
          onClick={() => window.location.assign(timedOutTarget)}
          className="rounded-full bg-accent-400 px-4 py-2 text-sm font-bold text-slate-900"
        >
          {t('errors.retry')}
        </button>
      </div>
    </div>
  );
}
