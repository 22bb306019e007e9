import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatRecord } from '../../../contract/chat.ts';
import type { LanguageCode } from '../../../contract/language.ts';
import { OFFER_STATUS } from '../../../contract/offer-basics.ts';
import { useDialog } from '../../components/ui/dialogs.tsx';
import { Check, Tag, X } from '../../components/ui/icons.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { OfferPrice, offerPriceText } from './offer-price.tsx';
import type { ConversationApi } from './use-conversation.ts';

/**
 * A price offer in the conversation (type 2). The latest one carries the offer's state; while it is open the
 * seller accepts or rejects it, each after a yes/no question (SPEC.md 4).
 */
export function OfferCard({
  amount,
  own,
  chat,
  isLatest,
  conversation,
  time,
}: {
  amount: string;
  own: boolean;
  chat: ChatRecord;
  isLatest: boolean;
  conversation: ConversationApi;
  time: string;
}) {
  const { t, i18n } = useTranslation();
  const dialog = useDialog();
  const [busy, setBusy] = useState(false);
  const status = isLatest ? chat.is_accept : null;
  const mayDecide = status === OFFER_STATUS.offer && chat.is_owner;
  const price = offerPriceText(amount, chat, i18n.language as LanguageCode);

  const decide = async (accept: boolean) => {
    const confirmed = await dialog.confirm({
      title: accept ? t('chat.acceptTitle') : t('chat.rejectTitle'),
      message: accept ? t('chat.acceptQuestion', { price }) : t('chat.rejectQuestion', { price }),
      confirmLabel: t('dialog.yes'),
      cancelLabel: t('dialog.no'),
    });
    if (!confirmed) return;
    setBusy(true);
    try {
      await conversation.decideOffer(accept);
    } catch (error) {
      await dialog.error(error instanceof ApiError ? error.text : t('errors.generic'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div
      className={`w-72 max-w-[85%] rounded-2xl border-2 border-amber-300 bg-amber-50 p-4 text-slate-900 shadow-sm dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50 ${own ? 'ms-auto' : 'me-auto'}`}
      data-testid="offer-card"
      data-status={status ?? ''}
    >
      <p className="flex items-center gap-2 text-sm font-semibold">
        <Tag className="size-4" aria-hidden />
        {own ? t('chat.offerYouMade') : t('chat.offerReceived')}
      </p>
      <p className="mt-1 text-2xl font-bold">
        <OfferPrice amount={amount} chat={chat} />
      </p>
      {status !== null && <OfferStatus status={status} isSeller={chat.is_owner} />}
      {mayDecide && (
        <div className="mt-3 grid grid-cols-2 gap-2">
          <button
            type="button"
            disabled={busy}
            onClick={() => decide(true)}
            className="inline-flex items-center justify-center gap-1 rounded-full bg-emerald-700 px-3 py-2 font-semibold text-white hover:bg-emerald-800 disabled:opacity-60"
          >
            <Check className="size-4" aria-hidden />
            {t('chat.accept')}
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={() => decide(false)}
            className="inline-flex items-center justify-center gap-1 rounded-full border border-red-300 bg-white px-3 py-2 font-semibold text-red-700 hover:bg-red-50 disabled:opacity-60 dark:border-red-800 dark:bg-slate-900 dark:text-red-300"
          >
            <X className="size-4" aria-hidden />
            {t('chat.reject')}
          </button>
        </div>
      )}
      <span className="mt-2 block text-end text-xs text-slate-700 dark:text-amber-100">{time}</span>
    </div>
  );
}

function OfferStatus({ status, isSeller }: { status: number; isSeller: boolean }) {
  const { t } = useTranslation();
  const text =
    status === OFFER_STATUS.offer
      ? isSeller
        ? t('chat.offerAwaitsYou')
        : t('chat.offerAwaitsSeller')
      : status === OFFER_STATUS.reject
        ? t('chat.offerRejected')
        : status === OFFER_STATUS.accept || status === OFFER_STATUS.bought
          ? t('chat.offerAccepted')
          : null;
  if (!text) return null;
  return (
    <p className="mt-1 text-sm font-semibold" data-testid="offer-status">
      {text}
    </p>
  );
}
