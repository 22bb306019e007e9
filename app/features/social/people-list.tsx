import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Paged } from '../../../contract/paging.ts';
import type { User } from '../../../contract/users.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { BadgeCheck, Users } from '../../components/ui/icons.tsx';
import { PagedList, type PageSource } from '../../components/ui/paged-list.tsx';
import { ProfilePhoto } from '../../components/ui/profile-photo.tsx';
import { useViewer } from '../../lib/viewer.ts';

/** Where a person's name leads: their public profile, or one's own. */
const profileHref = (userId: string, viewerId: string | null) =>
  userId === viewerId ? '/profile' : `/other-profile/${encodeURIComponent(userId)}`;

/** What a person's card shows: a full profile or a found person's public card. */
type CardPerson = Pick<User, 'user_id' | 'user_name' | 'user_profile_photo' | 'is_verify_blue_mark' | 'follower_count'>;

/**
 * One person in a list: photo, name (their profile's link), blue mark and followers, what else the list tells
 * about them (`details`), and what one can do.
 */
export function PersonCard({
  user,
  action,
  details,
  linked = true,
}: {
  user: CardPerson;
  action?: ReactNode;
  details?: ReactNode;
  linked?: boolean;
}) {
  const { t } = useTranslation();
  const viewer = useViewer();
  return (
    <article
      className="flex items-center gap-3 rounded-2xl border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900"
      data-testid="person-card"
      data-user-id={user.user_id}
    >
      <ProfilePhoto user={user} size="list" />
      <div className="min-w-0 flex-1">
        <h2 className="flex items-center gap-1.5 font-semibold">
          {linked ? (
            <Link to={profileHref(user.user_id, viewer?.userId ?? null)} className="truncate hover:underline">
              <bdi>{user.user_name}</bdi>
            </Link>
          ) : (
            <bdi className="truncate">{user.user_name}</bdi>
          )}
          {user.is_verify_blue_mark && (
            <span className="text-sky-600 dark:text-sky-400" title={t('social.blueMark')}>
              <BadgeCheck className="size-4" aria-hidden />
              <span className="sr-only">{t('social.blueMark')}</span>
            </span>
          )}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {t('social.followerCount', { count: user.follower_count })}
        </p>
        {details}
      </div>
      {action}
    </article>
  );
}

/** An empty list of people, with a sentence saying what would be here. */
const NoPeople = ({ text }: { text: string }) => <EmptyState icon={Users} text={text} />;

/** A page of people (followers, following, blocked): heading, intro and the cards, paged by "Load more". */
export function PeoplePage({
  title,
  intro,
  firstPage,
  source,
  empty,
  action,
  hidden,
  linked = true,
}: {
  title: string;
  intro?: ReactNode;
  firstPage: Paged<User>;
  source: PageSource;
  empty: string;
  action?: (user: User) => ReactNode;
  /** People taken off the list since it was loaded (unblocked). */
  hidden?: ReadonlySet<string>;
  /** Whether names link to profiles (not for blocked people: their profiles are hidden). */
  linked?: boolean;
}) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-6" aria-labelledby="people-title">
      <h1 id="people-title" className="text-2xl font-bold sm:text-3xl">
        {title}
      </h1>
      {intro && <div className="mt-1 text-slate-600 dark:text-slate-400">{intro}</div>}
      <PagedList firstPage={firstPage} source={source} empty={<NoPeople text={empty} />}>
        {(people) => {
          const shown = people.filter((user) => !hidden?.has(user.user_id));
          if (shown.length === 0) return <NoPeople text={empty} />;
          return (
            <ul className="mt-6 grid gap-3" data-testid="people-list">
              {shown.map((user) => (
                <li key={user.user_id}>
                  <PersonCard user={user} action={action?.(user)} linked={linked} />
                </li>
              ))}
            </ul>
          );
        }}
      </PagedList>
    </section>
  );
}
