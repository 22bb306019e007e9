import { useTranslation } from 'react-i18next';
import { Form, Link } from 'react-router';
import { BADGE_KINDS, type BadgeKind, MAX_DECISION_REASON } from '../../../contract/application-basics.ts';
import type { BadgeApplication } from '../../../contract/applications.ts';
import type { Paged } from '../../../contract/paging.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { FormAlert, inputClass, primaryButtonClass, secondaryButtonClass } from '../../components/ui/form.tsx';
import { pillLinkClass } from '../../components/ui/form-classes.ts';
import { BadgeCheck } from '../../components/ui/icons.tsx';
import { PagedList } from '../../components/ui/paged-list.tsx';
import type { FormResult } from '../../lib/form-errors.ts';
import { useFormatDateTime } from '../../lib/time-zone.tsx';
import { ConsoleHeading } from './console-nav.tsx';

export type ApplicationFailure = FormResult & { applicationId?: number };

/** Badge applications waiting for an operator, one kind at a time, oldest first. */
export function ApplicationList({
  kind,
  firstPage,
  language,
  failure,
}: {
  kind: BadgeKind;
  firstPage: Paged<BadgeApplication>;
  language: string;
  failure: ApplicationFailure | undefined;
}) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-6xl px-4 py-6" aria-labelledby="applications-title">
      <ConsoleHeading
        id="applications-title"
        title={t('console.applications.title')}
        intro={t('console.applications.intro')}
      />
      <nav aria-label={t('console.applications.kindsLabel')} className="mt-5">
        <ul className="flex flex-wrap gap-2">
          {BADGE_KINDS.map((each) => (
            <li key={each}>
              <Link
                to={`/admin/applications?kind=${each}`}
                aria-current={each === kind ? 'page' : undefined}
                className={pillLinkClass(each === kind)}
              >
                {t(`console.applications.kinds.${each}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {failure?.formError && failure.applicationId === undefined && (
        <div className="mt-4">
          <FormAlert messageKey={failure.formError} values={failure.formErrorValues} />
        </div>
      )}
      <PagedList
        firstPage={firstPage}
        source={{ path: `/api/v1/admin/applications/${kind}`, query: { lang: language } }}
        empty={<EmptyState icon={BadgeCheck} text={t('console.applications.none')} />}
      >
        {(applications) => (
          <ul className="mt-5 flex flex-col gap-4" data-testid="applications">
            {applications.map((application) => (
              <li key={application.id}>
                <ApplicationCard
                  application={application}
                  failure={failure?.applicationId === application.id ? failure : undefined}
                />
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </section>
  );
}

function ApplicationCard({
  application,
  failure,
}: {
  application: BadgeApplication;
  failure: ApplicationFailure | undefined;
}) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const reasonId = `reason-${application.kind}-${application.id}`;
  return (
    <article
      aria-labelledby={`application-${application.id}`}
      className="rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id={`application-${application.id}`} className="font-semibold">
        <Link
          to={`/admin/users/${encodeURIComponent(application.user_id)}`}
          className="text-brand-700 underline dark:text-brand-300"
        >
          {application.user_name}
        </Link>
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {t('console.applications.sentOn', { date: formatDateTime(application.added_date) })}
      </p>
      <p className="mt-2 whitespace-pre-line break-words">{application.note}</p>
      {application.has_certificate && (
        <p className="mt-2">
          <a
            href={`/api/v1/admin/applications/dealership/${application.id}/certificate`}
            target="_blank"
            rel="noreferrer"
            className="text-brand-700 underline dark:text-brand-300"
          >
            {t('console.applications.certificate')}
          </a>
        </p>
      )}
      {failure?.formError && (
        <div className="mt-3">
          <FormAlert messageKey={failure.formError} values={failure.formErrorValues} />
        </div>
      )}
      <div className="mt-3 flex flex-wrap items-start gap-2">
        <Form method="post">
          <input type="hidden" name="application_id" value={application.id} />
          <input type="hidden" name="decision" value="approve" />
          <button type="submit" className={primaryButtonClass} data-testid="application-approve">
            {t('console.applications.approve')}
          </button>
        </Form>
        <details className="min-w-64 flex-1">
          <summary className={`${secondaryButtonClass} cursor-pointer list-none`}>
            {t('console.applications.reject')}
          </summary>
          <Form method="post" className="mt-2 flex flex-col gap-2">
            <input type="hidden" name="application_id" value={application.id} />
            <input type="hidden" name="decision" value="reject" />
            <label htmlFor={reasonId} className="text-sm font-semibold">
              {t('console.applications.reason')}
            </label>
            <textarea
              id={reasonId}
              name="reason"
              required
              maxLength={MAX_DECISION_REASON}
              rows={2}
              aria-invalid={Boolean(failure?.errors?.reason)}
              className={inputClass}
            />
            <button type="submit" className={secondaryButtonClass} data-testid="application-reject">
              {t('console.applications.sendRejection')}
            </button>
          </Form>
        </details>
      </div>
    </article>
  );
}
