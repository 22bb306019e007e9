import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Paged } from '../../../contract/paging.ts';
import { RATING_MAX } from '../../../contract/rating-basics.ts';
import type { Review } from '../../../contract/ratings.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Star } from '../../components/ui/icons.tsx';
import { PagedList } from '../../components/ui/paged-list.tsx';
import { ProfilePhoto } from '../../components/ui/profile-photo.tsx';
import { useFormatDateTime } from '../../lib/time-zone.tsx';

const STARS = Array.from({ length: RATING_MAX }, (_, index) => index + 1);

/** Someone's reviews, the latest first, 30 at a time. */
export function ReviewList({ userId, firstPage }: { userId: string; firstPage: Paged<Review> }) {
  const { t } = useTranslation();
  return (
    <div className="mt-6">
      <h2 className="mb-3 text-xl font-bold">{t('reviews.listTitle')}</h2>
      <PagedList
        firstPage={firstPage}
        source={{ path: `/api/v1/users/${encodeURIComponent(userId)}/reviews` }}
        empty={<EmptyState icon={Star} text={t('reviews.none')} />}
      >
        {(reviews) => (
          <ul className="grid grid-cols-1 gap-3" data-testid="review-list">
            {reviews.map((review) => (
              <ReviewCard key={review.id} review={review} />
            ))}
          </ul>
        )}
      </PagedList>
    </div>
  );
}

function ReviewCard({ review }: { review: Review }) {
  const { t } = useTranslation();
  const formatDate = useFormatDateTime();
  const author = review.from_user;
  return (
    <li
      className="rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
      data-testid="review"
    >
      <div className="flex items-center gap-3">
        {author && <ProfilePhoto user={author} size="list" />}
        <div className="min-w-0 flex-1">
          <p className="font-semibold">
            {author ? (
              <Link to={`/other-profile/${encodeURIComponent(author.user_id)}`} className="hover:underline">
                <bdi>{author.user_name}</bdi>
              </Link>
            ) : (
              t('chat.unknownPerson')
            )}
          </p>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            <bdi dir="ltr">{formatDate(review.added_date)}</bdi>
          </p>
        </div>
        <p className="flex text-amber-500" role="img" aria-label={t('reviews.starsValue', { count: review.rating })}>
          {STARS.map((star) => (
            <Star key={star} className={`size-4 ${star <= review.rating ? 'fill-current' : ''}`} aria-hidden />
          ))}
        </p>
      </div>
      <h3 className="mt-3 font-bold">
        <bdi>{review.title}</bdi>
      </h3>
      {review.message && (
        <p className="mt-1 whitespace-pre-wrap text-slate-700 dark:text-slate-300">
          <bdi>{review.message}</bdi>
        </p>
      )}
    </li>
  );
}
