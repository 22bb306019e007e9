import { type ButtonHTMLAttributes, type ComponentType, createContext, type ReactNode } from 'react';

// What Modal (modal.tsx) and the Radix dialog it loads (modal-dialog.tsx) share.

/**
 * Where a modal shows: `responsive`, a sheet from the bottom on phones and centred on wider screens; `sheet`,
 * a sheet from the bottom on every screen, its header kept in view while its body scrolls.
 */
export type ModalPlacement = 'responsive' | 'sheet';
/** How wide a centred modal is: `form` for a short form, `wide` for a tool such as a map. */
export type ModalSize = 'form' | 'wide';
/** `nested` stacks a modal above another one it is opened from (the map above the filter sheet). */
export type ModalLayer = 'base' | 'nested';

export interface ModalProps {
  /** What opens the modal: a ModalTrigger. */
  trigger: ReactNode;
  title: string;
  description?: ReactNode;
  showDescription?: boolean;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  placement?: ModalPlacement;
  /** The width of a `responsive` modal; a `sheet` always takes the whole width. */
  size?: ModalSize;
  layer?: ModalLayer;
  testId?: string;
  children: ReactNode;
}

export type TriggerProps = ButtonHTMLAttributes<HTMLButtonElement> & { asChild?: boolean };

/** Radix's trigger and close buttons, once the dialog's code is there (modal-dialog.tsx provides them). */
export const LoadedModal = createContext<{
  Trigger: ComponentType<TriggerProps>;
  Close: ComponentType<ButtonHTMLAttributes<HTMLButtonElement>>;
} | null>(null);
