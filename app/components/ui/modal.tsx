import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { X } from './icons.tsx';

/**
 * A modal form (Radix dialog): a sheet from the bottom on phones, centred on wider screens, with a title,
 * a close button and a description read to screen readers (shown when `showDescription`).
 */
export function Modal({
  trigger,
  title,
  description,
  showDescription = false,
  open,
  onOpenChange,
  children,
}: {
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  showDescription?: boolean;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  children: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger}
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content
          dir={i18n.dir()}
          className="fixed inset-x-0 bottom-0 z-50 max-h-[90dvh] overflow-y-auto rounded-t-3xl bg-white p-6 shadow-2xl sm:inset-x-auto sm:start-1/2 sm:top-1/2 sm:bottom-auto sm:w-[28rem] sm:-translate-y-1/2 sm:rounded-3xl sm:ltr:-translate-x-1/2 sm:rtl:translate-x-1/2 dark:bg-slate-900"
        >
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-xl font-bold">{title}</Dialog.Title>
            <Dialog.Close
              className="rounded-full p-2 hover:bg-slate-100 dark:hover:bg-slate-800"
              aria-label={t('dialog.close')}
            >
              <X className="size-5" aria-hidden />
            </Dialog.Close>
          </div>
          <Dialog.Description className={showDescription ? 'mt-2 text-slate-600 dark:text-slate-400' : 'sr-only'}>
            {description}
          </Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export const ModalTrigger = Dialog.Trigger;
export const ModalClose = Dialog.Close;
