import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { orNothing } from '../../lib/optional-chunk.ts';
import type { DialogKind, DialogRequest } from './message-dialog.tsx';

const MessageDialog = lazy(orNothing(() => import('./message-dialog.tsx')));

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
  const [used, setUsed] = useState(false);
  const settle = useRef<((confirmed: boolean) => void) | null>(null);
  const shownKind = useRef<DialogKind | null>(null);

  const open = useCallback((request: DialogRequest) => {
    settle.current?.(false);
    return new Promise<boolean>((resolve) => {
      settle.current = resolve;
      shownKind.current = request.kind;
      setCurrent(request);
      setUsed(true);
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
      {/* Its code loads with the first message; then it stays, so closing returns focus as usual. */}
      {used && (
        <Suspense fallback={null}>
          <MessageDialog request={current} onClose={close} />
        </Suspense>
      )}
    </DialogContext>
  );
}
