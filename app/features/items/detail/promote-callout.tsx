import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ITEM_STATUS } from '../../../../contract/item-basics.ts';
import type { ItemDetail } from '../../../../contract/items.ts';
import { Megaphone } from '../../../components/ui/icons.tsx';

/** How long after posting a listing its page still counts as the post's success screen. */
const JUST_POSTED_MS = 60 * 60_000;

/**
 * After a post goes live (the item entry hands over the notice 'itemEntry.posted'), its page offers to promote
 * it: the owner's next step, while the listing is fresh, active, unsold and not promoted yet.
 */
export function PromoteCallout({ item, notice, now }: { item: ItemDetail; notice: string | null; now: number }) {
  const { t } = useTranslation();
  const justPosted = notice === 'itemEntry.posted' && now - Date.parse(item.added_date) < JUST_POSTED_MS;
  if (!justPosted || !item.is_owner || item.status !== ITEM_STATUS.active || item.is_sold_out || item.is_paid) {
    return null;
  }
  return (
    <aside
      aria-labelledby="promote-callout-title"
      className="mb-4 flex flex-col gap-3 rounded-2xl border border-accent-400 bg-amber-50 p-4 sm:flex-row sm:items-center dark:border-amber-700 dark:bg-amber-950"
      data-testid="promote-callout"
    >
      <Megaphone className="size-8 shrink-0 text-amber-700 dark:text-amber-300" aria-hidden />
      <div className="min-w-0 flex-1">
        <h2 id="promote-callout-title" className="font-bold">
          {t('item.owner.promoteTitle')}
        </h2>
        <p className="text-sm text-slate-700 dark:text-slate-300">{t('item.owner.promoteText')}</p>
      </div>
      <Link
        to={`/paid-items?${new URLSearchParams({ item_id: item.id })}`}
        className="inline-flex shrink-0 items-center justify-center gap-2 rounded-full bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
      >
        {t('item.owner.promote')}
      </Link>
    </aside>
  );
}
