import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRevalidator } from 'react-router';
import type { ChatRecord } from '../../../contract/chat.ts';
import { CHAT_MESSAGE_TYPE, type ChatListTab } from '../../../contract/chat-basics.ts';
import type { LanguageCode } from '../../../contract/language.ts';
import type { Paged } from '../../../contract/paging.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { MessageCircle, Tag } from '../../components/ui/icons.tsx';
import { PagedList } from '../../components/ui/paged-list.tsx';
import { photoUrl } from '../../components/ui/profile-photo.tsx';
import { useRealtimeFrames } from '../../lib/realtime.ts';
import { useFormatDateTime } from '../../lib/time-zone.tsx';
import { chatHrefOf } from './chat-href.ts';
import { ListHeading, ListTabs } from './list-tabs.tsx';
import { offerPriceText } from './offer-price.tsx';

/** /chat-list: conversations from buyers (I sell) or from sellers (I buy), the latest first, kept live. */
export function ChatList({ tab, firstPage }: { tab: ChatListTab; firstPage: Paged<ChatRecord> }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useRealtimeFrames(true, (frame) => {
    if (frame.t !== 'message' && frame.t !== 'chat') return;
    clearTimeout(pending.current);
    pending.current = setTimeout(() => void revalidator.revalidate(), 300);
  });
  useEffect(() => () => clearTimeout(pending.current), []);
  return (
    <section className="mx-auto max-w-3xl px-4 py-6" aria-labelledby="chat-list-title">
      <ListHeading
        id="chat-list-title"
        title={t('chat.listTitle')}
        sibling={{ to: '/offer-list', label: t('offers.title'), icon: Tag }}
      />
      <ListTabs
        label={t('chat.listTabs')}
        path="/chat-list"
        current={tab}
        tabs={[
          { id: 'from-buyers', label: t('chat.fromBuyers') },
          { id: 'from-sellers', label: t('chat.fromSellers') },
        ]}
      />
      <div className="mt-4">
        <PagedList
          key={`${tab}:${firstPage.items.map((chat) => `${chat.id}${chat.last_message_date}${chat.unread_count}`).join()}`}
          firstPage={firstPage}
          source={{ path: '/api/v1/chats', query: { tab } }}
          empty={
            <EmptyState
              icon={MessageCircle}
              text={tab === 'from-buyers' ? t('chat.noneFromBuyers') : t('chat.noneFromSellers')}
            />
          }
        >
          {(chats) => (
            <ul className="grid grid-cols-1 gap-2" data-testid="chat-list">
              {chats.map((chat) => (
                <ChatRow key={chat.id} chat={chat} />
              ))}
            </ul>
          )}
        </PagedList>
      </div>
    </section>
  );
}

function ChatRow({ chat }: { chat: ChatRecord }) {
  const { t } = useTranslation();
  const formatDate = useFormatDateTime();
  const other = chat.is_owner ? chat.buyer : chat.seller;
  const photo = photoUrl(chat.default_photo?.img_path ?? null);
  return (
    <li
      className="relative flex items-center gap-3 rounded-2xl border border-slate-200 bg-white p-3 hover:border-brand-400 dark:border-slate-800 dark:bg-slate-900"
      data-testid="chat-row"
    >
      {photo ? (
        <img src={photo} alt="" className="size-14 shrink-0 rounded-xl object-cover" />
      ) : (
        <span className="size-14 shrink-0 rounded-xl bg-slate-200 dark:bg-slate-800" />
      )}
      <div className="min-w-0 flex-1">
        <h2 className="flex items-baseline justify-between gap-2">
          <Link
            to={chatHrefOf(chat)}
            className="truncate font-semibold after:absolute after:inset-0 after:content-['']"
            dir="auto"
          >
            {other?.user_name ?? t('chat.unknownPerson')}
          </Link>
          {chat.last_message_date && (
            <bdi dir="ltr" className="shrink-0 text-xs text-slate-600 dark:text-slate-400">
              {formatDate(chat.last_message_date)}
            </bdi>
          )}
        </h2>
        <p className="truncate text-sm text-slate-600 dark:text-slate-400" dir="auto">
          {chat.item?.title ?? t('chat.itemGone')}
        </p>
        <p
          className={`truncate text-sm ${chat.unread_count > 0 ? 'font-semibold' : 'text-slate-700 dark:text-slate-300'}`}
          dir="auto"
        >
          <LastMessage chat={chat} />
        </p>
      </div>
      {chat.unread_count > 0 && (
        <span
          className="min-w-6 shrink-0 rounded-full bg-red-600 px-2 text-center text-sm leading-6 font-bold text-white"
          data-testid="chat-unread"
        >
          <span aria-hidden>{chat.unread_count}</span>
          <span className="sr-only">{t('chat.unreadCount', { count: chat.unread_count })}</span>
        </span>
      )}
    </li>
  );
}

/** The last message as the list shows it: the text, or what happened (a photo, an offer, the sale). */
function LastMessage({ chat }: { chat: ChatRecord }) {
  const { t, i18n } = useTranslation();
  switch (chat.last_message_type) {
    case CHAT_MESSAGE_TYPE.image:
      return t('chat.preview.photo');
    case CHAT_MESSAGE_TYPE.offer:
      return t('chat.preview.offer', {
        price: offerPriceText(chat.last_message ?? '0', chat, i18n.language as LanguageCode),
      });
    case CHAT_MESSAGE_TYPE.sold:
      return t('chat.preview.sold');
    case CHAT_MESSAGE_TYPE.bought:
      return chat.is_owner ? t('chat.preview.soldToBuyer') : t('chat.preview.bought');
    default:
      return chat.last_message ?? '';
  }
}
