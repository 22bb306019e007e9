import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, useNavigation } from 'react-router';
import { itemPath } from '../../../contract/item-basics.ts';
import type { LanguageCode } from '../../../contract/language.ts';
import type { BumpResult } from '../../../contract/listing-upkeep.ts';
import type { PaymentStatus } from '../../../contract/payments.ts';
import { SORT_OPTIONS } from '../../../contract/sort-options.ts';
import { FormAlert, SubmitButton } from '../../components/ui/form.tsx';
import { AlertTriangle, ArrowUpToLine, CheckCircle2 } from '../../components/ui/icons.tsx';
import { isolate, isolateLtr } from '../../lib/bidi.ts';
import type { FormResult } from '../../lib/form-errors.ts';
import { useHydrated } from '../../lib/hydrated.ts';
import { formatAmount } from '../../lib/money.ts';
import { useFormatDateTime } from '../../lib/time-zone.tsx';
import { type BumpFormResult, bumpOffer, type BumpPage as Page } from './bump.ts';
import { CardStep } from './card-step.tsx';
import { isOfflineChoice, MethodChoice, paymentChoicesOf } from './method-choice.tsx';
import { OfflineStarted } from './offline-started.tsx';
import { PaymentOutcome } from './payment-outcome.tsx';
import { RazorpayStep } from './razorpay-step.tsx';
import { ResultLinks } from './result-links.tsx';

const [LATEST] = SORT_OPTIONS;
/** "Latest": the item list newest first, where a bumped listing now leads. */
const LATEST_PATH = `/item-list?${new URLSearchParams({
  sorting_id: String(LATEST.id),
  sorting_name: LATEST.name,
  order_by: LATEST.orderBy,
  orderType: LATEST.orderType,
})}`;

const submitClass =
  'inline-flex w-full items-center justify-center gap-2 rounded-full bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-60 sm:w-auto sm:min-w-56';

/**
 * /bump?item_id= (issue 23): move one of the owner's listings to the top of "Latest", free while a free bump is
 * left in the period, otherwise at the operator's price with any enabled method; then what became of it.
 */
export function BumpPage({
  page,
  result,
  listing,
}: {
  page: Page;
  result: BumpFormResult | undefined;
  listing: ReactNode;
}) {
  const { t } = useTranslation();
  // What was done stays on screen while the page's data is read again after paying (which drops the action's answer).
  const [done, setDone] = useState<BumpResult | null>(null);
  useEffect(() => {
    if (result?.ok) setDone(result.result);
  }, [result]);
  const finished = result?.ok ? result.result : done;
  let body: ReactNode;
  if (finished) body = <BumpStarted result={finished} listingPath={itemPath(page.listing)} />;
  else body = <BumpChoice page={page} result={result?.ok ? undefined : result} />;
  return (
    <section className="mx-auto max-w-3xl px-4 py-6" aria-labelledby="bump-title">
      <h1 id="bump-title" className="text-2xl font-bold sm:text-3xl">
        {t('payments.bump.title')}
      </h1>
      <p className="mt-1 text-slate-600 dark:text-slate-400">
        {t('payments.bump.intro', { count: page.upkeep.free_bump_days })}
      </p>
      <div
        className="mt-6 rounded-3xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
        data-testid="bump-panel"
      >
        {listing}
        <div className="mt-5">{body}</div>
      </div>
    </section>
  );
}

/** The form the listing's state calls for: a free bump, a paid one, or why there is none now. */
function BumpChoice({ page, result }: { page: Page; result: FormResult | undefined }) {
  const offer = bumpOffer(page.upkeep);
  if (offer === 'free') return <FreeBumpForm page={page} result={result} />;
  if (offer === 'paid') return <PaidBumpForm page={page} result={result} />;
  return <NoBump page={page} reason={offer} />;
}

function FreeBumpForm({ page, result }: { page: Page; result: FormResult | undefined }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'bump';
  return (
    <Form method="post" className="flex flex-col gap-4" data-testid="bump-form">
      <input type="hidden" name="intent" value="bump" />
      <input type="hidden" name="item_id" value={page.upkeep.item_id} />
      <input type="hidden" name="idempotency_key" value={page.idempotencyKey} />
      <FormAlert messageKey={result?.formError} values={result?.formErrorValues} />
      <p data-testid="free-bumps-left">{t('payments.bump.freeLeft', { count: page.upkeep.free_bumps_left })}</p>
      <SubmitButton
        busy={busy}
        label={t('payments.bump.submitFree')}
        busyLabel={t('payments.bump.sending')}
        className={submitClass}
      />
    </Form>
  );
}

function PaidBumpForm({ page, result }: { page: Page; result: FormResult | undefined }) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const formatDateTime = useFormatDateTime();
  const { upkeep } = page;
  const choices = paymentChoicesOf(upkeep);
  const sent = result?.values ?? {};
  const errors = result?.errors ?? {};
  const [choice, setChoice] = useState(
    () => choices.find((each) => each.value === sent.payment_choice)?.value ?? choices[0]?.value ?? '',
  );
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!result || result.ok) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"], fieldset[aria-describedby] input')?.focus();
  }, [result]);
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'bump';
  const amount = formatAmount(upkeep.bump_amount, upkeep.currency, i18n.language as LanguageCode);
  return (
    <Form ref={form} method="post" noValidate className="flex flex-col gap-6" data-testid="bump-form">
      <input type="hidden" name="intent" value="bump" />
      <input type="hidden" name="item_id" value={upkeep.item_id} />
      <input type="hidden" name="idempotency_key" value={page.idempotencyKey} />
      <FormAlert messageKey={result?.formError} values={result?.formErrorValues} />
      <p>
        {upkeep.next_free_bump_at
          ? t('payments.bump.usedUntil', { date: isolateLtr(formatDateTime(upkeep.next_free_bump_at)) })
          : t('payments.bump.used')}
      </p>
      <MethodChoice
        idPrefix="bump"
        choices={choices}
        chosen={choice}
        onChoose={setChoice}
        hydrated={hydrated}
        referenceMax={page.referenceMax}
        sentReference={sent.offline_reference}
        errors={{ choice: errors.payment_choice, reference: errors.offline_reference }}
      />
      <div className="flex flex-col gap-3 border-t border-slate-200 pt-4 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800">
        <p className="text-lg font-bold" data-testid="bump-total">
          {t('payments.promote.total', { amount: isolate(amount) })}
        </p>
        <SubmitButton
          busy={busy}
          label={hydrated && isOfflineChoice(choice) ? t('payments.bump.submitOffline') : t('payments.bump.submitPaid')}
          busyLabel={t('payments.bump.sending')}
          className={submitClass}
        />
      </div>
    </Form>
  );
}

function NoBump({ page, reason }: { page: Page; reason: 'unavailable' | 'noneLeft' }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const next = page.upkeep.next_free_bump_at;
  const text =
    reason === 'unavailable'
      ? t('payments.bump.notActive')
      : next
        ? t('payments.bump.nextFree', { date: isolateLtr(formatDateTime(next)) })
        : t('payments.bump.noneLeft');
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-2xl bg-amber-50 p-4 text-amber-900 dark:bg-amber-950 dark:text-amber-100"
      data-testid="bump-unavailable"
    >
      <AlertTriangle className="mt-0.5 size-6 shrink-0" aria-hidden />
      <div>
        <p className="font-bold">{t('payments.bump.unavailableTitle')}</p>
        <p className="mt-1">{text}</p>
        <Link to={itemPath(page.listing)} className="mt-3 inline-block font-semibold underline">
          {t('payments.bump.backToListing')}
        </Link>
      </div>
    </div>
  );
}

/** A free bump done, or a paid one booked: how to pay, the card step, or how its payment stands. */
function BumpStarted({ result, listingPath }: { result: BumpResult; listingPath: string }) {
  const { t, i18n } = useTranslation();
  const { payment } = result;
  if (!payment) return <BumpDone listingPath={listingPath} />;
  const { action } = payment;
  const due = payment.payment;
  const outcome = (status: PaymentStatus) => (
    <PaymentOutcome
      status={status}
      words={{
        paid: { title: t('payments.bump.doneTitle'), text: t('payments.bump.doneText') },
        failed: { title: t('payments.started.failedTitle'), text: t('payments.bump.failedText') },
        pending: { title: t('payments.started.pendingTitle'), text: t('payments.bump.pendingText') },
      }}
      links={<ResultLinks paymentId={due.id} next="myListings" />}
    />
  );
  if (action.kind === 'offline') {
    return (
      <OfflineStarted
        action={action}
        payment={due}
        due={due}
        words={{ title: t('payments.bump.offlineTitle'), text: t('payments.bump.offlineText') }}
        next="myListings"
        testId="bump-waiting"
      />
    );
  }
  if (action.kind === 'razorpay') {
    const amount = formatAmount(due.amount, due.currency, i18n.language as LanguageCode);
    return (
      <RazorpayStep
        action={action}
        paymentId={due.id}
        words={{
          title: t('payments.bump.cardTitle'),
          text: t('payments.bump.razorpayText', { amount: isolate(amount) }),
        }}
        outcome={outcome}
      />
    );
  }
  if (action.kind === 'stripe') {
    const amount = formatAmount(due.amount, due.currency, i18n.language as LanguageCode);
    return (
      <CardStep
        action={action}
        paymentId={due.id}
        amount={amount}
        words={{
          title: t('payments.bump.cardTitle'),
          text: t('payments.bump.cardText', { amount: isolate(amount) }),
          needsScript: t('payments.bump.needsScript'),
        }}
        outcome={outcome}
      />
    );
  }
  return outcome(due.status);
}

function BumpDone({ listingPath }: { listingPath: string }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="flex flex-col gap-4" data-testid="bump-done">
      <div
        role="status"
        className="flex items-start gap-3 rounded-2xl bg-emerald-50 p-4 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
      >
        <CheckCircle2 className="mt-0.5 size-6 shrink-0" aria-hidden />
        <div>
          <h2 ref={heading} tabIndex={-1} className="text-lg font-bold outline-none">
            {t('payments.bump.doneTitle')}
          </h2>
          <p className="mt-1">{t('payments.bump.doneText')}</p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Link
          to={listingPath}
          className="inline-flex min-h-11 items-center gap-2 rounded-full border border-slate-300 px-5 font-semibold hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800"
        >
          <ArrowUpToLine className="size-5" aria-hidden />
          {t('payments.bump.backToListing')}
        </Link>
        <Link
          to={LATEST_PATH}
          className="inline-flex min-h-11 items-center gap-2 rounded-full border border-slate-300 px-5 font-semibold hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800"
        >
          {t('payments.bump.toLatest')}
        </Link>
      </div>
    </div>
  );
}
