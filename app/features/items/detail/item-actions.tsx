import { type ComponentType, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useRevalidator } from 'react-router';
import { ITEM_STATUS } from '../../../../contract/item-basics.ts';
import type { ItemDetail } from '../../../../contract/items.ts';
import { useDialog } from '../../../components/ui/dialogs.tsx';
import { Check, Flag, Megaphone, MessageCircle, Pencil, RotateCcw, Trash2 } from '../../../components/ui/icons.tsx';
import { ApiError, apiDelete, apiPost } from '../../../lib/api-client.ts';
import { redirectQueryFor } from '../../../lib/redirect.ts';
import { FavouriteButton } from '../favourite-button.tsx';
import { ShareItem } from './share-item.tsx';

const primary =
  'inline-flex w-full items-center justify-center gap-2 rounded-full bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700 disabled:opacity-60';
const secondary =
  'inline-flex w-full items-center justify-center gap-2 rounded-full border border-slate-300 bg-white px-4 py-2.5 font-semibold hover:bg-slate-50 disabled:opacity-60 dark:border-slate-600 dark:bg-slate-900 dark:hover:bg-slate-800';
const danger =
  'inline-flex w-full items-center justify-center gap-2 rounded-full border border-red-300 bg-white px-4 py-2.5 font-semibold text-red-700 hover:bg-red-50 disabled:opacity-60 dark:border-red-800 dark:bg-slate-900 dark:text-red-300 dark:hover:bg-red-950';

/** What the item page brings from other features for a signed-in buyer (a route composes features). */
export interface BuyerActionSlots {
  /** The way into the chat with the seller, drawn with the class of the page's main action. */
  chatLink: ComponentType<{ item: ItemDetail; buyerId: string; className: string }>;
  /** Reporting the item, shown until the buyer has reported it. */
  report: ReactNode;
  /** The seller's phone and WhatsApp, revealed on a press, when the seller shares them. */
  contact?: ComponentType<{ item: ItemDetail; className: string }>;
}

/**
 * What the viewer can do with the item: the owner edits, deletes, marks sold or available and promotes; a
 * signed-in buyer chats with the seller; a visitor's chat, favourite and report lead to login and back here
 * (the redirect rule of SPEC.md 2). Everyone can share.
 */
export function ItemActions({
  item,
  viewerId,
  shareUrl,
  chatLink: ChatLink,
  report,
  contact: Contact,
}: BuyerActionSlots & {
  item: ItemDetail;
  viewerId: string | null;
  shareUrl: string;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const share = <ShareItem url={shareUrl} title={item.title} className={secondary} />;
  if (item.is_owner) return <OwnerActions item={item} share={share} />;
  if (viewerId) {
    return (
      <div className="grid gap-2" data-testid="buyer-actions">
        <ChatLink item={item} buyerId={viewerId} className={primary} />
        {Contact && <Contact item={item} className={secondary} />}
        <div className="grid grid-cols-2 gap-2">
          <FavouriteButton item={item} variant="page" />
          {share}
        </div>
        {item.is_reported ? (
          <p className="text-center text-sm text-slate-600 dark:text-slate-400" data-testid="reported-notice">
            {t('item.report.alreadyReported')}
          </p>
        ) : (
          report
        )}
      </div>
    );
  }
  const login = `/login${redirectQueryFor(location.pathname, location.search)}`;
  return (
    <div className="grid gap-2" data-testid="visitor-actions">
      <Link to={login} className={primary}>
        <MessageCircle className="size-5" aria-hidden />
        {t('item.actions.chat')}
      </Link>
      {Contact && <Contact item={item} className={secondary} />}
      <div className="grid grid-cols-2 gap-2">
        <FavouriteButton item={item} variant="page" />
        {share}
      </div>
      <Link
        to={login}
        className="inline-flex items-center justify-center gap-1.5 py-1 text-sm font-semibold text-slate-600 hover:underline dark:text-slate-300"
      >
        <Flag className="size-4" aria-hidden />
        {t('item.actions.report')}
      </Link>
      <p className="text-center text-xs text-slate-600 dark:text-slate-400">{t('item.actions.loginHint')}</p>
    </div>
  );
}

function OwnerActions({ item, share }: { item: ItemDetail; share: React.ReactNode }) {
  const { t } = useTranslation();
  const dialog = useDialog();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const isActive = item.status === ITEM_STATUS.active;
  // An item sold while it waits for approval is marked sold too; rejected and disabled ones are not on offer.
  const mayMarkSold = isActive || item.status === ITEM_STATUS.pending;

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      await dialog.error(error instanceof ApiError ? error.text : t('errors.generic'));
    } finally {
      setBusy(false);
    }
  };
  const setSold = (soldOut: boolean) =>
    run(async () => {
      await apiPost(`/api/v1/items/${encodeURIComponent(item.id)}/sold`, { is_sold_out: soldOut });
      await revalidator.revalidate();
    });
  const remove = async () => {
    const confirmed = await dialog.confirm({
      title: t('item.owner.deleteTitle'),
      message: t('item.owner.deleteConfirm'),
      confirmLabel: t('item.owner.delete'),
      cancelLabel: t('dialog.cancel'),
    });
    if (!confirmed) return;
    await run(async () => {
      await apiDelete(`/api/v1/items/${encodeURIComponent(item.id)}`);
      navigate('/active-items', { replace: true });
    });
  };

  return (
    <div className="grid gap-2" data-testid="owner-actions">
      <Link to={`/item-entry?${new URLSearchParams({ item_id: item.id })}`} className={primary}>
        <Pencil className="size-5" aria-hidden />
        {t('item.owner.edit')}
      </Link>
      <div className="grid grid-cols-2 gap-2">
        {item.is_sold_out ? (
          <button type="button" className={secondary} disabled={busy} onClick={() => setSold(false)}>
            <RotateCcw className="size-5" aria-hidden />
            {t('item.owner.markAvailable')}
          </button>
        ) : (
          mayMarkSold && (
            <button type="button" className={secondary} disabled={busy} onClick={() => setSold(true)}>
              <Check className="size-5" aria-hidden />
              {t('item.owner.markSold')}
            </button>
          )
        )}
        {share}
      </div>
      {isActive && !item.is_sold_out && (
        <Link to={`/paid-items?${new URLSearchParams({ item_id: item.id })}`} className={secondary}>
          <Megaphone className="size-5" aria-hidden />
          {t('item.owner.promote')}
        </Link>
      )}
      <button type="button" className={danger} disabled={busy} onClick={remove}>
        <Trash2 className="size-5" aria-hidden />
        {t('item.owner.delete')}
      </button>
    </div>
  );
}
