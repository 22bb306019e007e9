import { data, redirect } from 'react-router';
import { appContext } from '#app-context';
import { serialIdSchema } from '../../../contract/ids.ts';
import { ReviewList } from '../../features/console/review-list.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { requireAdmin } from '../../lib/admin.server.ts';
import { flashCookie, pageLanguage } from '../../lib/cookies.server.ts';
import type { FormResult } from '../../lib/form-errors.ts';
import { formFields, withRefusals } from '../../lib/forms.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/reviews';

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireAdmin(request, context);
  const firstPage = await context.get(appContext).services.console.reviews(viewer, { limit: 30, offset: 0 });
  return { firstPage, language: await pageLanguage(request) };
}

/** Hides a review or shows it again; back to the list with a notice. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireAdmin(request, context);
  const form = await formFields(request);
  const reviewId = serialIdSchema.safeParse(form.review_id);
  const hidden = form.hidden === 'true' ? true : form.hidden === 'false' ? false : null;
  if (!reviewId.success || hidden === null) {
    return data<FormResult>({ ok: false, errors: {}, formError: 'errors.invalidRequest' }, 400);
  }
  const result = await withRefusals(async () => {
    await context.get(appContext).services.console.setReviewHidden(viewer, reviewId.data, hidden);
    const notice = hidden ? 'console.reviews.hidden' : 'console.reviews.shown';
    return redirect('/admin/reviews', { headers: { 'Set-Cookie': await flashCookie(context, notice) } });
  });
  if (result instanceof Response) return result;
  return data<FormResult>(result.data, result.init ?? 400);
}

export const handle = { i18n: ['console'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.consoleReviewsTitle', description: 'meta.consoleDescription' });

export default function ConsoleReviews({ loaderData }: Route.ComponentProps) {
  return <ReviewList firstPage={loaderData.firstPage} language={loaderData.language} />;
}
