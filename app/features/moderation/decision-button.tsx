import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, useFetcher } from 'react-router';
import type { ItemDetail, ModerationDecision } from '../../../contract/items.ts';
import { DialogForm } from '../../components/ui/dialog-form.tsx';
import { FormAlert, SubmitButton } from '../../components/ui/form.tsx';
import { Check, RefreshCw, ShieldAlert, XCircle } from '../../components/ui/icons.tsx';
import { ModalTrigger } from '../../components/ui/modal.tsx';
import { useHydrated } from '../../lib/hydrated.ts';
import { type DecisionFailure, NEEDS_REASON } from './decision.ts';
import { DecisionFields } from './decision-fields.tsx';

const DECISION_ICONS = { approve: Check, reject: XCircle, disable: ShieldAlert, enable: RefreshCw } as const;

const DECISION_STYLES: Record<ModerationDecision, string> = {
  approve: 'bg-emerald-700 text-white hover:bg-emerald-800',
  enable: 'bg-emerald-700 text-white hover:bg-emerald-800',
  reject:
    'border border-red-300 text-red-800 hover:bg-red-50 dark:border-red-800 dark:text-red-200 dark:hover:bg-red-950',
  disable:
    'border border-slate-300 text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800',
};
const decisionButton = (decision: ModerationDecision) =>
  `inline-flex items-center justify-center gap-1.5 rounded-full px-4 py-2 text-sm font-semibold disabled:opacity-60 ${DECISION_STYLES[decision]}`;

type DecisionProps = { item: ItemDetail; decision: ModerationDecision };

function DecisionLabel({ decision }: { decision: ModerationDecision }) {
  const { t } = useTranslation();
  const Icon = DECISION_ICONS[decision];
  return (
    <>
      <Icon className="size-4" aria-hidden />
      {t(`moderation.actions.${decision}`)}
    </>
  );
}

/** Approve and re-enable before the page's JavaScript runs (or without it): one press, no reason. */
function PlainDecision({ item, decision }: DecisionProps) {
  const { t } = useTranslation();
  return (
    <Form method="post">
      <input type="hidden" name="item_id" value={item.id} />
      <input type="hidden" name="decision" value={decision} />
      <button
        type="submit"
        className={decisionButton(decision)}
        aria-label={t(`moderation.actionsFor.${decision}`, { title: item.title })}
        data-testid={`decide-${decision}`}
      >
        <DecisionLabel decision={decision} />
      </button>
    </Form>
  );
}

/** Reject and disable before the page's JavaScript runs (or without it): the reason form as a disclosure. */
function DisclosedDecision({ item, decision, failure }: DecisionProps & { failure: DecisionFailure | undefined }) {
  const { t } = useTranslation();
  return (
    <details className="open:basis-full" open={Boolean(failure)}>
      <summary className={`${decisionButton(decision)} cursor-pointer list-none`}>
        <DecisionLabel decision={decision} />
      </summary>
      <Form method="post" className="mt-3 flex flex-col gap-3">
        <DecisionFields item={item} decision={decision} result={failure} />
        <SubmitButton
          busy={false}
          label={t(`moderation.confirm.${decision}`)}
          busyLabel={t('moderation.saving')}
          className={decisionButton(decision)}
        />
      </Form>
    </details>
  );
}

/** The decision in a modal that says what it does and, for reject and disable, asks for the reason. */
function DecisionDialog({ item, decision, failure }: DecisionProps & { failure: DecisionFailure | undefined }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<DecisionFailure>();
  const [sent, setSent] = useState(false);
  // The decision was taken (the action redirected: no refusal came back): close the modal.
  useEffect(() => {
    if (sent && fetcher.state === 'idle') {
      setSent(false);
      if (fetcher.data?.ok !== false) setOpen(false);
    }
  }, [sent, fetcher.state, fetcher.data]);

  return (
    <DialogForm
      open={open}
      onOpenChange={setOpen}
      title={t(`moderation.dialogTitle.${decision}`)}
      description={t(`moderation.dialogDescription.${decision}`, { title: item.title })}
      trigger={
        <ModalTrigger
          className={decisionButton(decision)}
          aria-label={t(`moderation.actionsFor.${decision}`, { title: item.title })}
          data-testid={`decide-${decision}`}
        >
          <DecisionLabel decision={decision} />
        </ModalTrigger>
      }
      as={fetcher.Form}
      method="post"
      noValidate={false}
      layout="stack"
      onSubmit={() => setSent(true)}
      pending={fetcher.state !== 'idle'}
      submitLabel={t(`moderation.confirm.${decision}`)}
      pendingLabel={t('moderation.saving')}
      spinner="md"
      submitClassName={decisionButton(decision)}
      cancelLabel={t('moderation.cancel')}
    >
      <DecisionFields item={item} decision={decision} result={fetcher.data ?? failure} autoFocus />
      {fetcher.data?.formError && (
        <FormAlert messageKey={fetcher.data.formError} values={fetcher.data.formErrorValues} />
      )}
    </DialogForm>
  );
}

/**
 * A decision: with JavaScript, a modal that says what it does and, for reject and disable, asks for the
 * reason; without it, a plain button (approve, re-enable) or a disclosure with the reason form.
 */
export function Decision({ item, decision, failure }: DecisionProps & { failure: DecisionFailure | undefined }) {
  const hydrated = useHydrated();
  if (hydrated) return <DecisionDialog item={item} decision={decision} failure={failure} />;
  return NEEDS_REASON.has(decision) ? (
    <DisclosedDecision item={item} decision={decision} failure={failure} />
  ) : (
    <PlainDecision item={item} decision={decision} />
  );
}
