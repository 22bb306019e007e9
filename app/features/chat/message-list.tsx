import { Fragment, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatMessage, ChatRecord } from '../../../contract/chat.ts';
import { CHAT_MESSAGE_TYPE } from '../../../contract/chat-basics.ts';
import { AlertTriangle, Handshake, Loader2, RotateCcw, Tag, X } from '../../components/ui/icons.tsx';
import { isolate } from '../../lib/bidi.ts';
import { useFormatDayAndTime } from '../../lib/time-zone.tsx';
import { OfferCard } from './offer-card.tsx';
import type { ConversationApi, PendingMessage } from './use-conversation.ts';

const bubble = 'max-w-[80%] rounded-2xl px-4 py-2 shadow-sm';
const mine = `${bubble} ms-auto rounded-ee-sm bg-brand-600 text-white`;
const theirs = `${bubble} me-auto rounded-es-sm bg-white text-slate-900 dark:bg-slate-800 dark:text-slate-100`;

/**
 * The conversation, oldest first, with a date between days (type 3), and "Load older" at the top (30 at a
 * time). New messages are read out by screen readers (role log) and scrolled into view.
 */
export function MessageList({ conversation, viewerId }: { conversation: ConversationApi; viewerId: string }) {
  const { t } = useTranslation();
  const format = useFormatDayAndTime();
  const { messages, pending, chat } = conversation;
  const end = useRef<HTMLDivElement>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const lastOffer = messages.findLast((message) => message.type === CHAT_MESSAGE_TYPE.offer);
  const newest = messages.at(-1)?.id;

  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls when the newest message or a pending one changes
  useEffect(() => {
    // Not returned: scrollIntoView answers a promise in current browsers, and an effect may return only a cleanup.
    void end.current?.scrollIntoView({ block: 'end' });
  }, [newest, pending.length]);

  const loadOlder = async () => {
    setLoadingOlder(true);
    await conversation.loadOlder().catch(() => undefined);
    setLoadingOlder(false);
  };

  return (
    <div className="flex-1 bg-slate-100 px-3 py-4 dark:bg-slate-950" data-testid="message-list">
      {conversation.hasOlder && (
        <div className="mb-3 text-center">
          <button
            type="button"
            onClick={loadOlder}
            disabled={loadingOlder}
            className="rounded-full bg-white px-4 py-1.5 text-sm font-semibold shadow-sm hover:bg-slate-50 dark:bg-slate-800"
          >
            {t('chat.loadOlder')}
          </button>
        </div>
      )}
      {messages.length === 0 && pending.length === 0 && (
        <p className="py-10 text-center text-slate-600 dark:text-slate-400">{t('chat.noMessages')}</p>
      )}
      {/* The log is a wrapper: role="log" on the <ol> itself would take away its list role, leaving each <li>
          outside a list (axe "listitem"). */}
      <div role="log" aria-label={t('chat.messagesLabel')}>
        <ol className="mx-auto flex max-w-3xl flex-col gap-2">
          {messages.map((message, index) => {
            const previous = messages[index - 1];
            const day = format.day(message.added_date);
            const newDay = !previous || format.day(previous.added_date) !== day;
            return (
              <Fragment key={message.id}>
                {newDay && (
                  <li className="my-2 text-center" data-testid="date-separator">
                    <span className="rounded-full bg-slate-200 px-3 py-1 text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300">
                      {day}
                    </span>
                  </li>
                )}
                <li className="flex flex-col" data-testid="chat-message" data-type={message.type}>
                  <MessageBody
                    message={message}
                    chat={chat}
                    viewerId={viewerId}
                    isLastOffer={message.id === lastOffer?.id}
                    conversation={conversation}
                    time={format.time(message.added_date)}
                  />
                </li>
              </Fragment>
            );
          })}
          {pending.map((entry) => (
            <li key={entry.client_id} className="flex flex-col" data-testid="pending-message">
              <Pending entry={entry} conversation={conversation} />
            </li>
          ))}
        </ol>
      </div>
      <div ref={end} />
    </div>
  );
}

function MessageBody({
  message,
  chat,
  viewerId,
  isLastOffer,
  conversation,
  time,
}: {
  message: ChatMessage;
  chat: ChatRecord;
  viewerId: string;
  isLastOffer: boolean;
  conversation: ConversationApi;
  time: string;
}) {
  const { t } = useTranslation();
  const own = message.sender_id === viewerId;
  // Full colour, not faded: white on the brand bubble is 5.3:1, faded to 75% it was 3.65:1 (WCAG asks 4.5).
  const stamp = (
    <span className={`mt-1 block text-end text-xs ${own ? 'text-white' : 'text-slate-600 dark:text-slate-300'}`}>
      {time}
    </span>
  );
  switch (message.type) {
    case CHAT_MESSAGE_TYPE.image:
      return (
        <div className={own ? mine : theirs}>
          <a href={message.image_url ?? '#'} target="_blank" rel="noreferrer">
            <img
              src={message.image_url ?? ''}
              alt={own ? t('chat.photoYouSent') : t('chat.photoReceived')}
              className="max-h-72 rounded-xl"
              loading="lazy"
            />
          </a>
          {stamp}
        </div>
      );
    case CHAT_MESSAGE_TYPE.offer:
      return (
        <OfferCard
          amount={message.offer_amount ?? '0'}
          own={own}
          chat={chat}
          isLatest={isLastOffer}
          conversation={conversation}
          time={time}
        />
      );
    case CHAT_MESSAGE_TYPE.sold:
      return (
        <SystemCard icon={<Tag className="size-5" aria-hidden />} testId="sold-card">
          {t('chat.soldCard')}
        </SystemCard>
      );
    case CHAT_MESSAGE_TYPE.bought:
      return (
        <SystemCard icon={<Handshake className="size-5" aria-hidden />} testId="bought-card">
          {chat.is_owner
            ? t('chat.soldToCard', { name: isolate(chat.buyer?.user_name ?? '') })
            : t('chat.boughtCard', { name: isolate(chat.seller?.user_name ?? '') })}
        </SystemCard>
      );
    default:
      return (
        <div className={own ? mine : theirs}>
          {/* Its own direction, from its first letter: English in an Arabic chat reads and aligns left to right. */}
          <p className="whitespace-pre-wrap break-words" dir="auto" data-testid="message-text">
            {message.message}
          </p>
          {stamp}
        </div>
      );
  }
}

function SystemCard({ icon, children, testId }: { icon: React.ReactNode; children: React.ReactNode; testId: string }) {
  return (
    <div
      className="mx-auto flex items-center gap-2 rounded-2xl border border-emerald-300 bg-emerald-50 px-4 py-2 text-sm font-semibold text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-200"
      data-testid={testId}
    >
      {icon}
      {children}
    </div>
  );
}

function Pending({ entry, conversation }: { entry: PendingMessage; conversation: ConversationApi }) {
  const { t } = useTranslation();
  return (
    <div className={`${mine} opacity-80`}>
      <p className="whitespace-pre-wrap break-words" dir="auto">
        {entry.message}
      </p>
      {entry.error ? (
        <div className="mt-1 text-xs" role="alert">
          <p className="flex items-center gap-1">
            <AlertTriangle className="size-3.5" aria-hidden />
            {entry.error}
          </p>
          <div className="mt-1 flex gap-3">
            <button
              type="button"
              className="inline-flex items-center gap-1 underline"
              onClick={() => conversation.retry(entry)}
            >
              <RotateCcw className="size-3.5" aria-hidden />
              {t('chat.retry')}
            </button>
            <button
              type="button"
              className="inline-flex items-center gap-1 underline"
              onClick={() => conversation.dismiss(entry)}
            >
              <X className="size-3.5" aria-hidden />
              {t('chat.discard')}
            </button>
          </div>
        </div>
      ) : (
        <span className="mt-1 flex items-center justify-end gap-1 text-xs">
          <Loader2 className="size-3 animate-spin" aria-hidden />
          {t('chat.sending')}
        </span>
      )}
    </div>
  );
}
