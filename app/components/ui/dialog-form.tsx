import type { ElementType, FormEventHandler, ReactNode } from 'react';
import { primaryButtonClass } from './form-classes.ts';
import { Loader2 } from './icons.tsx';
import { Modal, ModalClose } from './modal.tsx';

const LAYOUTS = { grid: 'mt-4 grid gap-4', stack: 'mt-4 flex flex-col gap-4' } as const;
const SPINNERS = { sm: 'size-4 animate-spin', md: 'size-5 animate-spin' } as const;

export interface DialogFormBodyProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The form is being sent: the submit button is disabled (and says `pendingLabel`, with `spinner`, when given). */
  pending: boolean;
  submitLabel: string;
  pendingLabel?: string;
  spinner?: keyof typeof SPINNERS;
  submitClassName?: string;
  /** A cancel button that closes the dialog, before the submit button; none without it. */
  cancelLabel?: string;
  /** A message about the whole form (a refusal), above the buttons. */
  error?: ReactNode;
  layout?: keyof typeof LAYOUTS;
  /** The form element: a plain form by default, or a router form (`fetcher.Form`) that posts `method`. */
  as?: ElementType;
  method?: 'post';
  /** False leaves the browser's own check of the fields (required, maxLength) on. */
  noValidate?: boolean;
  testId?: string;
  children: ReactNode;
}

export interface DialogFormProps extends DialogFormBodyProps {
  /** What opens the dialog (a ModalTrigger). */
  trigger: ReactNode;
  title: string;
  /** Shown under the title, and read out when the dialog opens. */
  description: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * A form in a modal (make an offer, write a review, decide on an item): the dialog's chrome (title, description,
 * close button) around a DialogFormBody. The form's state lives with the caller, so it outlasts a closing.
 */
export function DialogForm({ trigger, title, description, open, onOpenChange, ...body }: DialogFormProps) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      showDescription
      trigger={trigger}
    >
      <DialogFormBody {...body} />
    </Modal>
  );
}

/**
 * The form of a modal: the fields, a message about the whole form, and the submit button, which waits while the
 * form is pending; with `cancelLabel`, a cancel button beside it. Inside a Modal directly when the form keeps its
 * state in a component of the dialog's content, so that each opening starts afresh (reporting an item).
 */
export function DialogFormBody({
  onSubmit,
  error,
  layout = 'grid',
  as: Form = 'form',
  method,
  noValidate = true,
  testId,
  children,
  ...actions
}: DialogFormBodyProps) {
  return (
    <Form method={method} onSubmit={onSubmit} noValidate={noValidate} className={LAYOUTS[layout]} data-testid={testId}>
      {children}
      {error && (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
          {error}
        </p>
      )}
      <DialogFormActions {...actions} />
    </Form>
  );
}

type ActionProps = Pick<
  DialogFormBodyProps,
  'pending' | 'submitLabel' | 'pendingLabel' | 'spinner' | 'submitClassName' | 'cancelLabel'
>;

function DialogFormActions({
  pending,
  submitLabel,
  pendingLabel = submitLabel,
  spinner,
  submitClassName = primaryButtonClass,
  cancelLabel,
}: ActionProps) {
  const submit = (
    <button type="submit" disabled={pending} className={submitClassName}>
      {pending && spinner && <Loader2 className={SPINNERS[spinner]} aria-hidden />}
      {pending ? pendingLabel : submitLabel}
    </button>
  );
  if (cancelLabel === undefined) return submit;
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <ModalClose className="rounded-full px-4 py-2 font-semibold hover:bg-slate-100 dark:hover:bg-slate-800">
        {cancelLabel}
      </ModalClose>
      {submit}
    </div>
  );
}
