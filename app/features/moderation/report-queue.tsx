import { useTranslation } from 'react-i18next';
import { Form, Link } from 'react-router';
import type { ReportedListing, ReporterRecord } from '../../../contract/console.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { FormAlert, inputClass, secondaryButtonClass } from '../../components/ui/form.tsx';
import { dangerButtonClass, pillLinkClass } from '../../components/ui/form-classes.ts';
import { ChevronLeft, ChevronRight, Flag } from '../../components/ui/icons.tsx';
import type { FormResult } from '../../lib/form-errors.ts';
import { MAX_REASON_LENGTH } from './decision.ts';
import { OpenReports } from './open-reports.tsx';

export type ReportsView = 'listings' | 'reporters';
export type ReportActionFailure = FormResult & { target?: string };

/** The reports queue (issue 24): open reports by listing, heaviest first, or by reporter, most first. */
export function ReportQueueView({
  view,
  page,
  listings,
  reporters,
  failure,
}: {
  view: ReportsView;
  page: QueuePage;
  listings: ReportedListing[];
  reporters: ReporterRecord[];
  failure: ReportActionFailure | undefined;
}) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-6xl px-4 py-6" aria-labelledby="reports-title">
      <h1 id="reports-title" className="text-2xl font-bold sm:text-3xl">
        {t('moderation.queue.title')}
      </h1>
      <p className="mt-1 text-slate-600 dark:text-slate-400">{t('moderation.queue.intro')}</p>
      <nav aria-label={t('moderation.queue.viewsLabel')} className="mt-5">
        <ul className="flex flex-wrap gap-2">
          {(['listings', 'reporters'] as const).map((each) => (
            <li key={each}>
              <Link
                to={`/admin/reports?by=${each}`}
                aria-current={each === view ? 'page' : undefined}
                className={pillLinkClass(each === view)}
              >
                {t(`moderation.queue.views.${each}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {failure?.formError && !failure.target && (
        <div className="mt-4">
          <FormAlert messageKey={failure.formError} values={failure.formErrorValues} />
        </div>
      )}
      {view === 'listings' ? (
        <ListingReports listings={listings} failure={failure} />
      ) : (
        <ReporterRecords reporters={reporters} failure={failure} />
      )}
      <QueuePager view={view} page={page} />
    </section>
  );
}

/** Which page of the queue is shown, and whether another follows it. */
export interface QueuePage {
  number: number;
  hasNext: boolean;
}

/** "Previous" and "Next" through the queue, when it has more than one page. */
function QueuePager({ view, page }: { view: ReportsView; page: QueuePage }) {
  const { t } = useTranslation();
  if (page.number === 1 && !page.hasNext) return null;
  const pageHref = (number: number) => `/admin/reports?by=${view}${number > 1 ? `&page=${number}` : ''}`;
  return (
    <nav aria-label={t('moderation.queue.pagesLabel')} className="mt-6 flex flex-wrap items-center gap-3">
      {page.number > 1 && (
        <Link to={pageHref(page.number - 1)} className={secondaryButtonClass} rel="prev">
          <ChevronLeft className="size-4 rtl:rotate-180" aria-hidden />
          {t('moderation.queue.previousPage')}
        </Link>
      )}
      <span className="text-sm text-slate-600 dark:text-slate-400">
        {t('moderation.queue.pageNumber', { page: page.number })}
      </span>
      {page.hasNext && (
        <Link to={pageHref(page.number + 1)} className={secondaryButtonClass} rel="next">
          {t('moderation.queue.nextPage')}
          <ChevronRight className="size-4 rtl:rotate-180" aria-hidden />
        </Link>
      )}
    </nav>
  );
}

function ListingReports({
  listings,
  failure,
}: {
  listings: ReportedListing[];
  failure: ReportActionFailure | undefined;
}) {
  const { t } = useTranslation();
  if (listings.length === 0) return <EmptyState icon={Flag} text={t('moderation.queue.none')} />;
  return (
    <ul className="mt-5 flex flex-col gap-4" data-testid="reported-listings">
      {listings.map((listing) => (
        <li key={listing.item_id}>
          <article
            aria-labelledby={`reported-${listing.item_id}`}
            className="rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
          >
            <h2 id={`reported-${listing.item_id}`} className="font-semibold" dir="auto">
              {listing.title}
            </h2>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {t('moderation.queue.seller')}{' '}
              <Link
                to={`/admin/users/${encodeURIComponent(listing.owner_id)}`}
                className="text-brand-700 underline dark:text-brand-300"
              >
                <bdi>{listing.owner_name}</bdi>
              </Link>
              {' · '}
              {t('moderation.queue.weight', { value: listing.weight })}
            </p>
            <OpenReports reports={listing.reports} />
            {failure?.target === listing.item_id && failure.formError && (
              <div className="mt-3">
                <FormAlert messageKey={failure.formError} values={failure.formErrorValues} />
              </div>
            )}
            <ListingActions listing={listing} />
          </article>
        </li>
      ))}
    </ul>
  );
}

function ListingActions({ listing }: { listing: ReportedListing }) {
  const { t } = useTranslation();
  const reasonId = `uphold-${listing.item_id}`;
  return (
    <div className="mt-3 flex flex-wrap items-start gap-2">
      <Form method="post">
        <input type="hidden" name="intent" value="dismiss-listing" />
        <input type="hidden" name="target" value={listing.item_id} />
        <button type="submit" className={secondaryButtonClass}>
          {t('moderation.queue.dismiss')}
        </button>
      </Form>
      <details className="open:basis-full">
        <summary className={`${secondaryButtonClass} cursor-pointer list-none`}>{t('moderation.queue.uphold')}</summary>
        <Form method="post" className="mt-2 flex flex-col gap-2">
          <input type="hidden" name="intent" value="uphold" />
          <input type="hidden" name="target" value={listing.item_id} />
          <label htmlFor={reasonId} className="text-sm font-semibold">
            {t('moderation.reasonLabel')}
          </label>
          <textarea
            id={reasonId}
            name="reason"
            required
            rows={2}
            maxLength={MAX_REASON_LENGTH}
            className={inputClass}
            dir="auto"
          />
          <button type="submit" className={secondaryButtonClass}>
            {t('moderation.queue.upholdConfirm')}
          </button>
        </Form>
      </details>
      <details className="open:basis-full">
        <summary className={`${secondaryButtonClass} cursor-pointer list-none`}>
          {t('moderation.queue.banSeller')}
        </summary>
        <Form method="post" className="mt-2 flex flex-col gap-2">
          <input type="hidden" name="intent" value="ban-owner" />
          <input type="hidden" name="target" value={listing.owner_id} />
          {/* The name isolated (FSI…PDI): an Arabic name must not reorder an English sentence, nor the reverse. */}
          <p className="text-sm">
            {t('moderation.queue.banSellerWarning', { name: `\u2068${listing.owner_name}\u2069` })}
          </p>
          <button type="submit" className={`${dangerButtonClass} self-start`}>
            {t('moderation.queue.banSellerConfirm')}
          </button>
        </Form>
      </details>
    </div>
  );
}

function ReporterRecords({
  reporters,
  failure,
}: {
  reporters: ReporterRecord[];
  failure: ReportActionFailure | undefined;
}) {
  const { t } = useTranslation();
  if (reporters.length === 0) return <EmptyState icon={Flag} text={t('moderation.queue.none')} />;
  return (
    <div className="mt-5 overflow-x-auto rounded-2xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <table className="w-full text-sm" data-testid="reporters">
        <caption className="sr-only">{t('moderation.queue.views.reporters')}</caption>
        <thead>
          <tr className="text-slate-600 dark:text-slate-400">
            {(['reporter', 'open', 'upheld', 'dismissed', 'weight', 'action'] as const).map((column) => (
              <th key={column} scope="col" className="px-3 py-2 text-start font-medium">
                {t(`moderation.queue.columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {reporters.map((reporter) => (
            <tr key={reporter.reporter_id} className="border-t border-slate-100 dark:border-slate-800">
              <th scope="row" className="px-3 py-2 text-start font-semibold">
                <Link
                  to={`/admin/users/${encodeURIComponent(reporter.reporter_id)}`}
                  className="text-brand-700 underline dark:text-brand-300"
                >
                  <bdi>{reporter.reporter_name}</bdi>
                </Link>
              </th>
              <td className="px-3 py-2 tabular-nums">{reporter.open}</td>
              <td className="px-3 py-2 tabular-nums">{reporter.upheld}</td>
              <td className="px-3 py-2 tabular-nums">{reporter.dismissed}</td>
              <td className="px-3 py-2 tabular-nums">{Math.round(reporter.weight * 100)}%</td>
              <td className="px-3 py-2">
                {failure?.target === reporter.reporter_id && failure.formError && (
                  <FormAlert messageKey={failure.formError} values={failure.formErrorValues} />
                )}
                <Form method="post">
                  <input type="hidden" name="intent" value="dismiss-reporter" />
                  <input type="hidden" name="target" value={reporter.reporter_id} />
                  <button type="submit" className={secondaryButtonClass}>
                    {t('moderation.queue.dismissReporter')}
                  </button>
                </Form>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
