import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, useFetcher } from 'react-router';
import {
  type ItemDetail,
  type ItemReport,
  itemPath,
  type ModerationDecision,
  type ModerationItem,
} from '../../../../contract/items.ts';
import type { Paged } from '../../../../contract/paging.ts';
import { ItemPrice } from '../../../components/price.tsx';
import { FieldError, FormAlert, inputClass, SubmitButton } from '../../../components/ui/form.tsx';
import { Check, RefreshCw, ShieldAlert, XCircle } from '../../../components/ui/icons.tsx';
import { Modal, ModalClose, ModalTrigger } from '../../../components/ui/modal.tsx';
import { PagedList } from '../../../components/ui/paged-list.tsx';
import type { FormResult } from '../../../lib/form-errors.ts';
import { useHydrated } from '../../../lib/hydrated.ts';
import { useFormatDateTime } from '../../../lib/time-zone.tsx';
import { badgesOf, ItemCover, ItemStatusBadge } from '../item-card.tsx';
import { NoResult } from '../lists/my-items.tsx';
import { decisionsFor, MAX_REASON_LENGTH, NEEDS_REASON, STATUS_FILTERS, type StatusFilter } from './decision.ts';

/** A refused decision posted without JavaScript, to show at its row. */
export type DecisionFailure = FormResult & { values?: { item_id?: string; decision?: string } };

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

/** The moderation queue (SPEC.md 6): a status filter, then the items, pending first, each with its decisions. */
export function ModerationQueue({
  firstPage,
  filter,
  language,
  failure,
}: {
  firstPage: Paged<ModerationItem>;
  filter: StatusFilter;
  language: string;
  failure: DecisionFailure | undefined;
}) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-5xl px-4 py-6" aria-labelledby="moderation-title">
      <h1 id="moderation-title" className="text-2xl font-bold sm:text-3xl">
        {t('moderation.title')}
      </h1>
      <p className="mt-1 text-slate-600 dark:text-slate-400">{t('moderation.intro')}</p>
      <StatusFilters current={filter} />
      {failure?.formError && !firstPage.items.some((item) => item.id === failure.values?.item_id) && (
        <div className="mt-4">
          <FormAlert messageKey={failure.formError} values={failure.formErrorValues} />
        </div>
      )}
      <PagedList
        firstPage={firstPage}
        source={{
          path: '/api/v1/admin/items',
          query: { ...(filter === 'all' ? {} : { status: filter }), lang: language },
        }}
        empty={<NoResult />}
      >
        {(items) => (
          <ul className="mt-6 flex flex-col gap-4" data-testid="moderation-queue">
            {items.map((item, index) => (
              <li key={item.id}>
                <QueueRow
                  item={item}
                  lazy={index >= 4}
                  failure={failure?.values?.item_id === item.id ? failure : undefined}
                />
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </section>
  );
}

function StatusFilters({ current }: { current: StatusFilter }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('moderation.filterLabel')} className="mt-5">
      <ul className="flex flex-wrap gap-2">
        {STATUS_FILTERS.map((filter) => {
          const selected = filter === current;
          return (
            <li key={filter}>
              <Link
                to={filter === 'all' ? '/admin/items' : `/admin/items?status=${filter}`}
                aria-current={selected ? 'page' : undefined}
                className={`inline-flex items-center gap-1 rounded-full border px-4 py-1.5 text-sm font-semibold ${
                  selected
                    ? 'border-brand-700 bg-brand-700 text-white dark:border-brand-300 dark:bg-brand-300 dark:text-slate-900'
                    : 'border-slate-300 text-slate-700 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800'
                }`}
              >
                {selected && <Check className="size-4" aria-hidden />}
                {t(`moderation.filters.${filter}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function QueueRow({
  item,
  lazy,
  failure,
}: {
  item: ModerationItem;
  lazy: boolean;
  failure: DecisionFailure | undefined;
}) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const titleId = useId();
  const seller = item.user;
  return (
    <article
      aria-labelledby={titleId}
      className="rounded-2xl border border-slate-200 bg-white p-3 sm:p-4 dark:border-slate-800 dark:bg-slate-900"
      data-testid="moderation-row"
      data-item-id={item.id}
    >
      <div className="flex gap-3 sm:gap-4">
        <div className="w-24 shrink-0 self-start overflow-hidden rounded-xl sm:w-36">
          <ItemCover item={item} lazy={lazy} sizes="(min-width: 640px) 144px, 96px" />
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <div className="flex flex-wrap items-center gap-2">
            {badgesOf(item, true).map((badge) => (
              <ItemStatusBadge key={badge} badge={badge} />
            ))}
          </div>
          <h2 id={titleId} className="line-clamp-2 text-base font-bold leading-snug sm:text-lg">
            <Link
              to={itemPath(item)}
              className="hover:text-brand-700 hover:underline dark:hover:text-brand-300"
              dir="auto"
            >
              {item.title}
            </Link>
          </h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
            <dt className="text-slate-600 dark:text-slate-400">{t('moderation.price')}</dt>
            <dd>
              <ItemPrice item={item} />
            </dd>
            <dt className="text-slate-600 dark:text-slate-400">{t('moderation.seller')}</dt>
            <dd className="min-w-0 truncate">
              {seller ? (
                <Link
                  to={`/other-profile/${seller.user_id}`}
                  className="underline hover:text-brand-700 dark:hover:text-brand-300"
                  dir="auto"
                >
                  {seller.user_name}
                </Link>
              ) : (
                '–'
              )}
            </dd>
            <dt className="text-slate-600 dark:text-slate-400">{t('moderation.posted')}</dt>
            <dd>
              <time dateTime={item.added_date} dir="ltr">
                {formatDateTime(item.added_date)}
              </time>
            </dd>
          </dl>
        </div>
      </div>
      {item.reject_reason && (
        <p
          className="mt-3 rounded-lg bg-red-50 p-2 text-sm text-red-900 dark:bg-red-950 dark:text-red-100"
          data-testid="moderation-reason"
        >
          <span className="font-semibold">{t('myItems.reason')}</span>{' '}
          <span dir="auto" className="whitespace-pre-line">
            {item.reject_reason}
          </span>
        </p>
      )}
      {item.open_reports.length > 0 && <OpenReports reports={item.open_reports} />}
      {failure?.formError && (
        <div className="mt-3">
          <FormAlert messageKey={failure.formError} values={failure.formErrorValues} />
        </div>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {decisionsFor(item.status).map((decision) => (
          <Decision
            key={decision}
            item={item}
            decision={decision}
            failure={failure?.values?.decision === decision ? failure : undefined}
          />
        ))}
      </div>
    </article>
  );
}

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
function PlainDecision({ item, decision }: { item: ItemDetail; decision: ModerationDecision }) {
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
function DisclosedDecision({
  item,
  decision,
  failure,
}: {
  item: ItemDetail;
  decision: ModerationDecision;
  failure: DecisionFailure | undefined;
}) {
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

/**
 * A decision: with JavaScript, a modal that says what it does and, for reject and disable, asks for the
 * reason; without it, a plain button (approve, re-enable) or a disclosure with the reason form.
 */
function Decision({
  item,
  decision,
  failure,
}: {
  item: ItemDetail;
  decision: ModerationDecision;
  failure: DecisionFailure | undefined;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<DecisionFailure>();
  const busy = fetcher.state !== 'idle';
  const [sent, setSent] = useState(false);
  // The decision was taken (the action redirected: no refusal came back): close the modal.
  useEffect(() => {
    if (sent && fetcher.state === 'idle') {
      setSent(false);
      if (fetcher.data?.ok !== false) setOpen(false);
    }
  }, [sent, fetcher.state, fetcher.data]);

  if (!hydrated) {
    return NEEDS_REASON.has(decision) ? (
      <DisclosedDecision item={item} decision={decision} failure={failure} />
    ) : (
      <PlainDecision item={item} decision={decision} />
    );
  }
  return (
    <Modal
      open={open}
      onOpenChange={setOpen}
      title={t(`moderation.dialogTitle.${decision}`)}
      description={t(`moderation.dialogDescription.${decision}`, { title: item.title })}
      showDescription
      trigger={
        <ModalTrigger
          className={decisionButton(decision)}
          aria-label={t(`moderation.actionsFor.${decision}`, { title: item.title })}
          data-testid={`decide-${decision}`}
        >
          <DecisionLabel decision={decision} />
        </ModalTrigger>
      }
    >
      <fetcher.Form method="post" className="mt-4 flex flex-col gap-4" onSubmit={() => setSent(true)}>
        <DecisionFields item={item} decision={decision} result={fetcher.data ?? failure} autoFocus />
        {fetcher.data?.formError && (
          <FormAlert messageKey={fetcher.data.formError} values={fetcher.data.formErrorValues} />
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <ModalClose className="rounded-full px-4 py-2 font-semibold hover:bg-slate-100 dark:hover:bg-slate-800">
            {t('moderation.cancel')}
          </ModalClose>
          <SubmitButton
            busy={busy}
            label={t(`moderation.confirm.${decision}`)}
            busyLabel={t('moderation.saving')}
            className={decisionButton(decision)}
          />
        </div>
      </fetcher.Form>
    </Modal>
  );
}

function DecisionFields({
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

/** Why people reported the item (open reports, the latest first): the reason of each and their words. */
function OpenReports({ reports }: { reports: ItemReport[] }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  return (
    <section
      className="mt-3 rounded-lg bg-amber-50 p-2 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50"
      data-testid="moderation-reports"
    >
      <h3 className="font-semibold">{t('moderation.reports', { count: reports.length })}</h3>
      <ul className="mt-1 space-y-1">
        {reports.map((report) => (
          <li key={report.reporter_id}>
            <span className="font-semibold">{t(`item.report.reasons.${report.reason}`)}</span>
            {' · '}
            <bdi>{report.reporter_name}</bdi>
            {' · '}
            <time dateTime={report.added_date} dir="ltr">
              {formatDateTime(report.added_date)}
            </time>
            {report.note && (
              <span className="block whitespace-pre-line break-words" dir="auto">
                {report.note}
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
