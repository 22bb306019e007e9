import { useTranslation } from 'react-i18next';
import type { RatingSummary } from '../../../contract/users.ts';
import { Star } from '../../components/ui/icons.tsx';

const STARS = [5, 4, 3, 2, 1] as const;
const STAR_KEYS = { 5: 'five', 4: 'four', 3: 'three', 2: 'two', 1: 'one' } as const;

/** The overall rating and the 5-to-1 breakdown with counts and percents (SPEC.md 3 Rating summary). */
export function RatingBreakdown({ summary }: { summary: RatingSummary }) {
  const { t } = useTranslation();
  if (summary.total_rating_count === 0)
    return <p className="text-slate-600 dark:text-slate-400">{t('profile.noRatings')}</p>;
  return (
    <div className="flex flex-col gap-6 sm:flex-row sm:items-center">
      <div className="text-center sm:w-40">
        <p className="text-4xl font-bold">{summary.total_rating_value.toFixed(1)}</p>
        <p
          className="flex justify-center text-amber-500"
          role="img"
          aria-label={t('profile.starsLabel', { value: summary.total_rating_value.toFixed(1) })}
        >
          {STARS.map((star) => (
            <Star
              key={star}
              className={`size-4 ${6 - star <= Math.round(summary.total_rating_value) ? 'fill-current' : ''}`}
              aria-hidden
            />
          ))}
        </p>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {t('profile.ratingsTotal', { count: summary.total_rating_count })}
        </p>
      </div>
      <ul className="flex-1 space-y-2">
        {STARS.map((star) => {
          const name = STAR_KEYS[star];
          const percent = summary[`${name}_star_percent`];
          return (
            <li key={star} className="flex items-center gap-3 text-sm">
              <span className="w-16 shrink-0">{t('profile.starRow', { stars: star })}</span>
              <span className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700">
                <span className="block h-full rounded-full bg-amber-400" style={{ inlineSize: `${percent}%` }} />
              </span>
              <span className="w-24 shrink-0 text-end tabular-nums">
                {t('profile.starCountPercent', { count: summary[`${name}_star_count`], percent })}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
