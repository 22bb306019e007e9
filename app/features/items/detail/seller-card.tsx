import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { User } from '../../../../contract/users.ts';
import { BadgeCheck, CalendarDays, ShieldCheck, Star, Store, UserRound } from '../../../components/ui/icons.tsx';
import { MemberBadge } from '../../../components/ui/member-badge.tsx';
import { SentenceWithValue } from '../../../components/ui/sentence-with-value.tsx';
import { useFormatDateTime } from '../../../lib/time-zone.tsx';

const photoAddress = (file: string) => (/^https?:\/\//i.test(file) ? file : `/uploads/${file}`);

/**
 * Who sells: photo, name, joined date, verified marks, the member badge, a link to the profile (their own profile for the
 * owner) and, for others, `follow`. A seller who hides their profile on items (`user` null) shows as a plain "Seller" card.
 */
export function SellerCard({
  user,
  isOwner,
  follow,
}: {
  user: User | null;
  isOwner: boolean;
  follow?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const card = 'rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900';
  if (!user) {
    return (
      <section aria-labelledby="seller-heading" className={card} data-testid="seller-card">
        <h2 id="seller-heading" className="text-sm font-semibold text-slate-600 dark:text-slate-400">
          {t('item.seller.heading')}
        </h2>
        <div className="mt-3 flex items-center gap-3">
          <span className="flex size-14 items-center justify-center rounded-full bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400">
            <UserRound className="size-7" aria-hidden />
          </span>
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('item.seller.hidden')}</p>
        </div>
      </section>
    );
  }
  const verified = user.email_verify || user.phone_verify;
  const rating = user.rating_details.total_rating_count > 0 ? user.rating_details.total_rating_value : null;
  return (
    <section aria-labelledby="seller-heading" className={card} data-testid="seller-card">
      <h2 id="seller-heading" className="text-sm font-semibold text-slate-600 dark:text-slate-400">
        {t('item.seller.heading')}
      </h2>
      <div className="mt-3 flex items-center gap-3">
        {user.user_profile_photo ? (
          <img
            src={photoAddress(user.user_profile_photo)}
            alt=""
            width={56}
            height={56}
            className="size-14 shrink-0 rounded-full object-cover"
          />
        ) : (
          <span
            aria-hidden
            className="flex size-14 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xl font-bold text-brand-800 dark:bg-brand-900 dark:text-brand-100"
          >
            {user.user_name.trim().charAt(0).toUpperCase()}
          </span>
        )}
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-1.5 font-bold">
            <bdi className="break-words">{user.user_name}</bdi>
            {user.is_verify_blue_mark && (
              <span title={t('item.seller.blueMark')} className="text-sky-600 dark:text-sky-400">
                <BadgeCheck className="size-5" aria-hidden />
                <span className="sr-only">{t('item.seller.blueMark')}</span>
              </span>
            )}
            {user.is_member && <MemberBadge label={t('item.seller.member')} />}
          </p>
          <p className="mt-0.5 flex items-center gap-1 text-sm text-slate-600 dark:text-slate-400">
            <CalendarDays className="size-4 shrink-0" aria-hidden />
            <SentenceWithValue
              sentence={(date) => t('item.seller.joined', { date })}
              value={formatDateTime(user.added_date)}
            />
          </p>
        </div>
      </div>
      <ul className="mt-3 flex flex-wrap gap-2 text-xs font-semibold">
        {verified && (
          <li className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-1 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200">
            <ShieldCheck className="size-4" aria-hidden />
            {t('item.seller.verified')}
          </li>
        )}
        {user.is_verified_dealer && (
          <li className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2.5 py-1 text-amber-900 dark:bg-amber-950 dark:text-amber-100">
            <Store className="size-4" aria-hidden />
            {t('item.seller.verifiedDealer')}
          </li>
        )}
        {rating !== null && (
          <li className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2.5 py-1 text-slate-800 dark:bg-slate-800 dark:text-slate-100">
            <Star className="size-4" aria-hidden />
            {t('item.seller.rating', { value: rating.toFixed(1), total: user.rating_details.total_rating_count })}
          </li>
        )}
      </ul>
      <div className="mt-4 flex gap-2 [&>*]:flex-1">
        <Link
          to={isOwner ? '/profile' : `/other-profile/${encodeURIComponent(user.user_id)}`}
          className="inline-flex items-center justify-center rounded-full border border-slate-300 px-4 py-2 text-sm font-semibold hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800"
        >
          {isOwner ? t('item.seller.ownProfile') : t('item.seller.viewProfile')}
        </Link>
        {follow}
      </div>
    </section>
  );
}
