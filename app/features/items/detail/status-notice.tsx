import { useTranslation } from 'react-i18next';
import { ITEM_STATUS } from '../../../../contract/item-basics.ts';
import type { ItemDetail } from '../../../../contract/items.ts';
import { Info, ShieldAlert } from '../../../components/ui/icons.tsx';

/**
 * Why the item is not (or no longer) on offer: waiting for approval, rejected or disabled with the admin's
 * reason, expired (only its owner and admins can see such an item), or sold.
 */
export function StatusNotice({ item }: { item: ItemDetail }) {
  const { t } = useTranslation();
  const byOwner = item.is_owner;
  let message: string | null = null;
  if (item.status === ITEM_STATUS.pending) message = t(byOwner ? 'item.notice.pendingOwner' : 'item.notice.pending');
  else if (item.status === ITEM_STATUS.rejected) message = t('item.notice.rejected');
  else if (item.status === ITEM_STATUS.disabled) message = t('item.notice.disabled');
  else if (item.status === ITEM_STATUS.expired) message = t('item.notice.expired');
  else if (item.is_sold_out) message = t('item.notice.soldOut');
  if (!message) return null;
  const refused = item.status === ITEM_STATUS.rejected || item.status === ITEM_STATUS.disabled;
  const Icon = refused ? ShieldAlert : Info;
  const tone = refused
    ? 'bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100'
    : 'bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100';
  return (
    <div role="status" data-testid="item-notice" className={`mb-4 flex items-start gap-3 rounded-2xl p-4 ${tone}`}>
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden />
      <div>
        <p className="font-semibold">{message}</p>
        {refused && item.reject_reason && (
          <p className="mt-1 text-sm" data-testid="reject-reason">
            <span className="font-semibold">{t('item.notice.reason')}</span>{' '}
            <span dir="auto">{item.reject_reason}</span>
          </p>
        )}
      </div>
    </div>
  );
}
