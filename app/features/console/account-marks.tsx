import { useTranslation } from 'react-i18next';
import type { ConsoleAccount } from '../../../contract/console.ts';
import { USER_STATUS } from '../../../contract/user-basics.ts';

type MarkKey =
  | 'banned'
  | 'pending'
  | 'active'
  | 'unpublished'
  | 'rejected'
  | 'deactivated'
  | 'admin'
  | 'blueMark'
  | 'dealer';
type Tone = 'bad' | 'good' | 'plain';

const STATUS_NAMES: Record<number, MarkKey> = {
  [USER_STATUS.pending]: 'pending',
  [USER_STATUS.active]: 'active',
  [USER_STATUS.unpublished]: 'unpublished',
  [USER_STATUS.rejected]: 'rejected',
  [USER_STATUS.deactivated]: 'deactivated',
};

/** An account's standing in words: banned, its status, admin, and the badges it holds. */
export function AccountMarks({ account }: { account: ConsoleAccount }) {
  const { t } = useTranslation();
  const marks = [
    account.is_banned ? mark('banned', 'bad') : null,
    mark(STATUS_NAMES[account.status] ?? 'active', account.status === USER_STATUS.active ? 'plain' : 'bad'),
    account.is_admin ? mark('admin', 'plain') : null,
    account.is_verify_blue_mark ? mark('blueMark', 'good') : null,
    account.is_verified_dealer ? mark('dealer', 'good') : null,
  ].filter((each) => each !== null);
  return (
    <ul className="flex flex-wrap gap-1" aria-label={t('console.users.marksLabel')}>
      {marks.map((mark) => (
        <li key={mark.key} className={`rounded-full px-2 py-0.5 text-xs font-semibold ${TONES[mark.tone]}`}>
          {t(`console.users.marks.${mark.key}`)}
        </li>
      ))}
    </ul>
  );
}

const mark = (key: MarkKey, tone: Tone) => ({ key, tone });

const TONES: Record<Tone, string> = {
  bad: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
  good: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
  plain: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
};
