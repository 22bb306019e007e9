import { useTranslation } from 'react-i18next';
import { appContext } from '#app-context';
import { PEOPLE_SEARCH } from '../../../contract/user-basics.ts';
import { peopleSearchQuerySchema } from '../../../contract/users.ts';
import { offsetOf } from '../../features/items/lists/my-items.server.ts';
import { PeopleSearchForm, PeopleSearchResults, PeopleSearchStart } from '../../features/social/people-search.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { pageLanguage } from '../../lib/cookies.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/people-search';

/**
 * /users?name=: people search. No name yet shows what the page is for; a name too short or too long shows the
 * server's translated message; else the first page of the people found (the next ones come from the API).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, viewer } = context.get(appContext);
  const language = await pageLanguage(request);
  const asked = (new URL(request.url).searchParams.get('name') ?? '').trim();
  const shown = { name: asked.slice(0, PEOPLE_SEARCH.maxLength), language, errorKey: null, firstPage: null };
  if (!asked) return shown;
  const checked = peopleSearchQuerySchema.shape.name.safeParse(asked);
  if (!checked.success) return { ...shown, errorKey: checked.error.issues[0]?.message ?? 'errors.invalidRequest' };
  const window = { limit: PEOPLE_SEARCH.pageSize, offset: offsetOf(request) };
  return { ...shown, firstPage: await services.users.searchPeople(checked.data, viewer, window) };
}

export const handle = { i18n: ['social'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'social.peopleSearch.metaTitle', description: 'social.peopleSearch.metaDescription' });

export default function PeopleSearch({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { name, errorKey, firstPage, language } = loaderData;
  return (
    <section className="mx-auto max-w-3xl px-4 py-6" aria-labelledby="people-search-title">
      <h1 id="people-search-title" className="text-2xl font-bold sm:text-3xl">
        {t('social.peopleSearch.title')}
      </h1>
      <p className="mt-1 text-slate-600 dark:text-slate-400">{t('social.peopleSearch.intro')}</p>
      <PeopleSearchForm name={name} errorKey={errorKey} />
      {firstPage ? (
        <PeopleSearchResults name={name} firstPage={firstPage} language={language} />
      ) : (
        !errorKey && <PeopleSearchStart />
      )}
    </section>
  );
}
