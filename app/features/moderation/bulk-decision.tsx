import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, useNavigation } from 'react-router';
import { MODERATION_DECISIONS } from '../../../contract/item-basics.ts';
import { FieldError, FormAlert, inputClass, SubmitButton } from '../../components/ui/form.tsx';
import { useHydrated } from '../../lib/hydrated.ts';
import { type DecisionFailure, MAX_REASON_LENGTH } from './decision.ts';

/** The form the rows' checkboxes belong to (their `form` attribute), so a selection posts without script. */
export const BULK_FORM_ID = 'bulk-decision';

/**
 * One decision for the listings ticked in the queue (issue 24): the decision, a reason for reject and disable,
 * and, once the page is interactive, a box that ticks every listing shown.
 */
export function BulkDecision({ failure }: { failure: DecisionFailure | undefined }) {
  const { t } = useTranslation();
  const id = useId();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'bulk';
  const mine = failure?.values?.intent === 'bulk' ? failure : undefined;
  const reasonLabel = t('moderation.reasonLabel');
  return (
    <Form
      id={BULK_FORM_ID}
      method="post"
      className="mt-5 rounded-2xl border border-slate-200 bg-slate-50 p-4 dark:border-slate-800 dark:bg-slate-900"
      aria-labelledby={`${id}-title`}
    >
      <input type="hidden" name="intent" value="bulk" />
      <h2 id={`${id}-title`} className="font-semibold">
        {t('moderation.bulk.title')}
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('moderation.bulk.hint')}</p>
      {mine?.formError && (
        <div className="mt-3">
          <FormAlert messageKey={mine.formError} values={mine.formErrorValues} />
        </div>
      )}
      <div className="mt-3 grid gap-3 sm:grid-cols-[12rem_1fr_auto] sm:items-start">
        <div>
          <label htmlFor={`${id}-decision`} className="text-sm font-semibold">
            {t('moderation.bulk.decision')}
          </label>
          <select id={`${id}-decision`} name="decision" className={inputClass} defaultValue="approve">
            {MODERATION_DECISIONS.map((decision) => (
              <option key={decision} value={decision}>
                {t(`moderation.actions.${decision}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-reason`} className="text-sm font-semibold">
            {t('moderation.bulk.reason')}
          </label>
          <input
            id={`${id}-reason`}
            name="reason"
            maxLength={MAX_REASON_LENGTH}
            aria-invalid={Boolean(mine?.errors?.reason)}
            aria-describedby={mine?.errors?.reason ? `${id}-reason-error` : undefined}
            className={inputClass}
            dir="auto"
          />
          <FieldError id={`${id}-reason-error`} messageKey={mine?.errors?.reason} field={reasonLabel} />
        </div>
        <div className="sm:pt-6">
          <SubmitButton busy={busy} label={t('moderation.bulk.apply')} busyLabel={t('moderation.saving')} />
        </div>
      </div>
      {hydrated && <SelectAll />}
    </Form>
  );
}

/** Ticks or unticks every listing the queue shows. */
function SelectAll() {
  const { t } = useTranslation();
  const id = useId();
  const toggle = (checked: boolean) => {
    for (const box of document.querySelectorAll<HTMLInputElement>(`input[form="${BULK_FORM_ID}"][name="item_ids"]`)) {
      box.checked = checked;
    }
  };
  return (
    <div className="mt-3 flex items-center gap-2">
      <input
        id={id}
        type="checkbox"
        onChange={(event) => toggle(event.currentTarget.checked)}
        className="size-5 rounded border-slate-300 accent-brand-600"
      />
      <label htmlFor={id} className="text-sm">
        {t('moderation.bulk.selectAll')}
      </label>
    </div>
  );
}

/** A row's box: ticked, the listing is in the bulk decision. */
export function BulkSelect({ itemId, title }: { itemId: string; title: string }) {
  const { t } = useTranslation();
  return (
    <input
      type="checkbox"
      form={BULK_FORM_ID}
      name="item_ids"
      value={itemId}
      aria-label={t('moderation.bulk.select', { title })}
      className="mt-1 size-5 shrink-0 rounded border-slate-300 accent-brand-600"
      data-testid="bulk-select"
    />
  );
}
