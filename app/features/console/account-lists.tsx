import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type {
  ConsoleAccountListing,
  ConsoleAccountLists,
  ConsoleAccountPayment,
  ConsoleAccountReport,
  ConsoleAccountSession,
} from '../../../contract/console-account.ts';
import {
  PAYMENT_METHODS,
  PAYMENT_PURPOSES,
  PAYMENT_STATUSES,
  type ReportDirection,
  type ReportOutcome,
} from '../../../contract/console-account-basics.ts';
import { ITEM_STATUS, itemPath } from '../../../contract/item-basics.ts';
import type { LanguageCode } from '../../../contract/language.ts';
import type { Paged } from '../../../contract/paging.ts';
import { ItemPrice } from '../../components/price.tsx';
import { PagedList } from '../../components/ui/paged-list.tsx';
import { useFormatDateTime } from '../../lib/time-zone.tsx';
import { formatAmount } from './numbers.ts';

const cell = 'px-3 py-2 align-top';
/** A date and time stays on one line. */
const when = `${cell} whitespace-nowrap`;
const link = 'text-brand-700 underline dark:text-brand-300';

type Tone = 'good' | 'wait' | 'bad' | 'plain' | 'strong';
const TONES: Record<Tone, string> = {
  good: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-50',
  wait: 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-50',
  bad: 'bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-50',
  plain: 'bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-50',
  strong: 'bg-slate-900 text-white dark:bg-white dark:text-slate-900',
};

function Mark({ tone, children }: { tone: Tone; children: ReactNode }) {
  return (
    <span className={`inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${TONES[tone]}`}>
      {children}
    </span>
  );
}

/**
 * What an account posted, reported and had reported, where it is signed in and what it paid: one table each,
 * the latest first, a page at a time ("Load more" reads the next page from the API).
 */
export function AccountLists({
  userId,
  lists,
  language,
}: {
  userId: string;
  lists: ConsoleAccountLists;
  language: string;
}) {
  const { t } = useTranslation();
  const base = `/api/v1/admin/users/${encodeURIComponent(userId)}`;
  const source = (path: string) => ({ path: `${base}/${path}`, query: { lang: language } });
  return (
    <>
      <ListSection
        id="account-listings"
        title={t('console.users.lists.listings')}
        firstPage={lists.listings}
        source={source('listings')}
        none={t('console.users.lists.none.listings')}
        columns={[
          t('console.users.lists.columns.listing'),
          t('console.users.lists.columns.status'),
          t('console.users.lists.columns.price'),
          t('console.users.lists.columns.posted'),
        ]}
        row={(listing) => <ListingRow key={listing.id} listing={listing} />}
      />
      {(['made', 'received'] as const).map((direction) => (
        <ReportSection
          key={direction}
          direction={direction}
          firstPage={direction === 'made' ? lists.reports_made : lists.reports_received}
          source={source(`reports/${direction}`)}
        />
      ))}
      <ListSection
        id="account-sessions"
        title={t('console.users.figures.sessions')}
        firstPage={lists.sessions}
        source={source('sessions')}
        none={t('console.users.lists.none.sessions')}
        columns={[
          t('console.users.lists.columns.device'),
          t('console.users.lists.columns.opened'),
          t('console.users.lists.columns.lastSeen'),
          t('console.users.lists.columns.expires'),
        ]}
        row={(session, index) => <SessionRow key={`${session.created_at}-${index}`} session={session} />}
      />
      <ListSection
        id="account-payments"
        title={t('console.users.lists.payments')}
        firstPage={lists.payments}
        source={source('payments')}
        none={t('console.users.lists.none.payments')}
        columns={[
          t('console.users.lists.columns.date'),
          t('console.users.lists.columns.purpose'),
          t('console.users.lists.columns.method'),
          t('console.users.lists.columns.amount'),
          t('console.users.lists.columns.status'),
        ]}
        row={(payment) => <PaymentRow key={payment.id} payment={payment} language={language as LanguageCode} />}
      />
    </>
  );
}

/** A titled table of one of the account's lists, or a line saying it is empty. */
function ListSection<T>({
  id,
  title,
  firstPage,
  source,
  none,
  columns,
  row,
}: {
  id: string;
  title: string;
  firstPage: Paged<T>;
  source: { path: string; query: Record<string, string> };
  none: string;
  columns: string[];
  row: (item: T, index: number) => ReactNode;
}) {
  return (
    <div className="mt-8" data-testid={id}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <PagedRows firstPage={firstPage} source={source} none={none}>
        {(items) => (
          // On a phone the table scrolls sideways rather than squeezing its columns.
          <section
            aria-labelledby={id}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a keyboard scrolls the table once it has focus
            tabIndex={0}
            className="mt-2 overflow-x-auto rounded-2xl border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-brand-600 dark:border-slate-800 dark:bg-slate-900"
          >
            <table className="w-full min-w-[40rem] text-sm" aria-labelledby={id}>
              <thead className="text-slate-600 dark:text-slate-400">
                <tr>
                  {columns.map((column) => (
                    <th key={column} scope="col" className="px-3 py-2 text-start font-medium">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 border-t border-slate-200 dark:divide-slate-800 dark:border-slate-800">
                {items.map(row)}
              </tbody>
            </table>
          </section>
        )}
      </PagedRows>
    </div>
  );
}

function PagedRows<T>({
  firstPage,
  source,
  none,
  children,
}: {
  firstPage: Paged<T>;
  source: { path: string; query: Record<string, string> };
  none: string;
  children: (items: T[]) => ReactNode;
}) {
  return (
    <PagedList
      firstPage={firstPage}
      source={source}
      empty={
        <p
          role="status"
          className="mt-2 rounded-2xl border border-dashed border-slate-300 px-4 py-3 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400"
        >
          {none}
        </p>
      }
    >
      {children}
    </PagedList>
  );
}

function ListingRow({ listing }: { listing: ConsoleAccountListing }) {
  const formatDateTime = useFormatDateTime();
  return (
    <tr data-testid="account-listing">
      <td className={`${cell} break-words`}>
        <ListingName itemName={listing.item_name} title={listing.title} deleted={listing.deleted_at !== null} />
      </td>
      <td className={cell}>
        <ListingMarks listing={listing} />
      </td>
      <td className={cell}>
        <ItemPrice item={listing} />
      </td>
      <td className={when}>
        <time dateTime={listing.added_date}>{formatDateTime(listing.added_date)}</time>
      </td>
    </tr>
  );
}

/** A listing's title, a link to its page unless it is deleted. */
function ListingName({ itemName, title, deleted }: { itemName: string; title: string; deleted: boolean }) {
  const shown = title || itemName;
  if (deleted) return <span dir="auto">{shown}</span>;
  return (
    <Link to={itemPath({ item_name: itemName })} className={link} dir="auto">
      {shown}
    </Link>
  );
}

const STATUS_MARKS: Record<number, { key: 'pending' | 'active' | 'disabled' | 'rejected' | 'expired'; tone: Tone }> = {
  [ITEM_STATUS.pending]: { key: 'pending', tone: 'wait' },
  [ITEM_STATUS.active]: { key: 'active', tone: 'good' },
  [ITEM_STATUS.disabled]: { key: 'disabled', tone: 'plain' },
  [ITEM_STATUS.rejected]: { key: 'rejected', tone: 'bad' },
  [ITEM_STATUS.expired]: { key: 'expired', tone: 'plain' },
};

/** Deleted, else its status, and sold when it is. */
function ListingMarks({ listing }: { listing: ConsoleAccountListing }) {
  const { t } = useTranslation();
  const status = STATUS_MARKS[listing.status];
  return (
    <span className="flex flex-wrap gap-1">
      {listing.deleted_at !== null ? (
        <Mark tone="bad">{t('console.users.lists.deleted')}</Mark>
      ) : (
        status && <Mark tone={status.tone}>{t(`item.badge.${status.key}`)}</Mark>
      )}
      {listing.is_sold_out && <Mark tone="strong">{t('item.badge.soldOut')}</Mark>}
    </span>
  );
}

const OUTCOME_TONES: Record<ReportOutcome, Tone> = {
  open: 'wait',
  dismissed: 'plain',
  upheld: 'bad',
  withdrawn: 'plain',
};

/** The reports an account made (or those made of its listings, with who made them). */
function ReportSection({
  direction,
  firstPage,
  source,
}: {
  direction: ReportDirection;
  firstPage: Paged<ConsoleAccountReport>;
  source: { path: string; query: Record<string, string> };
}) {
  const { t } = useTranslation();
  const received = direction === 'received';
  const columns = [
    t('console.users.lists.columns.listing'),
    ...(received ? [t('console.users.lists.columns.reporter')] : []),
    t('console.users.lists.columns.reason'),
    t('console.users.lists.columns.reported'),
    t('console.users.lists.columns.outcome'),
  ];
  return (
    <ListSection
      id={`account-reports-${direction}`}
      title={t(received ? 'console.users.figures.reportsReceived' : 'console.users.figures.reportsMade')}
      firstPage={firstPage}
      source={source}
      none={t(received ? 'console.users.lists.none.reportsReceived' : 'console.users.lists.none.reportsMade')}
      columns={columns}
      row={(report) => <ReportRow key={report.id} report={report} withReporter={received} />}
    />
  );
}

function ReportRow({ report, withReporter }: { report: ConsoleAccountReport; withReporter: boolean }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  return (
    <tr data-testid="account-report">
      <td className={`${cell} break-words`}>
        <ListingName itemName={report.item_name} title={report.item_title} deleted={report.item_deleted} />
      </td>
      {withReporter && (
        <td className={`${cell} break-words`}>
          <Link to={`/admin/users/${encodeURIComponent(report.reporter_id)}`} className={link} dir="auto">
            {report.reporter_name || report.reporter_id}
          </Link>
        </td>
      )}
      <td className={`${cell} break-words`}>
        {t(`item.report.reasons.${report.reason}`)}
        {report.note && (
          <span className="block text-slate-600 dark:text-slate-400" dir="auto">
            {report.note}
          </span>
        )}
      </td>
      <td className={when}>
        <time dateTime={report.added_date}>{formatDateTime(report.added_date)}</time>
      </td>
      <td className={cell}>
        <Mark tone={OUTCOME_TONES[report.outcome]}>{t(`console.users.lists.outcomes.${report.outcome}`)}</Mark>
      </td>
    </tr>
  );
}

function SessionRow({ session }: { session: ConsoleAccountSession }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  return (
    <tr data-testid="account-session">
      <td className={`${cell} break-all`}>
        {session.user_agent ? (
          <bdi dir="ltr" className="font-mono text-xs">
            {session.user_agent}
          </bdi>
        ) : (
          t('console.users.lists.unknownDevice')
        )}
      </td>
      {(['created_at', 'last_seen_at', 'expires_at'] as const).map((field) => (
        <td key={field} className={when}>
          <time dateTime={session[field]}>{formatDateTime(session[field])}</time>
        </td>
      ))}
    </tr>
  );
}

/** Names of the payment providers: brands, written the same in every language. */
const PROVIDER_NAMES: Partial<Record<(typeof PAYMENT_METHODS)[number], string>> = {
  paypal: 'PayPal',
  stripe: 'Stripe',
  razor: 'Razorpay',
  paystack: 'Paystack',
};

/** A provider by its brand name; paying offline or in a store's app in words; anything else as stored. */
function PaymentMethod({ method }: { method: string }) {
  const { t } = useTranslation();
  if (!isOneOf(PAYMENT_METHODS, method)) return <bdi dir="ltr">{method}</bdi>;
  if (method === 'offline') return t('console.users.lists.methods.offline');
  if (method === 'In_App_Purchase') return t('console.users.lists.methods.inApp');
  return <bdi dir="ltr">{PROVIDER_NAMES[method] ?? method}</bdi>;
}

const isOneOf = <T extends string>(values: readonly T[], value: string): value is T =>
  (values as readonly string[]).includes(value);

const PAYMENT_TONES: Record<(typeof PAYMENT_STATUSES)[number], Tone> = {
  pending: 'wait',
  succeeded: 'good',
  failed: 'bad',
  refunded: 'plain',
};

function PaymentRow({ payment, language }: { payment: ConsoleAccountPayment; language: LanguageCode }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const { purpose, method, status } = payment;
  return (
    <tr data-testid="account-payment">
      <td className={when}>
        <time dateTime={payment.added_date}>{formatDateTime(payment.added_date)}</time>
      </td>
      <td className={cell}>
        {isOneOf(PAYMENT_PURPOSES, purpose) ? t(`console.users.lists.purposes.${purpose}`) : purpose}
      </td>
      <td className={cell}>
        <PaymentMethod method={method} />
      </td>
      <td className={cell}>
        <bdi dir="ltr" className="whitespace-nowrap tabular-nums">
          {formatAmount(payment.amount, payment.currency, language)}
        </bdi>
      </td>
      <td className={cell}>
        {isOneOf(PAYMENT_STATUSES, status) ? (
          <Mark tone={PAYMENT_TONES[status]}>{t(`console.users.lists.paymentStatuses.${status}`)}</Mark>
        ) : (
          status
        )}
      </td>
    </tr>
  );
}
