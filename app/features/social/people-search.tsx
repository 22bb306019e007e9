import { useTranslation } from 'react-i18next';
import { Form, Link } from 'react-router';
import type { Paged } from '../../../contract/paging-basics.ts';
import { itemListSearchParams } from '../../../contract/search-basics.ts';
import { PEOPLE_SEARCH } from '../../../contract/user-basics.ts';
import type { PersonCard as FoundPerson } from '../../../contract/users.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { compactPrimaryButtonClass, secondaryButtonClass } from '../../components/ui/form-classes.ts';
import { Search, SearchX, Star, Store, Users } from '../../components/ui/icons.tsx';
import { PagedList } from '../../components/ui/paged-list.tsx';
import { translateKey } from '../../i18n/i18n.ts';
import { PersonCard } from './people-list.tsx';

const NAME_FIELD_ID = 'people-search-name';
const NAME_ERROR_ID = `${NAME_FIELD_ID}-error`;
const NAME_INPUT_CLASS =
  'min-w-0 flex-1 rounded-full border border-slate-300 bg-white px-4 py-2.5 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-500 dark:border-slate-700 dark:bg-slate-900';

/**
 * The people search form: a plain GET form (it works without JavaScript). Its length limits are checked by the
 * server, whose translated message `errorKey` is shown under the field (the browser's own would not be).
 */
export function PeopleSearchForm({ name, errorKey }: { name: string; errorKey: string | null }) {
  const { t } = useTranslation();
  return (
    <Form method="get" role="search" className="mt-6">
      <label htmlFor={NAME_FIELD_ID} className="text-sm font-semibold">
        {t('social.peopleSearch.label')}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          key={name}
          id={NAME_FIELD_ID}
          name="name"
          type="search"
          defaultValue={name}
          maxLength={PEOPLE_SEARCH.maxLength}
          placeholder={t('social.peopleSearch.placeholder')}
          enterKeyHint="search"
          autoComplete="off"
          aria-invalid={errorKey !== null}
          aria-describedby={errorKey ? NAME_ERROR_ID : undefined}
          className={NAME_INPUT_CLASS}
        />
        <button type="submit" className={compactPrimaryButtonClass}>
          <Search className="size-4" aria-hidden />
          {t('social.peopleSearch.submit')}
        </button>
      </div>
      {errorKey && (
        <p id={NAME_ERROR_ID} role="alert" className="mt-2 text-sm text-red-600 dark:text-red-400">
          {translateKey(t, errorKey)}
        </p>
      )}
    </Form>
  );
}

/** Before a search: what the page is for. */
export const PeopleSearchStart = () => {
  const { t } = useTranslation();
  return <EmptyState icon={Users} text={t('social.peopleSearch.start')} />;
};

/** The people found for `name`, best match first, paged by "Load more"; a hint when nobody matches. */
export function PeopleSearchResults({
  name,
  firstPage,
  language,
}: {
  name: string;
  firstPage: Paged<FoundPerson>;
  language: string;
}) {
  const { t } = useTranslation();
  const noResults = (
    <EmptyState
      icon={SearchX}
      title={t('social.peopleSearch.noResults', { name })}
      text={t('social.peopleSearch.noResultsHint')}
    />
  );
  return (
    <section className="mt-8" aria-labelledby="people-search-results">
      <h2 id="people-search-results" className="text-lg font-bold" aria-live="polite">
        {t('social.peopleSearch.resultsFor', { name })}
      </h2>
      <PagedList
        firstPage={firstPage}
        source={{ path: '/api/v1/users', query: { name, lang: language } }}
        empty={noResults}
      >
        {(people) => (
          <ul className="mt-4 grid gap-3" data-testid="people-list">
            {people.map((person) => (
              <li key={person.user_id}>
                <PersonCard
                  user={person}
                  details={<FoundPersonDetails person={person} />}
                  action={<AdsLink person={person} />}
                />
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </section>
  );
}

/** What else tells people apart: a verified dealer, and their rating once someone rated them. */
function FoundPersonDetails({ person }: { person: FoundPerson }) {
  const { t } = useTranslation();
  if (!person.is_verified_dealer && person.rating_count === 0) return null;
  return (
    <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
      {person.is_verified_dealer && (
        <span className="inline-flex items-center gap-1 text-amber-800 dark:text-amber-200">
          <Store className="size-4" aria-hidden />
          {t('social.peopleSearch.dealer')}
        </span>
      )}
      {person.rating_count > 0 && (
        <span className="inline-flex items-center gap-1">
          <Star className="size-4" aria-hidden />
          {t('social.peopleSearch.rating', { value: person.overall_rating.toFixed(1) })}
        </span>
      )}
    </p>
  );
}

function AdsLink({ person }: { person: FoundPerson }) {
  const { t } = useTranslation();
  return (
    <Link
      to={`/item-list?${itemListSearchParams({ addedUserId: person.user_id })}`}
      className={`${secondaryButtonClass} shrink-0 px-4 py-2 text-sm`}
    >
      {t('social.peopleSearch.seeAds')}
    </Link>
  );
}
