import { data, redirect } from 'react-router';
import { appContext } from '#app-context';
import { SYNONYM_LIMITS, searchSynonymsFormSchema } from '../../../contract/search-synonyms.ts';
import { SearchWordsForm } from '../../features/console/search-words-form.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { requireAdmin } from '../../lib/admin.server.ts';
import { flashCookie } from '../../lib/cookies.server.ts';
import { type FormResult, fieldErrors } from '../../lib/form-errors.ts';
import { formFields, withRefusals } from '../../lib/forms.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/search-words';

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireAdmin(request, context);
  const groups = await context.get(appContext).services.console.searchSynonyms(viewer);
  return { groups, limits: { lines: SYNONYM_LIMITS.lines, words: SYNONYM_LIMITS.wordsPerLine } };
}

/** Saves every group at once; a refused text comes back as it was typed, with why at the field. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireAdmin(request, context);
  const form = await formFields(request);
  const values = { groups: String(form.groups ?? '') };
  const parsed = searchSynonymsFormSchema.safeParse(form);
  if (!parsed.success) return data<FormResult>({ ok: false, errors: fieldErrors(parsed.error), values }, 400);
  const result = await withRefusals(async () => {
    await context.get(appContext).services.console.saveSearchSynonyms(viewer, parsed.data.groups);
    return redirect('/admin/search-words', {
      headers: { 'Set-Cookie': await flashCookie(context, 'console.searchWords.saved') },
    });
  });
  if (result instanceof Response) return result;
  return data<FormResult>({ ...result.data, values }, result.init ?? 400);
}

export const handle = { i18n: ['console', 'forms'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.consoleSearchWordsTitle', description: 'meta.consoleDescription' });

export default function ConsoleSearchWords({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SearchWordsForm
      key={loaderData.groups}
      groups={loaderData.groups}
      limits={loaderData.limits}
      failure={actionData as FormResult | undefined}
    />
  );
}
