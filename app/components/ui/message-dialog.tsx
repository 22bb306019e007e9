import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../i18n/i18n.ts';
import { AlertTriangle, CheckCircle2, HelpCircle, Loader2, XCircle } from './icons.tsx';
import { StatusPanel } from './status-panel.tsx';

export type DialogKind = 'confirm' | 'error' | 'success' | 'warning' | 'loading';

export interface DialogRequest {
  kind: DialogKind;
  message: string;
  title?: string;
  confirmLabel?: string;
  cancelLabel?: string;
}

const KIND_STYLE: Record<DialogKind, { icon: typeof HelpCircle; color: string; titleKey: MessageKey }> = {
  confirm: { icon: HelpCircle, color: 'text-brand-600', titleKey: 'dialog.confirmTitle' },
  error: { icon: XCircle, color: 'text-red-600', titleKey: 'dialog.errorTitle' },
  success: { icon: CheckCircle2, color: 'text-emerald-600', titleKey: 'dialog.successTitle' },
  warning: { icon: AlertTriangle, color: 'text-amber-500', titleKey: 'dialog.warningTitle' },
  loading: { icon: Loader2, color: 'text-brand-600 animate-spin', titleKey: 'dialog.loading' },
};

/** The message, question and please-wait dialogs of useDialog() (loaded when the first one is asked for). */
export default function MessageDialog({
  request,
  onClose,
}: {
  request: DialogRequest | null;
  onClose: (confirmed: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const kind = request?.kind ?? 'success';
  const { icon, color, titleKey } = KIND_STYLE[kind];
  const isLoading = kind === 'loading';
  const keepOpen = (event: Event) => isLoading && event.preventDefault();

  return (
    <Dialog.Root open={request !== null} onOpenChange={(isOpen) => !isOpen && !isLoading && onClose(false)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[80] bg-slate-900/60" />
        <Dialog.Content
          dir={i18n.dir()}
          role={kind === 'confirm' || kind === 'error' || kind === 'warning' ? 'alertdialog' : 'dialog'}
          onEscapeKeyDown={keepOpen}
          onPointerDownOutside={keepOpen}
          data-testid={`dialog-${kind}`}
          className="fixed start-1/2 top-1/2 z-[80] w-[calc(100%-2rem)] max-w-sm -translate-y-1/2 rounded-2xl bg-white p-6 text-center shadow-2xl ltr:-translate-x-1/2 rtl:translate-x-1/2 dark:bg-slate-900 dark:ring-1 dark:ring-slate-700"
        >
          <StatusPanel
            look="dialog"
            icon={icon}
            iconColor={color}
            title={request?.title ?? t(titleKey)}
            text={request?.message || (isLoading ? t('dialog.loading') : '')}
            titleAs={Dialog.Title}
            textAs={Dialog.Description}
            actions={isLoading ? undefined : <MessageButtons kind={kind} request={request} onClose={onClose} />}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** OK, or the question's no and yes. */
function MessageButtons({
  kind,
  request,
  onClose,
}: {
  kind: DialogKind;
  request: DialogRequest | null;
  onClose: (confirmed: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {kind === 'confirm' && (
        <button
          type="button"
          onClick={() => onClose(false)}
          className="min-w-24 rounded-full border border-slate-300 px-5 py-2 font-semibold hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800"
        >
          {request?.cancelLabel ?? t('dialog.no')}
        </button>
      )}
      <button
        type="button"
        onClick={() => onClose(true)}
        className="min-w-24 rounded-full bg-brand-600 px-5 py-2 font-semibold text-white hover:bg-brand-700"
      >
        {kind === 'confirm' ? (request?.confirmLabel ?? t('dialog.yes')) : t('dialog.ok')}
      </button>
    </>
  );
}
