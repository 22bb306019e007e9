import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDialog } from '../../components/ui/dialogs.tsx';
import { Ban, UserX } from '../../components/ui/icons.tsx';
import { ApiError, apiPost } from '../../lib/api-client.ts';

const blockPath = (userId: string) => `/api/v1/users/${encodeURIComponent(userId)}/block`;

/** Asks the yes/no question of SPEC.md 2, then sends the block or unblock; true when it went through. */
function useBlockToggle() {
  const { t } = useTranslation();
  const dialog = useDialog();
  return async (userId: string, userName: string, block: boolean) => {
    const confirmed = await dialog.confirm({
      title: t(block ? 'social.blockTitle' : 'social.unblockTitle', { name: userName }),
      message: t(block ? 'social.blockConfirm' : 'social.unblockConfirm', { name: userName }),
      confirmLabel: t(block ? 'social.block' : 'social.unblock'),
      cancelLabel: t('dialog.cancel'),
    });
    if (!confirmed) return false;
    try {
      await apiPost(blockPath(userId), { block });
      return true;
    } catch (error) {
      await dialog.error(error instanceof ApiError ? error.text : t('errors.generic'));
      return false;
    }
  };
}

/** Block someone from their profile; their profile is then hidden, so the blocked list is shown. */
export function BlockButton({ userId, userName }: { userId: string; userName: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toggle = useBlockToggle();
  const [busy, setBusy] = useState(false);
  const block = async () => {
    setBusy(true);
    if (await toggle(userId, userName, true)) navigate('/blocked-users');
    else setBusy(false);
  };
  return (
    <button
      type="button"
      onClick={block}
      disabled={busy}
      className="inline-flex items-center justify-center gap-2 rounded-full border border-red-300 bg-white px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:opacity-60 dark:border-red-800 dark:bg-slate-900 dark:text-red-300 dark:hover:bg-red-950"
      data-testid="block-button"
    >
      <Ban className="size-4" aria-hidden />
      {t('social.block')}
    </button>
  );
}

/** Unblock someone from /blocked-users; `onUnblocked` takes them off the list. */
export function UnblockButton({
  userId,
  userName,
  onUnblocked,
}: {
  userId: string;
  userName: string;
  onUnblocked: () => void;
}) {
  const { t } = useTranslation();
  const toggle = useBlockToggle();
  const [busy, setBusy] = useState(false);
  const unblock = async () => {
    setBusy(true);
    if (await toggle(userId, userName, false)) onUnblocked();
    setBusy(false);
  };
  return (
    <button
      type="button"
      onClick={unblock}
      disabled={busy}
      className="inline-flex items-center justify-center gap-2 rounded-full border border-slate-300 bg-white px-4 py-2 text-sm font-semibold hover:bg-slate-50 disabled:opacity-60 dark:border-slate-600 dark:bg-slate-900 dark:hover:bg-slate-800"
      data-testid="unblock-button"
    >
      <UserX className="size-4" aria-hidden />
      {t('social.unblock')}
      <span className="sr-only"> {userName}</span>
    </button>
  );
}
