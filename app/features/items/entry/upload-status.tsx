import { useTranslation } from 'react-i18next';
import { RefreshCw } from '../../../components/ui/icons.tsx';
import type { UploadStatus } from './use-photo-queue.ts';

/** A file's own progress bar while it is prepared and sent. */
export function UploadProgress({ status, progress }: { status: UploadStatus | 'idle' | 'checking'; progress: number }) {
  const { t } = useTranslation();
  const percent = Math.round(progress * 100);
  const text = status === 'uploading' ? t('itemEntry.upload.progress', { percent }) : t('itemEntry.upload.preparing');
  return (
    <div className="rounded-lg bg-white/95 p-1.5 text-xs font-semibold text-slate-900 shadow">
      <span>{text}</span>
      <progress
        className="mt-1 block h-1.5 w-full accent-brand-600"
        max={100}
        value={status === 'uploading' ? percent : undefined}
        aria-label={text}
      />
    </div>
  );
}

/** A file that did not upload: why, and a retry. */
export function UploadProblem({
  error,
  onRetry,
  canRetry,
}: {
  error: string | null;
  onRetry: () => void;
  canRetry: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="space-y-1 text-xs text-red-700 dark:text-red-300">
      <p>{error ? `${t('itemEntry.upload.failed')} ${error}` : t('itemEntry.upload.network')}</p>
      {canRetry && (
        <button
          type="button"
          onClick={onRetry}
          className="inline-flex items-center gap-1 rounded-full border border-red-300 px-2.5 py-1 font-semibold hover:bg-red-50 dark:border-red-800 dark:hover:bg-red-950"
        >
          <RefreshCw className="size-3.5" aria-hidden />
          {t('itemEntry.upload.retry')}
        </button>
      )}
    </div>
  );
}
