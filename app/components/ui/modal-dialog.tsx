import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { X } from './icons.tsx';
import { LoadedModal, type ModalLayer, type ModalProps, type ModalSize } from './modal-parts.ts';

interface Chrome {
  panel: string;
  header: string;
  title: string;
  shownDescription: string;
  /** The box the content scrolls in, when the header stays in view. */
  body?: string;
}

const CENTRED: Record<ModalSize, Chrome> = {
  form: {
    panel:
      'max-h-[90dvh] overflow-y-auto rounded-t-3xl bg-white p-6 shadow-2xl sm:inset-x-auto sm:start-1/2 sm:top-1/2 sm:bottom-auto sm:w-[28rem] sm:-translate-y-1/2 sm:rounded-3xl sm:ltr:-translate-x-1/2 sm:rtl:translate-x-1/2',
    header: 'flex items-center justify-between',
    title: 'text-xl font-bold',
    shownDescription: 'mt-2 text-slate-600 dark:text-slate-400',
  },
  wide: {
    panel:
      'max-h-[95dvh] overflow-y-auto rounded-t-3xl bg-white p-5 shadow-2xl sm:inset-x-auto sm:start-1/2 sm:top-1/2 sm:bottom-auto sm:w-[40rem] sm:-translate-y-1/2 sm:rounded-3xl sm:p-6 sm:ltr:-translate-x-1/2 sm:rtl:translate-x-1/2',
    header: 'flex items-center justify-between gap-2',
    title: 'text-xl font-bold',
    shownDescription: 'mt-1 text-sm text-slate-600 dark:text-slate-400',
  },
};

const SHEET: Chrome = {
  panel: 'flex max-h-[92dvh] flex-col rounded-t-3xl bg-white shadow-2xl',
  header: 'flex items-center justify-between border-b border-slate-200 px-5 py-3 dark:border-slate-800',
  title: 'text-lg font-bold',
  shownDescription: 'mt-1 px-5 text-sm text-slate-600 dark:text-slate-400',
  body: 'overflow-y-auto px-5 pt-4',
};

const LAYER_CLASS: Record<ModalLayer, string> = { base: 'z-50', nested: 'z-[60]' };

/**
 * The Radix dialog behind Modal (modal.tsx), loaded when a modal first opens: focus stays inside, Escape
 * closes, focus goes back to the trigger. Its trigger and close buttons (ModalTrigger, ModalClose) are Radix's
 * from then on.
 */
export default function ModalDialog({
  trigger,
  title,
  description,
  showDescription = false,
  open,
  onOpenChange,
  placement = 'responsive',
  size = 'form',
  layer = 'base',
  testId,
  children,
}: ModalProps & { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t, i18n } = useTranslation();
  const chrome = placement === 'sheet' ? SHEET : CENTRED[size];
  const hasDescription = description !== undefined;
  return (
    <LoadedModal.Provider value={RADIX_PARTS}>
      <Dialog.Root open={open} onOpenChange={onOpenChange}>
        {trigger}
        <Dialog.Portal>
          <Dialog.Overlay className={`fixed inset-0 ${LAYER_CLASS[layer]} bg-slate-900/50`} />
          <Dialog.Content
            dir={i18n.dir()}
            // Without a description, Radix is told so (it would otherwise point to a missing one).
            {...(hasDescription ? {} : { 'aria-describedby': undefined })}
            data-testid={testId}
            className={`fixed inset-x-0 bottom-0 ${LAYER_CLASS[layer]} ${chrome.panel} dark:bg-slate-900`}
          >
            <div className={chrome.header}>
              <Dialog.Title className={chrome.title}>{title}</Dialog.Title>
              <Dialog.Close
                className="rounded-full p-2 hover:bg-slate-100 dark:hover:bg-slate-800"
                aria-label={t('dialog.close')}
              >
                <X className="size-5" aria-hidden />
              </Dialog.Close>
            </div>
            {hasDescription && (
              <Dialog.Description className={showDescription ? chrome.shownDescription : 'sr-only'}>
                {description}
              </Dialog.Description>
            )}
            {chrome.body ? <div className={chrome.body}>{children}</div> : children}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </LoadedModal.Provider>
  );
}

const RADIX_PARTS = { Trigger: Dialog.Trigger, Close: Dialog.Close };
