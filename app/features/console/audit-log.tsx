import { useTranslation } from 'react-i18next';
import { Form, Link } from 'react-router';
import type { AuditEntry, AuditFilter } from '../../../contract/console.ts';
import { AUDIT_SUBJECTS } from '../../../contract/console-basics.ts';
import type { Paged } from '../../../contract/paging.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { inputClass, primaryButtonClass } from '../../components/ui/form.tsx';
import { Newspaper } from '../../components/ui/icons.tsx';
import { PagedList } from '../../components/ui/paged-list.tsx';
import { useFormatDateTime } from '../../lib/time-zone.tsx';
import { ConsoleHeading } from './console-nav.tsx';

/** The audit log: every operator action, latest first, searchable; nobody can change it. */
export function AuditLog({
  firstPage,
  filter,
  language,
}: {
  firstPage: Paged<AuditEntry>;
  filter: AuditFilter;
  language: string;
}) {
  const { t } = useTranslation();
  const query = Object.fromEntries(Object.entries(filter).filter(([, value]) => Boolean(value))) as Record<
    string,
    string
  >;
  return (
    <section className="mx-auto max-w-6xl px-4 py-6" aria-labelledby="audit-title">
      <ConsoleHeading id="audit-title" title={t('console.audit.title')} intro={t('console.audit.intro')} />
      <AuditFilters filter={filter} />
      <PagedList
        firstPage={firstPage}
        source={{ path: '/api/v1/admin/audit', query: { ...query, lang: language } }}
        empty={<EmptyState icon={Newspaper} text={t('console.audit.none')} />}
      >
        {(entries) => (
          <ol className="mt-5 flex flex-col gap-3" data-testid="audit-log">
            {entries.map((entry) => (
              <li key={entry.id}>
                <AuditRow entry={entry} />
              </li>
            ))}
          </ol>
        )}
      </PagedList>
    </section>
  );
}

function AuditFilters({ filter }: { filter: AuditFilter }) {
  const { t } = useTranslation();
  const label = 'text-sm font-semibold';
  return (
    <Form method="get" role="search" className="mt-5 grid gap-3 sm:grid-cols-2 lg:grid-cols-4 lg:items-end">
      <div>
        <label htmlFor="audit-subject-type" className={label}>
          {t('console.audit.subjectType')}
        </label>
        <select
          id="audit-subject-type"
          name="subject_type"
          defaultValue={filter.subject_type ?? ''}
          className={inputClass}
        >
          <option value="">{t('console.audit.anySubject')}</option>
          {AUDIT_SUBJECTS.map((subject) => (
            <option key={subject} value={subject}>
              {t(`console.audit.subjects.${subject}`)}
            </option>
          ))}
        </select>
      </div>
      <TextFilter name="subject_id" label={t('console.audit.subjectId')} value={filter.subject_id} />
      <TextFilter name="actor_id" label={t('console.audit.actorId')} value={filter.actor_id} />
      <TextFilter name="action" label={t('console.audit.action')} value={filter.action} hint="user.ban" />
      <DayFilter name="from" label={t('console.audit.from')} value={filter.from} />
      <DayFilter name="through" label={t('console.audit.through')} value={filter.through} />
      <button type="submit" className={primaryButtonClass}>
        {t('console.audit.search')}
      </button>
    </Form>
  );
}

function TextFilter({ name, label, value, hint }: { name: string; label: string; value?: string; hint?: string }) {
  return (
    <div>
      <label htmlFor={`audit-${name}`} className="text-sm font-semibold">
        {label}
      </label>
      <input
        id={`audit-${name}`}
        name={name}
        defaultValue={value ?? ''}
        maxLength={100}
        placeholder={hint}
        dir="ltr"
        className={inputClass}
      />
    </div>
  );
}

/**
 * The action's own name where it has one ("Account banned"), else what was done ("Added", "Changed"): the row's
 * kind and id follow it, so "coupon.create" reads "Added · Payment coupon:3".
 */
const actionKeys = (action: string) => [
  `console.audit.actions.${action}`,
  `console.audit.verbs.${action.slice(action.lastIndexOf('.') + 1)}`,
];

/** A UTC day the search starts or ends on. */
function DayFilter({ name, label, value }: { name: 'from' | 'through'; label: string; value?: string }) {
  return (
    <div>
      <label htmlFor={`audit-${name}`} className="text-sm font-semibold">
        {label}
      </label>
      <input id={`audit-${name}`} type="date" name={name} defaultValue={value ?? ''} className={inputClass} />
    </div>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const fields = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  return (
    <article className="rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
        <span className="font-semibold">{t(actionKeys(entry.action), { defaultValue: entry.action })}</span>
        <span className="text-slate-600 dark:text-slate-400">
          <time dateTime={entry.acted_at}>{formatDateTime(entry.acted_at)}</time>
        </span>
      </p>
      <p className="mt-1 text-sm">
        {t('console.audit.by')}{' '}
        <Link
          to={`/admin/users/${encodeURIComponent(entry.actor_id)}`}
          className="text-brand-700 underline dark:text-brand-300"
        >
          {entry.actor_name ?? entry.actor_id}
        </Link>
        {' · '}
        {t(`console.audit.subjects.${entry.subject_type}`)} <SubjectLink entry={entry} />
      </p>
      {fields.length > 0 && (
        <table className="mt-3 w-full table-fixed text-sm">
          <caption className="sr-only">{t('console.audit.changes')}</caption>
          <thead>
            <tr className="text-slate-600 dark:text-slate-400">
              <th scope="col" className="w-1/3 py-1 text-start font-medium">
                {t('console.audit.field')}
              </th>
              <th scope="col" className="py-1 text-start font-medium">
                {t('console.audit.before')}
              </th>
              <th scope="col" className="py-1 text-start font-medium">
                {t('console.audit.after')}
              </th>
            </tr>
          </thead>
          <tbody>
            {fields.map((field) => (
              <tr key={field} className="border-t border-slate-100 align-top dark:border-slate-800">
                <th scope="row" className="break-words py-1 text-start font-mono text-xs font-normal">
                  <bdi dir="ltr">{field}</bdi>
                </th>
                <td className="break-words py-1 font-mono text-xs">
                  <bdi dir="ltr">{shown(entry.before?.[field])}</bdi>
                </td>
                <td className="break-words py-1 font-mono text-xs">
                  <bdi dir="ltr">{shown(entry.after?.[field])}</bdi>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </article>
  );
}

/** Where the console shows an entry's row, when it has a page of its own. */
function subjectPath({ subject_type: type, subject_id: subjectId }: AuditEntry) {
  if (type === 'user') return `/admin/users/${encodeURIComponent(subjectId)}`;
  if (type === 'item') return `/item/${encodeURIComponent(subjectId)}`;
  if (type === 'category') return `/admin/categories/${encodeURIComponent(subjectId)}`;
  const [kind, id = ''] = subjectId.split(':');
  if (type === 'content' && kind === 'blog') return `/admin/content/blog/${encodeURIComponent(id)}`;
  if (type === 'content' && kind === 'page') return `/admin/content/pages/${encodeURIComponent(id)}`;
  if (type === 'lookup') return `/admin/categories/lists/${encodeURIComponent(kind ?? '')}/${encodeURIComponent(id)}`;
  return null;
}

function SubjectLink({ entry }: { entry: AuditEntry }) {
  const id = <bdi dir="ltr">{entry.subject_id}</bdi>;
  const to = subjectPath(entry);
  if (!to) return id;
  return (
    <Link to={to} className="text-brand-700 underline dark:text-brand-300">
      {id}
    </Link>
  );
}

const shown = (value: unknown) => (value === undefined ? '—' : JSON.stringify(value));
