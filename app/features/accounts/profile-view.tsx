import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { USER_STATUS } from '../../../contract/user-basics.ts';
import type { User } from '../../../contract/users.ts';
import {
  BadgeCheck,
  CalendarDays,
  Crown,
  Mail,
  MapPin,
  MessageCircle,
  Phone,
  ShieldAlert,
  Store,
} from '../../components/ui/icons.tsx';
import { MemberBadge } from '../../components/ui/member-badge.tsx';
import { ProfilePhoto, photoUrl } from '../../components/ui/profile-photo.tsx';
import { SentenceWithValue } from '../../components/ui/sentence-with-value.tsx';
import { useFormatDateTime } from '../../lib/time-zone.tsx';
import { RatingBreakdown } from './rating-breakdown.tsx';

/** A member's profile: cover, photo, badges, counts, rating breakdown, about and contact details. */
export function ProfileView({
  user,
  cityName,
  actions,
  followerCount,
}: {
  user: User;
  cityName: string | null;
  actions?: ReactNode;
  /** The follower count after the viewer followed or unfollowed on this page. */
  followerCount?: number;
}) {
  const { t } = useTranslation();
  const listHref = (list: 'followers' | 'following') =>
    user.is_owner ? `/${list}` : `/${list}?${new URLSearchParams({ user_id: user.user_id })}`;
  const formatDateTime = useFormatDateTime();
  return (
    <article className="mx-auto max-w-4xl px-4 py-6" aria-labelledby="profile-name">
      {user.is_owner && <AccountStateNotice user={user} />}
      <div className="overflow-hidden rounded-3xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <Cover file={user.user_cover_photo} />
        <div className="px-5 pb-6">
          <div className="-mt-12">
            <ProfilePhoto user={user} />
          </div>
          <div className="mt-3 flex flex-wrap items-start justify-between gap-4">
            <div className="min-w-0">
              <h1 id="profile-name" className="flex flex-wrap items-center gap-2 text-2xl font-bold">
                <span className="break-words">{user.user_name}</span>
                {user.is_verify_blue_mark && (
                  <Badge
                    icon={<BadgeCheck className="size-4" aria-hidden />}
                    tone="blue"
                    label={t('profile.verified')}
                  />
                )}
                {user.is_verified_dealer && (
                  <Badge
                    icon={<Store className="size-4" aria-hidden />}
                    tone="amber"
                    label={t('profile.verifiedDealer')}
                  />
                )}
                {user.is_member && <MemberBadge label={t('profile.member')} />}
              </h1>
              <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-600 dark:text-slate-400">
                <CalendarDays className="size-4" aria-hidden />
                <SentenceWithValue
                  sentence={(date) => t('profile.joined', { date })}
                  value={formatDateTime(user.added_date)}
                />
              </p>
              {user.is_owner && <OwnMembership user={user} />}
            </div>
            {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
          </div>
          <dl className="mt-6 grid grid-cols-3 gap-3 text-center">
            <Count
              label={t('profile.followers')}
              value={followerCount ?? user.follower_count}
              href={listHref('followers')}
            />
            <Count label={t('profile.following')} value={user.following_count} href={listHref('following')} />
            <Count
              label={t('profile.rating')}
              value={
                user.rating_details.total_rating_count > 0 ? user.rating_details.total_rating_value.toFixed(1) : '–'
              }
            />
          </dl>
        </div>
      </div>
      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <Section title={t('profile.about')}>
          <p className="whitespace-pre-line text-slate-700 dark:text-slate-300">
            {user.user_about_me || t('profile.noAbout')}
          </p>
        </Section>
        <Section title={t('profile.contactDetails')}>
          <ContactDetails user={user} cityName={cityName} />
        </Section>
        <Section title={t('profile.rating')} className="md:col-span-2">
          <RatingBreakdown summary={user.rating_details} />
          {user.rating_details.total_rating_count > 0 && (
            <Link
              to={`/review-list?${new URLSearchParams({ user_id: user.user_id })}`}
              className="mt-4 inline-block font-semibold text-brand-700 hover:underline dark:text-brand-300"
            >
              {t('profile.seeReviews')}
            </Link>
          )}
        </Section>
      </div>
    </article>
  );
}

/** The owner's membership: until when it lasts, and the way to buy or extend it. */
function OwnMembership({ user }: { user: User }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const until = user.is_member ? user.member_until : null;
  return (
    <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm" data-testid="own-membership">
      {until && (
        <span className="flex items-center gap-1.5 text-slate-700 dark:text-slate-300" data-testid="member-until">
          <Crown className="size-4" aria-hidden />
          <SentenceWithValue sentence={(date) => t('profile.memberUntil', { date })} value={formatDateTime(until)} />
        </span>
      )}
      <Link
        to="/membership"
        className="inline-flex min-h-11 items-center gap-1.5 font-semibold text-brand-700 hover:underline sm:min-h-0 dark:text-brand-300"
      >
        {!until && <Crown className="size-4" aria-hidden />}
        {until ? t('profile.extendMembership') : t('profile.becomeMember')}
      </Link>
    </p>
  );
}

function AccountStateNotice({ user }: { user: User }) {
  const { t } = useTranslation();
  const key =
    user.status === USER_STATUS.rejected
      ? 'profile.accountRejected'
      : user.status === USER_STATUS.unpublished
        ? 'profile.accountUnpublished'
        : null;
  if (!key) return null;
  return (
    <p
      role="status"
      className="mb-4 flex items-start gap-3 rounded-2xl bg-amber-50 p-4 text-amber-900 dark:bg-amber-950 dark:text-amber-100"
    >
      <ShieldAlert className="size-5 shrink-0" aria-hidden />
      {t(key)}
    </p>
  );
}

function Cover({ file }: { file: string | null }) {
  const url = photoUrl(file);
  return url ? (
    <img src={url} alt="" className="h-36 w-full object-cover sm:h-48" />
  ) : (
    <div className="h-36 w-full bg-gradient-to-br from-brand-600 to-brand-900 sm:h-48" />
  );
}

function Badge({ icon, label, tone }: { icon: ReactNode; label: string; tone: 'blue' | 'amber' }) {
  const colors =
    tone === 'blue'
      ? 'bg-sky-100 text-sky-800 dark:bg-sky-900 dark:text-sky-100'
      : 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100';
  return (
    <span className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ${colors}`}>
      {icon}
      {label}
    </span>
  );
}

/** A figure of the profile; the follower counts open their lists (the link covers the whole box). */
function Count({ label, value, href }: { label: string; value: number | string; href?: string }) {
  return (
    <div
      className={`relative flex flex-col-reverse rounded-2xl bg-slate-50 p-3 dark:bg-slate-800 ${href ? 'focus-within:ring-2 focus-within:ring-brand-500 hover:bg-brand-50 dark:hover:bg-slate-700' : ''}`}
    >
      <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="text-xl font-bold">
        {href ? (
          <Link to={href} className="outline-none after:absolute after:inset-0 after:content-['']">
            {value}
            <span className="sr-only"> {label}</span>
          </Link>
        ) : (
          value
        )}
      </dd>
    </div>
  );
}

function Section({ title, children, className = '' }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section
      className={`rounded-3xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900 ${className}`}
    >
      <h2 className="text-lg font-bold">{title}</h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function ContactDetails({ user, cityName }: { user: User; cityName: string | null }) {
  const { t } = useTranslation();
  const rows: Array<{ icon: ReactNode; label: string; value: string | null; href?: string; ltr?: boolean }> = [
    {
      icon: <Mail className="size-4" />,
      label: t('fields.user_email'),
      value: user.user_email,
      href: `mailto:${user.user_email}`,
      ltr: true,
    },
    {
      icon: <Phone className="size-4" />,
      label: t('fields.user_phone'),
      value: user.user_phone,
      href: `tel:${user.user_phone}`,
      ltr: true,
    },
    { icon: <MessageCircle className="size-4" />, label: t('fields.whatsapp'), value: user.whatsapp, ltr: true },
    { icon: <MessageCircle className="size-4" />, label: t('fields.messenger'), value: user.messenger, ltr: true },
    {
      icon: <MapPin className="size-4" />,
      label: t('fields.user_address'),
      value: [user.user_address, cityName].filter(Boolean).join(' · ') || null,
    },
  ];
  const shown = rows.filter((row) => row.value);
  if (shown.length === 0) return <p className="text-slate-600 dark:text-slate-400">{t('profile.privateContact')}</p>;
  return (
    <dl className="space-y-3">
      {shown.map((row) => (
        <div key={row.label}>
          <dt className="flex items-center gap-2 text-xs text-slate-500 dark:text-slate-400">
            <span aria-hidden>{row.icon}</span>
            {row.label}
          </dt>
          <dd className="break-words ps-6">
            {row.href ? (
              <a
                href={row.href}
                dir={row.ltr ? 'ltr' : undefined}
                className="text-brand-700 underline dark:text-brand-300"
              >
                {row.value}
              </a>
            ) : (
              <span dir={row.ltr ? 'ltr' : undefined}>{row.value}</span>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
