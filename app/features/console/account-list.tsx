import { useTranslation } from 'react-i18next';
import { Form, Link } from 'react-router';
import type { ConsoleAccount } from '../../../contract/console.ts';
import type { Paged } from '../../../contract/paging.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { inputClass, primaryButtonClass } from '../../components/ui/form.tsx';
import { Search, Users } from '../../components/ui/icons.tsx';
import { PagedList } from '../../components/ui/paged-list.tsx';
import { AccountMarks } from './account-marks.tsx';
import { ConsoleHeading } from './console-nav.tsx';

/** Accounts, newest first, found by name, e-mail, phone or id; each opens its console page. */
export function AccountList({
  firstPage,
  q,
  language,
}: {
  firstPage: Paged<ConsoleAccount>;
  q: string;
  language: string;
}) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-6xl px-4 py-6" aria-labelledby="accounts-title">
      <ConsoleHeading id="accounts-title" title={t('console.users.title')} intro={t('console.users.intro')} />
      <Form method="get" role="search" className="mt-5 flex gap-2">
        <label htmlFor="account-search" className="sr-only">
          {t('console.users.searchLabel')}
        </label>
        <input
          id="account-search"
          name="q"
          type="search"
          defaultValue={q}
          maxLength={100}
          placeholder={t('console.users.searchPlaceholder')}
          className={`${inputClass} mt-0 flex-1`}
        />
        <button type="submit" className={primaryButtonClass}>
          <Search className="size-5" aria-hidden />
          {t('console.users.search')}
        </button>
      </Form>
      <PagedList
        firstPage={firstPage}
        source={{ path: '/api/v1/admin/users', query: { ...(q ? { q } : {}), lang: language } }}
        empty={<EmptyState icon={Users} text={t('console.users.none')} />}
      >
        {(accounts) => (
          <ul className="mt-5 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
            {accounts.map((account) => (
              <li key={account.user_id}>
                <Link
                  to={`/admin/users/${encodeURIComponent(account.user_id)}`}
                  className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 hover:bg-slate-50 dark:hover:bg-slate-800"
                >
                  <span className="min-w-0">
                    <span className="block truncate font-semibold">{account.user_name}</span>
                    <span className="block truncate text-sm text-slate-600 dark:text-slate-400" dir="ltr">
                      {account.user_email}
                    </span>
                  </span>
                  <AccountMarks account={account} />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </section>
  );
}
