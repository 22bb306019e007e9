import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckCircle2, X } from '../../components/ui/icons.tsx';
import { translateKey } from '../../i18n/i18n.ts';

const VISIBLE_MS = 6000;

/**
 * A one-time notice handed over by the previous step ('Login Success', 'Profile has been updated.'). `handedOver`
 * is what brought it (the root's data, read anew after each form post): the same notice handed over again, after
 * the first has faded, shows again.
 */
export function FlashNotice({ messageKey, handedOver }: { messageKey: string | null; handedOver: unknown }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(messageKey);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new hand-over is the trigger, not only a new text.
  useEffect(() => {
    setShown(messageKey);
    if (!messageKey) return;
    const timer = setTimeout(() => setShown(null), VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [messageKey, handedOver]);
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-[calc(1rem+var(--tab-bar-space,0px))] z-50 flex justify-center px-4 print:hidden"
    >
      {shown && (
        <p
          data-testid="flash-notice"
          className="pointer-events-auto flex items-center gap-3 rounded-2xl bg-slate-900 px-4 py-3 text-white shadow-xl dark:bg-white dark:text-slate-900"
        >
          <CheckCircle2 className="size-5 shrink-0 text-emerald-400 dark:text-emerald-600" aria-hidden />
          <span>{translateKey(t, shown)}</span>
          <button
            type="button"
            onClick={() => setShown(null)}
            aria-label={t('dialog.close')}
            className="rounded-full p-1 hover:bg-white/10 dark:hover:bg-slate-900/10"
          >
            <X className="size-4" aria-hidden />
          </button>
        </p>
      )}
    </div>
  );
}
