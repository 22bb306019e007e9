import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { MAX_REPORT_NOTE, REPORT_REASONS, type ReportReason } from '../../../contract/item-basics.ts';
import type { ReportOutcome } from '../../../contract/social.ts';
import { DialogFormBody } from '../../components/ui/dialog-form.tsx';
import { useDialog } from '../../components/ui/dialogs.tsx';
import { ApiError, apiPost } from '../../lib/api-client.ts';

// The report dialog's form (report-item.tsx), loaded when the dialog opens.

/** In the dialog's content, so that each opening starts with a fresh form. */
export function ReportForm({ itemId, onDone }: { itemId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const dialog = useDialog();
  const revalidator = useRevalidator();
  const id = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<'reason' | 'note' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) return setProblem('reason');
    if (reason === 'other' && !note.trim()) return setProblem('note');
    setProblem(null);
    setFailure(null);
    setSending(true);
    try {
      const outcome = await apiPost<ReportOutcome>(`/api/v1/items/${encodeURIComponent(itemId)}/report`, {
        reason,
        note: note.trim(),
      });
      onDone();
      // A listing held for review is gone for everyone but the team: reloading its page would answer "not found".
      if (outcome.held_for_review) return await dialog.success(t('item.report.sentHeld'));
      await revalidator.revalidate();
      await dialog.success(t('item.report.sent'));
    } catch (error) {
      setFailure(error instanceof ApiError ? error.text : t('errors.generic'));
    } finally {
      setSending(false);
    }
  };

  return (
    <DialogFormBody
      onSubmit={submit}
      layout="stack"
      testId="report-form"
      error={failure}
      pending={sending}
      spinner="sm"
      submitLabel={t('item.report.submit')}
      submitClassName="inline-flex items-center justify-center gap-2 rounded-full bg-red-700 px-5 py-3 font-semibold text-white hover:bg-red-800 disabled:opacity-60"
    >
      <ReasonChoice id={id} reason={reason} onChange={setReason} invalid={problem === 'reason'} />
      <NoteField id={`${id}-note`} reason={reason} note={note} onChange={setNote} invalid={problem === 'note'} />
    </DialogFormBody>
  );
}

/** The reasons to choose from, one of them required. */
function ReasonChoice({
  id,
  reason,
  onChange,
  invalid,
}: {
  id: string;
  reason: ReportReason | null;
  onChange: (reason: ReportReason) => void;
  invalid: boolean;
}) {
  const { t } = useTranslation();
  return (
    <fieldset aria-describedby={invalid ? `${id}-reason-error` : undefined}>
      <legend className="mb-2 font-semibold">{t('item.report.reasonLabel')}</legend>
      <div className="grid gap-1">
        {REPORT_REASONS.map((value) => (
          <label
            key={value}
            className="flex cursor-pointer items-center gap-3 rounded-xl px-3 py-2 hover:bg-slate-50 has-[:checked]:bg-brand-50 dark:hover:bg-slate-800 dark:has-[:checked]:bg-brand-950"
          >
            <input
              type="radio"
              name="reason"
              value={value}
              checked={reason === value}
              onChange={() => onChange(value)}
              className="size-4 accent-brand-600"
            />
            {t(`item.report.reasons.${value}`)}
          </label>
        ))}
      </div>
      {invalid && (
        <p id={`${id}-reason-error`} role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
          {t('item.report.chooseReason')}
        </p>
      )}
    </fieldset>
  );
}

/** The person's own words: optional, but required for "other". */
function NoteField({
  id,
  reason,
  note,
  onChange,
  invalid,
}: {
  id: string;
  reason: ReportReason | null;
  note: string;
  onChange: (note: string) => void;
  invalid: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block font-semibold">
        {reason === 'other' ? t('item.report.noteRequired') : t('item.report.noteOptional')}
      </label>
      <textarea
        id={id}
        name="note"
        rows={3}
        maxLength={MAX_REPORT_NOTE}
        value={note}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
        className="w-full rounded-xl border border-slate-300 bg-white px-3 py-2 dark:border-slate-600 dark:bg-slate-950"
        dir="auto"
      />
      {invalid && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
          {t('item.report.describeOther')}
        </p>
      )}
    </div>
  );
}
