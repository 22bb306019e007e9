import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { FollowState } from '../../../contract/social.ts';
import { useDialog } from '../../components/ui/dialogs.tsx';
import { UserCheck, UserPlus } from '../../components/ui/icons.tsx';
import { ApiError, apiPost } from '../../lib/api-client.ts';
import { redirectQueryFor } from '../../lib/redirect.ts';
import { useViewer } from '../../lib/viewer.ts';

const followClass = {
  off: 'inline-flex items-center justify-center gap-2 rounded-full bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700',
  on: 'inline-flex items-center justify-center gap-2 rounded-full border border-slate-300 bg-white px-4 py-2 text-sm font-semibold hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:hover:bg-slate-800',
};

/**
 * Follow or unfollow someone (SPEC.md 4 toggles): it turns at once and goes back, with the server's message,
 * if the server refuses; `onChange` hears the follower count the server answered. A visitor goes to login and
 * back. Nobody follows themselves: their own button is not drawn.
 */
export function FollowButton({
  userId,
  userName,
  followed,
  onChange,
}: {
  userId: string;
  userName: string;
  followed: boolean;
  onChange?: (state: FollowState) => void;
}) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const location = useLocation();
  const dialog = useDialog();
  const [isFollowed, setFollowed] = useState(followed);
  useEffect(() => setFollowed(followed), [followed]);
  if (viewer?.userId === userId) return null;
  const Icon = isFollowed ? UserCheck : UserPlus;
  const content = (
    <>
      <Icon className="size-4" aria-hidden />
      {t(isFollowed ? 'social.following' : 'social.follow')}
      {/* Whom: read after the visible word, so the spoken name starts with what is shown (WCAG 2.5.3). */}
      <span className="sr-only"> {userName}</span>
    </>
  );
  if (!viewer) {
    return (
      <Link to={`/login${redirectQueryFor(location.pathname, location.search)}`} className={followClass.off}>
        {content}
      </Link>
    );
  }
  const toggle = async () => {
    const wanted = !isFollowed;
    setFollowed(wanted);
    try {
      const state = await apiPost<FollowState>(`/api/v1/users/${encodeURIComponent(userId)}/follow`, {
        follow: wanted,
      });
      setFollowed(state.is_followed);
      onChange?.(state);
    } catch (error) {
      setFollowed(!wanted);
      await dialog.error(error instanceof ApiError ? error.text : t('errors.generic'));
    }
  };
  return (
    <button
      type="button"
      onClick={toggle}
      aria-pressed={isFollowed}
      className={isFollowed ? followClass.on : followClass.off}
      data-testid="follow-button"
    >
      {content}
    </button>
  );
}
