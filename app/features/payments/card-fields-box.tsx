import { useTranslation } from 'react-i18next';
import { secondaryButtonClass } from '../../components/ui/form-classes.ts';
import { Loader2, Lock, RefreshCw } from '../../components/ui/icons.tsx';
import type { CardFieldsPhase } from './stripe-card-fields.ts';

/** The box Stripe mounts its card fields in, with what to say while they load or when they could not. */
export function CardFieldsBox({
  host,
  phase,
  legend,
  shown = true,
  onRetry,
}: {
  host: (box: HTMLDivElement | null) => void;
  phase: CardFieldsPhase;
  legend: string;
  /** False while a saved card is chosen: no fields (Stripe.js may still fail to load, which is said). */
  shown?: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {shown && (
        <fieldset>
          <legend className="text-sm font-semibold">{legend}</legend>
          <div
            ref={host}
            className="mt-1 min-h-12 rounded-xl border border-slate-300 bg-white px-3 py-3 [color-scheme:light] dark:border-slate-600"
          />
          {phase === 'loading' && (
            <p role="status" className="mt-2 flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
              <Loader2 className="size-4 animate-spin" aria-hidden />
              {t('payments.card.loading')}
            </p>
          )}
          <p className="mt-2 flex items-center gap-1.5 text-xs text-slate-600 dark:text-slate-400">
            <Lock className="size-3.5" aria-hidden />
            {t('payments.card.secured')}
          </p>
        </fieldset>
      )}
      {phase === 'loadFailed' && (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
        >
          <span>{t('payments.card.loadFailed')}</span>
          <button type="button" onClick={onRetry} className={`${secondaryButtonClass} text-sm`}>
            <RefreshCw className="size-4" aria-hidden />
            {t('payments.card.retry')}
          </button>
        </div>
      )}
    </>
  );
}

/** A card error (a field's check, the bank's refusal), announced when it appears. */
export function CardErrorNote({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <p
      role="alert"
      className="rounded-xl bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
      data-testid="card-error"
    >
      {error}
    </p>
  );
}
