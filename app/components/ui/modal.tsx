import {
  type ButtonHTMLAttributes,
  Children,
  cloneElement,
  createContext,
  type FocusEvent,
  lazy,
  type MouseEvent,
  type PointerEvent,
  type ReactElement,
  Suspense,
  useContext,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { orNothing } from '../../lib/optional-chunk.ts';
import { Loader2 } from './icons.tsx';
import { LoadedModal, type ModalProps, type TriggerProps } from './modal-parts.ts';

/** Until the dialog's code is there, what a trigger does: open the modal (and it starts the download). */
const WaitingModal = createContext<{ open: () => void } | null>(null);

const loadDialog = () => import('./modal-dialog.tsx');
const ModalDialog = lazy(orNothing(loadDialog));
const preload = () => void loadDialog().catch(() => undefined);

/**
 * A modal form (a Radix dialog: focus stays inside, Escape closes) with a title, a close button and a
 * description read to screen readers (shown when `showDescription`; none when there is no description).
 * By default a sheet from the bottom on phones, centred on wider screens, as wide as a short form.
 *
 * Radix and its focus and scroll handling (12 KB of brotli) load when a modal first opens, or when someone
 * points at or focuses its trigger: until then the page renders the trigger alone, as Radix renders a closed
 * dialog's trigger, so the pages with a modal do not wait for it.
 */
export function Modal({ open: wantedOpen, onOpenChange, ...props }: ModalProps) {
  const [ownOpen, setOwnOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const open = wantedOpen ?? ownOpen;
  const setOpen = (next: boolean) => {
    if (wantedOpen === undefined) setOwnOpen(next);
    onOpenChange?.(next);
  };
  // A modal opened from another one is not that one's: its trigger must not take the outer dialog's Radix parts.
  const waiting = (
    <LoadedModal.Provider value={null}>
      <WaitingModal.Provider value={{ open: () => setOpen(true) }}>{props.trigger}</WaitingModal.Provider>
    </LoadedModal.Provider>
  );
  // Once open, the dialog stays mounted: it closes with Radix (focus back on the trigger) and opens again at once.
  if (open && !opened) setOpened(true);
  if (!open && !opened) return waiting;
  return (
    <Suspense fallback={waiting}>
      <ModalDialog {...props} open={open} onOpenChange={setOpen} />
    </Suspense>
  );
}

/** The button that opens its Modal (`asChild`: its one child is that button). */
export function ModalTrigger({ asChild = false, children, ...props }: TriggerProps) {
  const loaded = useContext(LoadedModal);
  const waiting = useContext(WaitingModal);
  if (loaded) {
    return (
      <loaded.Trigger asChild={asChild} {...props}>
        {children}
      </loaded.Trigger>
    );
  }
  // The attributes Radix gives a closed dialog's trigger, so the page is the same before and after.
  const closed = { type: 'button', 'aria-haspopup': 'dialog', 'aria-expanded': false, 'data-state': 'closed' } as const;
  const own: TriggerProps = asChild ? (Children.only(children) as ReactElement<TriggerProps>).props : props;
  const handlers = {
    onClick: (event: MouseEvent<HTMLButtonElement>) => {
      own.onClick?.(event);
      if (!event.defaultPrevented) waiting?.open();
    },
    onPointerEnter: (event: PointerEvent<HTMLButtonElement>) => {
      own.onPointerEnter?.(event);
      preload();
    },
    onFocus: (event: FocusEvent<HTMLButtonElement>) => {
      own.onFocus?.(event);
      preload();
    },
  };
  if (asChild) {
    return cloneElement(children as ReactElement<TriggerProps>, { ...closed, ...props, ...own, ...handlers });
  }
  return (
    <button {...closed} {...props} {...handlers}>
      {children}
    </button>
  );
}

/** A button inside a Modal that closes it. */
export function ModalClose(props: ButtonHTMLAttributes<HTMLButtonElement>) {
  const loaded = useContext(LoadedModal);
  return loaded ? <loaded.Close {...props} /> : null;
}

/**
 * What a modal shows while the code of its content is on its way (content loaded on demand: it is asked for with
 * the dialog's own code, when the trigger is pointed at or focused, so this is seldom seen).
 */
export function ModalLoading() {
  const { t } = useTranslation();
  return (
    <p role="status" className="flex items-center justify-center gap-2 py-8 text-sm text-slate-600 dark:text-slate-400">
      <Loader2 className="size-5 animate-spin" aria-hidden />
      {t('dialog.loading')}
    </p>
  );
}
