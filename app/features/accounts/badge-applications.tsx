import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, useNavigation } from 'react-router';
import { type BadgeKind, MAX_APPLICATION_NOTE } from '../../../contract/application-basics.ts';
import type { BadgeStanding } from '../../../contract/applications.ts';
import { FieldError, FormAlert, inputClass, SubmitButton, secondaryButtonClass } from '../../components/ui/form.tsx';
import { BadgeCheck, Store } from '../../components/ui/icons.tsx';
import type { FormResult } from '../../lib/form-errors.ts';
import { useFormatDateTime } from '../../lib/time-zone.tsx';

export type BadgeFormResult = FormResult & { kind?: BadgeKind };

/** The member's two badges (SPEC.md 1, 5, 6): each held, waiting, refused with a reason, or open to apply for. */
export function BadgeApplications({
  standing,
  result,
  maxCertificateMegabytes,
}: {
  standing: BadgeStanding;
  result: BadgeFormResult | undefined;
  maxCertificateMegabytes: number;
}) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-3xl px-4 py-6" aria-labelledby="badges-title">
      <h1 id="badges-title" className="text-2xl font-bold sm:text-3xl">
        {t('badges.title')}
      </h1>
      <p className="mt-1 text-slate-600 dark:text-slate-400">{t('badges.intro')}</p>
      <div className="mt-6 flex flex-col gap-5">
        <BadgeCard
          kind="blue_mark"
          standing={standing.blue_mark}
          result={result}
          icon={<BadgeCheck className="size-6" aria-hidden />}
        />
        <BadgeCard
          kind="dealership"
          standing={standing.dealership}
          result={result}
          icon={<Store className="size-6" aria-hidden />}
          certificateHint={t('badges.certificateHint', { megabytes: maxCertificateMegabytes })}
        />
      </div>
    </section>
  );
}

function BadgeCard({
  kind,
  standing,
  result,
  icon,
  certificateHint,
}: {
  kind: BadgeKind;
  standing: BadgeStanding[BadgeKind];
  result: BadgeFormResult | undefined;
  icon: ReactNode;
  certificateHint?: string;
}) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const latest = standing.latest;
  const mine = result?.kind === kind ? result : undefined;
  return (
    <article
      aria-labelledby={`badge-${kind}`}
      className="rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
      data-testid={`badge-${kind}`}
    >
      <h2 id={`badge-${kind}`} className="flex items-center gap-2 text-lg font-semibold text-sky-800 dark:text-sky-300">
        {icon}
        {t(`badges.${kind}.title`)}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t(`badges.${kind}.about`)}</p>
      <div className="mt-3">
        {standing.held ? (
          <p role="status" className="font-semibold text-emerald-800 dark:text-emerald-300">
            {t(`badges.${kind}.held`)}
          </p>
        ) : latest?.status === 'pending' ? (
          <div className="flex flex-col items-start gap-3">
            <p role="status">{t('badges.pending', { date: formatDateTime(latest.added_date) })}</p>
            <Form method="post">
              <input type="hidden" name="intent" value="cancel" />
              <input type="hidden" name="kind" value={kind} />
              <button type="submit" className={secondaryButtonClass}>
                {t('badges.cancel')}
              </button>
            </Form>
          </div>
        ) : (
          <>
            {latest?.status === 'rejected' && (
              <p className="mb-3 rounded-xl bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
                {t('badges.rejected', { reason: latest.reason ?? '' })}
              </p>
            )}
            <ApplyForm kind={kind} result={mine} certificateHint={certificateHint} />
          </>
        )}
      </div>
    </article>
  );
}

function ApplyForm({
  kind,
  result,
  certificateHint,
}: {
  kind: BadgeKind;
  result: BadgeFormResult | undefined;
  certificateHint?: string;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === kind;
  const noteError = result?.errors?.note;
  const ids = { note: `${kind}-note`, file: `${kind}-certificate` };
  return (
    <Form
      method="post"
      encType={certificateHint ? 'multipart/form-data' : undefined}
      className="flex flex-col gap-3"
      noValidate
    >
      <input type="hidden" name="intent" value={kind} />
      {result?.formError && <FormAlert messageKey={result.formError} values={result.formErrorValues} />}
      <div>
        <label htmlFor={ids.note} className="text-sm font-semibold">
          {t(`badges.${kind}.noteLabel`)}
        </label>
        <textarea
          id={ids.note}
          name="note"
          rows={3}
          maxLength={MAX_APPLICATION_NOTE}
          defaultValue={result?.values?.note ?? ''}
          aria-invalid={Boolean(noteError)}
          aria-describedby={noteError ? `${ids.note}-error` : undefined}
          className={inputClass}
        />
        <FieldError id={`${ids.note}-error`} messageKey={noteError} field={t(`badges.${kind}.noteLabel`)} />
      </div>
      {certificateHint && (
        <div>
          <label htmlFor={ids.file} className="text-sm font-semibold">
            {t('badges.certificate')}
          </label>
          <input
            id={ids.file}
            name="file"
            type="file"
            accept="application/pdf,.pdf"
            aria-describedby={`${ids.file}-hint`}
            className="mt-1 block w-full text-sm file:me-3 file:rounded-full file:border-0 file:bg-slate-100 file:px-4 file:py-2 file:font-semibold dark:file:bg-slate-800 dark:file:text-slate-100"
          />
          <p id={`${ids.file}-hint`} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
            {certificateHint}
          </p>
        </div>
      )}
      <div>
        <SubmitButton busy={busy} label={t('badges.apply')} busyLabel={t('badges.sending')} />
      </div>
    </Form>
  );
}
