import * as Dialog from '@radix-ui/react-dialog';
import { createContext, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../i18n/i18n.ts';
import { AlertTriangle, CheckCircle2, HelpCircle, Loader2, XCircle } from './icons.tsx';

type DialogKind = 'confirm' | 'error' | 'success' | 'warning' | 'loading';

interface DialogRequest {
  kind: DialogKind;
  message: string;
  title?: string;
  confirmLabel?: string;
  cancelLabel?: string;
}

export interface DialogApi {
  /** Asks a yes/no question; resolves true only when the person confirms. */
  confirm(request: Omit<DialogRequest, 'kind'>): Promise<boolean>;
  error(message: string, title?: string): Promise<void>;
  success(message: string, title?: string): Promise<void>;
  warning(message: string, title?: string): Promise<void>;
  /** A blocking "please wait" dialog, until hideLoading(). */
  showLoading(message?: string): void;
  hideLoading(): void;
}

const DialogContext = createContext<DialogApi | null>(null);

export function useDialog(): DialogApi {
  const api = useContext(DialogContext);
  if (!api) throw new Error('useDialog needs a <DialogProvider> above it');
  return api;
}

export function DialogProvider({ children }: { children: React.ReactNode }) {
  const [current, setCurrent] = useState<DialogRequest | null>(null);
  const settle = useRef<((confirmed: boolean) => void) | null>(null);
  const shownKind = useRef<DialogKind | null>(null);

  const open = useCallback((request: DialogRequest) => {
    settle.current?.(false);
    return new Promise<boolean>((resolve) => {
      settle.current = resolve;
      shownKind.current = request.kind;
      setCurrent(request);
    });
  }, []);

  const close = useCallback((confirmed: boolean) => {
    settle.current?.(confirmed);
    settle.current = null;
    shownKind.current = null;
    setCurrent(null);
  }, []);

  const api = useMemo<DialogApi>(
    () => ({
      confirm: (request) => open({ ...request, kind: 'confirm' }),
      error: async (message, title) => void (await open({ kind: 'error', message, title })),
      success: async (message, title) => void (await open({ kind: 'success', message, title })),
      warning: async (message, title) => void (await open({ kind: 'warning', message, title })),
      showLoading: (message) => void open({ kind: 'loading', message: message ?? '' }),
      hideLoading: () => {
        if (shownKind.current === 'loading') close(false);
      },
    }),
    [open, close],
  );

  return (
    <DialogContext value={api}>
      {children}
      <MessageDialog request={current} onClose={close} />
    </DialogContext>
  );
}

const KIND_STYLE: Record<DialogKind, { icon: typeof HelpCircle; color: string; titleKey: MessageKey }> = {
  confirm: { icon: HelpCircle, color: 'text-brand-600', titleKey: 'dialog.confirmTitle' },
  error: { icon: XCircle, color: 'text-red-600', titleKey: 'dialog.errorTitle' },
  success: { icon: CheckCircle2, color: 'text-emerald-600', titleKey: 'dialog.successTitle' },
  warning: { icon: AlertTriangle, color: 'text-amber-500', titleKey: 'dialog.warningTitle' },
  loading: { icon: Loader2, color: 'text-brand-600 animate-spin', titleKey: 'dialog.loading' },
};

function MessageDialog({ request, onClose }: { request: DialogRequest | null; onClose: (confirmed: boolean) => void }) {
  const { t, i18n } = useTranslation();
  const kind = request?.kind ?? 'success';
  const { icon: Icon, color, titleKey } = KIND_STYLE[kind];
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
          <Icon className={`mx-auto size-12 ${color}`} aria-hidden />
          <Dialog.Title className="mt-3 text-lg font-bold">{request?.title ?? t(titleKey)}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-slate-600 dark:text-slate-300">
            {request?.message || (isLoading ? t('dialog.loading') : '')}
          </Dialog.Description>
          {!isLoading && (
            <div className="mt-6 flex justify-center gap-3">
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
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
