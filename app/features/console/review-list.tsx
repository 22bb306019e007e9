import { useTranslation } from 'react-i18next';
import { Form } from 'react-router';
import type { Paged } from '../../../contract/paging.ts';
import type { ConsoleReview } from '../../../contract/review-moderation.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { secondaryButtonClass } from '../../components/ui/form-classes.ts';
import { Star } from '../../components/ui/icons.tsx';
import { PagedList } from '../../components/ui/paged-list.tsx';
import { isolate } from '../../lib/bidi.ts';
import { useFormatDateTime } from '../../lib/time-zone.tsx';
import { ConsoleHeading } from './console-nav.tsx';

/** Members' reviews of each other, the latest first; each hidden or shown again with one press. */
export function ReviewList({ firstPage, language }: { firstPage: Paged<ConsoleReview>; language: string }) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-6xl px-4 py-6" aria-labelledby="reviews-title">
      <ConsoleHeading id="reviews-title" title={t('console.reviews.title')} intro={t('console.reviews.intro')} />
      <PagedList
        firstPage={firstPage}
        source={{ path: '/api/v1/admin/reviews', query: { lang: language } }}
        empty={<EmptyState icon={Star} text={t('console.reviews.none')} />}
      >
        {(reviews) => (
          <ol className="mt-5 flex flex-col gap-3" data-testid="console-reviews">
            {reviews.map((review) => (
              <li key={review.id}>
                <ReviewRow review={review} />
              </li>
            ))}
          </ol>
        )}
      </PagedList>
    </section>
  );
}

function ReviewRow({ review }: { review: ConsoleReview }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  return (
    <article
      className={`rounded-2xl border p-4 ${
        review.is_hidden
          ? 'border-dashed border-slate-300 bg-slate-50 dark:border-slate-700 dark:bg-slate-900/50'
          : 'border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900'
      }`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-semibold">
            {t('console.reviews.about', {
              from: isolate(review.from_user_name ?? review.from_user_id),
              to: isolate(review.to_user_name ?? review.to_user_id),
            })}
          </p>
          <p className="mt-1 text-sm text-amber-700 dark:text-amber-300">
            {t('console.reviews.stars', { value: review.rating })}
            <span className="text-slate-600 dark:text-slate-400"> · {formatDateTime(review.added_date)}</span>
            {review.is_hidden && (
              <span className="ms-2 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800 dark:bg-slate-700 dark:text-slate-100">
                {t('console.reviews.hiddenMark')}
              </span>
            )}
          </p>
          {review.title && (
            <p className="mt-2 font-semibold" dir="auto">
              {review.title}
            </p>
          )}
          {review.message && (
            <p className="mt-1 text-slate-700 dark:text-slate-300" dir="auto">
              {review.message}
            </p>
          )}
        </div>
        <Form method="post">
          <input type="hidden" name="review_id" value={review.id} />
          <input type="hidden" name="hidden" value={review.is_hidden ? 'false' : 'true'} />
          <button type="submit" className={secondaryButtonClass}>
            {review.is_hidden ? t('console.reviews.show') : t('console.reviews.hide')}
          </button>
        </Form>
      </div>
    </article>
  );
}
