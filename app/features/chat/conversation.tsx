import { useTranslation } from 'react-i18next';
import type { Conversation as ConversationData } from '../../../contract/chat.ts';
import { CHAT_MESSAGE_TYPE, messageConcerns } from '../../../contract/chat-basics.ts';
import { OFFER_STATUS } from '../../../contract/offer-basics.ts';
import { WifiOff } from '../../components/ui/icons.tsx';
import { isolate } from '../../lib/bidi.ts';
import { useConnectionState } from '../../lib/realtime.ts';
import { ChatHeader } from './chat-header.tsx';
import { Composer } from './composer.tsx';
import { MessageList } from './message-list.tsx';
import { ReviewButton } from './review-form.tsx';
import { SafetyBanner } from './safety-banner.tsx';
import { useConversation } from './use-conversation.ts';

/** How many of the other side's latest texts the safety banner looks at. */
const RECENT_FOR_SAFETY = 10;

/** The chat screen (SPEC.md 2 /chat): the item, the messages live, offers, the sale and the reviews after it. */
export function Conversation({ initial, viewerId }: { initial: ConversationData; viewerId: string }) {
  const { t } = useTranslation();
  const conversation = useConversation(initial, viewerId);
  const connection = useConnectionState();
  const { chat } = conversation;
  const other = chat.is_owner ? chat.buyer : chat.seller;
  const status = chat.is_accept;
  const mayOffer =
    !chat.is_owner &&
    !chat.item?.is_sold_out &&
    status !== OFFER_STATUS.accept &&
    status !== OFFER_STATUS.sold &&
    status !== OFFER_STATUS.bought;
  const concerns = [
    ...new Set(
      conversation.messages
        .filter((message) => message.sender_id !== viewerId && message.type === CHAT_MESSAGE_TYPE.text)
        .slice(-RECENT_FOR_SAFETY)
        .flatMap((message) => messageConcerns(message.message)),
    ),
  ];

  return (
    <section
      className="flex h-[calc(100dvh-4rem)] flex-col"
      aria-label={t('chat.screenLabel')}
      data-testid="chat-screen"
    >
      <ChatHeader conversation={conversation} />
      {connection === 'offline' && (
        <p
          className="flex items-center justify-center gap-2 bg-slate-800 px-3 py-1.5 text-sm text-white"
          role="status"
          data-testid="chat-offline"
        >
          <WifiOff className="size-4" aria-hidden />
          {t('chat.reconnecting')}
        </p>
      )}
      {status === OFFER_STATUS.bought && other && (
        <div className="border-b border-emerald-200 bg-emerald-50 px-3 py-3 dark:border-emerald-900 dark:bg-emerald-950">
          <div className="mx-auto flex max-w-3xl flex-wrap items-center justify-between gap-2">
            <p className="text-sm">{t('reviews.prompt', { name: isolate(other.user_name) })}</p>
            <ReviewButton userId={other.user_id} userName={other.user_name} />
          </div>
        </div>
      )}
      {concerns.length > 0 && (
        <div className="px-3 pt-2">
          <SafetyBanner concerns={concerns} />
        </div>
      )}
      <MessageList conversation={conversation} viewerId={viewerId} />
      <Composer conversation={conversation} mayOffer={mayOffer} />
    </section>
  );
}
