import { useTranslation } from 'react-i18next';
import { data, Link } from 'react-router';
import { appContext } from '#app-context';
import { isUserId } from '../../../contract/id-basics.ts';
import { PAGE_SIZE } from '../../../contract/paging-basics.ts';
import { requireSignedIn } from '../../features/accounts/account.server.ts';
import { RatingBreakdown } from '../../features/accounts/rating-breakdown.tsx';
import { ReviewList } from '../../features/chat/review-list.tsx';
import { offsetOf } from '../../features/items/lists/my-items.server.ts';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { pageLanguage } from '../../lib/cookies.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/review-list';

/** /review-list?user_id=… (else the signed-in person): the rating breakdown and the reviews, the latest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, viewer } = context.get(appContext);
  const userId = new URL(request.url).searchParams.get('user_id') ?? requireSignedIn(context, 'review-list').userId;
  if (!isUserId(userId)) throw data(null, { status: 404 });
  try {
    const user = await services.users.profile(userId, viewer);
    const window = { limit: PAGE_SIZE.isUserBought, offset: offsetOf(request) };
    const firstPage = await services.ratings.reviews(userId, viewer, window, await pageLanguage(request));
    return { user, firstPage, isMine: viewer?.userId === userId };
  } catch (error) {
    if ((error as { status?: number }).status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

export const handle = { i18n: ['chat', 'profile'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.reviewListTitle', description: 'meta.reviewListDescription' });

export default function ReviewListPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { user, firstPage, isMine } = loaderData;
  const profile = isMine ? '/profile' : `/other-profile/${encodeURIComponent(user.user_id)}`;
  return (
    <section className="mx-auto max-w-3xl px-4 py-6" aria-labelledby="reviews-title">
      <h1 id="reviews-title" className="text-2xl font-bold sm:text-3xl">
        {isMine ? t('reviews.myTitle') : t('reviews.titleOf', { name: user.user_name })}
      </h1>
      <p className="mt-1">
        <Link to={profile} className="font-semibold text-brand-700 hover:underline dark:text-brand-300">
          {t('reviews.toProfile')}
        </Link>
      </p>
      <div
        className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
        data-testid="rating-breakdown"
      >
        <RatingBreakdown summary={user.rating_details} />
      </div>
      <ReviewList userId={user.user_id} firstPage={firstPage} />
    </section>
  );
}
