import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ItemDetail, ModerationDecision } from '../../../contract/items.ts';
import { FieldError, inputClass } from '../../components/ui/form.tsx';
import { type DecisionFailure, MAX_REASON_LENGTH, NEEDS_REASON } from './decision.ts';

/** What a decision posts: the item and the decision and, for reject and disable, the reason (required). */
export function DecisionFields({
  item,
  decision,
  result,
  autoFocus,
}: {
  item: ItemDetail;
  decision: ModerationDecision;
  result: DecisionFailure | undefined;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const error = result?.errors?.reason;
  const label = t('moderation.reasonLabel');
  const hidden = (
    <>
      <input type="hidden" name="item_id" value={item.id} />
      <input type="hidden" name="decision" value={decision} />
    </>
  );
  if (!NEEDS_REASON.has(decision)) return hidden;
  return (
    <>
      {hidden}
      <div>
        <label htmlFor={`${id}-reason`} className="text-sm font-semibold">
          {label}
        </label>
        <textarea
          id={`${id}-reason`}
          name="reason"
          required
          rows={3}
          maxLength={MAX_REASON_LENGTH}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-reason-error` : `${id}-reason-hint`}
          // biome-ignore lint/a11y/noAutofocus: the modal opens to write the reason; focus belongs in its field.
          autoFocus={autoFocus}
          className={inputClass}
          dir="auto"
        />
        {!error && (
          <p id={`${id}-reason-hint`} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
            {t('moderation.reasonHint')}
          </p>
        )}
        <FieldError id={`${id}-reason-error`} messageKey={error} field={label} />
      </div>
    </>
  );
}
