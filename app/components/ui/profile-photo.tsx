import type { User } from '../../../contract/users.ts';

/** The address of a stored profile or cover photo. */
export const photoUrl = (file: string | null) => (file ? `/uploads/${file}` : null);

/** A person's round photo, or the first letter of their name on a tinted disc. */
export function ProfilePhoto({
  user,
  size = 'large',
}: {
  user: Pick<User, 'user_name' | 'user_profile_photo'>;
  size?: 'large' | 'small' | 'list';
}) {
  const url = photoUrl(user.user_profile_photo);
  const box =
    size === 'large'
      ? 'size-24 text-3xl ring-4 ring-white dark:ring-slate-900'
      : size === 'small'
        ? 'size-16 text-xl'
        : 'size-12 text-lg';
  return url ? (
    <img src={url} alt="" className={`${box} shrink-0 rounded-full object-cover`} />
  ) : (
    <span
      aria-hidden
      className={`${box} flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800 dark:bg-brand-900 dark:text-brand-100`}
    >
      {user.user_name.trim().charAt(0).toUpperCase()}
    </span>
  );
}
