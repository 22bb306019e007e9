import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ChatRecord } from '../../../contract/chat.ts';
import { itemPath } from '../../../contract/item-basics.ts';
import { OFFER_STATUS } from '../../../contract/offer-basics.ts';
import { useConfirmedAction } from '../../components/ui/confirmed-action.ts';
import { ArrowLeft, Check } from '../../components/ui/icons.tsx';
import { photoUrl } from '../../components/ui/profile-photo.tsx';
import { OfferPrice } from './offer-price.tsx';
import type { ConversationApi } from './use-conversation.ts';

/**
 * The top of the chat: back to the list, the other side (online or not, typing), and the item summary (photo,
 * title, price, status). The seller marks the item sold to this buyer here.
 */
export function ChatHeader({ conversation }: { conversation: ConversationApi }) {
  const { t } = useTranslation();
  const { chat } = conversation;
  const other = chat.is_owner ? chat.buyer : chat.seller;
  const presence = conversation.otherIsTyping
    ? t('chat.typing')
    : conversation.online === null
      ? ''
      : conversation.online
        ? t('chat.online')
        : t('chat.offline');
  return (
    <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto flex max-w-3xl items-center gap-3 px-3 py-2">
        <Link
          to={`/chat-list?tab=${chat.is_owner ? 'from-buyers' : 'from-sellers'}`}
          className="rounded-full p-2 hover:bg-slate-100 dark:hover:bg-slate-800"
          aria-label={t('chat.backToList')}
        >
          <ArrowLeft className="size-5 rtl:-scale-x-100" aria-hidden />
        </Link>
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-lg font-bold" dir="auto">
            {other?.user_name ?? t('chat.unknownPerson')}
          </h1>
          <p className="h-5 text-sm text-slate-600 dark:text-slate-400" aria-live="polite" data-testid="presence">
            {conversation.online && !conversation.otherIsTyping && (
              <span className="me-1 inline-block size-2 rounded-full bg-emerald-500" aria-hidden />
            )}
            {presence}
          </p>
        </div>
      </div>
      <ItemSummary chat={chat} conversation={conversation} />
    </header>
  );
}

function ItemSummary({ chat, conversation }: { chat: ChatRecord; conversation: ConversationApi }) {
  const { t } = useTranslation();
  const item = chat.item;
  const photo = photoUrl(chat.default_photo?.img_path ?? null);
  const sold = item?.is_sold_out || chat.is_accept === OFFER_STATUS.sold || chat.is_accept === OFFER_STATUS.bought;
  return (
    <div className="mx-auto flex max-w-3xl items-center gap-3 px-3 pb-2" data-testid="chat-item">
      {photo ? (
        <img src={photo} alt="" className="size-14 shrink-0 rounded-xl object-cover" />
      ) : (
        <span className="size-14 shrink-0 rounded-xl bg-slate-200 dark:bg-slate-800" />
      )}
      <div className="min-w-0 flex-1">
        {item ? (
          <Link to={itemPath(item)} className="block truncate font-semibold hover:underline" dir="auto">
            {item.title}
          </Link>
        ) : (
          <p className="font-semibold">{t('chat.itemGone')}</p>
        )}
        <p className="flex flex-wrap items-center gap-2 text-sm">
          {item && (
            <OfferPrice amount={item.price} chat={chat} className="font-bold text-brand-700 dark:text-brand-300" />
          )}
          <span
            className={`rounded-full px-2 py-0.5 text-xs font-semibold ${sold ? 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100' : 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100'}`}
            data-testid="chat-item-status"
          >
            {chat.is_accept === OFFER_STATUS.bought
              ? chat.is_owner
                ? t('chat.statusSoldToBuyer')
                : t('chat.statusBought')
              : sold
                ? t('chat.statusSold')
                : t('chat.statusAvailable')}
          </span>
        </p>
      </div>
      {chat.is_owner && !sold && <MarkSold conversation={conversation} />}
    </div>
  );
}

function MarkSold({ conversation }: { conversation: ConversationApi }) {
  const { t } = useTranslation();
  const { busy, run } = useConfirmedAction();
  const name = conversation.chat.buyer?.user_name ?? '';
  const question = {
    title: t('chat.markSoldTitle'),
    message: t('chat.markSoldQuestion', { name }),
    confirmLabel: t('dialog.yes'),
    cancelLabel: t('dialog.no'),
  };
  const markSold = () => run(question, () => conversation.markSold());
  return (
    <button
      type="button"
      onClick={markSold}
      disabled={busy}
      className="inline-flex shrink-0 items-center gap-1 rounded-full border border-slate-300 px-3 py-2 text-sm font-semibold hover:bg-slate-50 disabled:opacity-60 dark:border-slate-600 dark:hover:bg-slate-800"
      data-testid="mark-sold"
    >
      <Check className="size-4" aria-hidden />
      {t('chat.markSold')}
    </button>
  );
}
