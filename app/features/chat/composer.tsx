import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '../../../contract/chat.ts';
import { CHAT_LIMITS, messageConcerns } from '../../../contract/chat-basics.ts';
import { useDialog } from '../../components/ui/dialogs.tsx';
import { ImagePlus, Send } from '../../components/ui/icons.tsx';
import { postFormWithProgress, UploadFailed } from '../../lib/upload.ts';
import { OfferButton } from './offer-dialog.tsx';
import { SafetyBanner } from './safety-banner.tsx';
import { type ConversationApi, newClientId } from './use-conversation.ts';

/**
 * Writing: a text (Enter sends, Shift+Enter starts a line), a photo with its upload progress, and, for the
 * buyer, a price offer. A text is shown at once and sent again after a reconnection until the server has it.
 */
export function Composer({ conversation, mayOffer }: { conversation: ConversationApi; mayOffer: boolean }) {
  const { t } = useTranslation();
  const dialog = useDialog();
  const [draft, setDraft] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const photoInput = useRef<HTMLInputElement>(null);
  const fieldId = useId();
  const concerns = messageConcerns(draft);

  const send = (event?: FormEvent) => {
    event?.preventDefault();
    const text = draft.trim();
    if (!text) return;
    conversation.sendText(text);
    setDraft('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) send(event);
  };
  const sendPhoto = async (file: File | undefined) => {
    if (!file) return;
    const form = new FormData();
    form.append('client_id', newClientId());
    form.append('file', file, file.name);
    setProgress(0);
    try {
      conversation.added([
        await postFormWithProgress<ChatMessage>(`/api/v1/chats/${conversation.chat.id}/images`, form, setProgress),
      ]);
    } catch (error) {
      await dialog.error(error instanceof UploadFailed && error.serverText ? error.serverText : t('chat.photoFailed'));
    } finally {
      setProgress(null);
      if (photoInput.current) photoInput.current.value = '';
    }
  };

  return (
    <div className="sticky bottom-0 z-10 border-t border-slate-200 bg-white px-3 py-2 dark:border-slate-800 dark:bg-slate-900">
      {concerns.length > 0 && <SafetyBanner concerns={concerns} own />}
      {progress !== null && (
        <div className="mx-auto mb-2 max-w-3xl" data-testid="photo-progress">
          <progress
            className="h-2 w-full accent-brand-600"
            max={1}
            value={progress}
            aria-label={t('chat.photoUploading')}
          />
        </div>
      )}
      <form onSubmit={send} className="mx-auto flex max-w-3xl flex-wrap items-end gap-2 sm:flex-nowrap">
        {/* A row of its own on phones, where the message field needs the width; inline from `sm`. */}
        {mayOffer && (
          <div className="w-full sm:w-auto">
            <OfferButton conversation={conversation} />
          </div>
        )}
        <button
          type="button"
          className="rounded-full p-2.5 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
          onClick={() => photoInput.current?.click()}
          disabled={progress !== null}
          aria-label={t('chat.sendPhoto')}
        >
          <ImagePlus className="size-6" aria-hidden />
        </button>
        <input
          ref={photoInput}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif,image/heic,image/heif,image/avif"
          className="hidden"
          data-testid="photo-input"
          onChange={(event) => void sendPhoto(event.target.files?.[0])}
        />
        <label htmlFor={fieldId} className="sr-only">
          {t('chat.messageLabel')}
        </label>
        <textarea
          id={fieldId}
          value={draft}
          onChange={(event) => {
            setDraft(event.target.value);
            conversation.signalTyping();
          }}
          onKeyDown={onKeyDown}
          rows={1}
          dir="auto"
          maxLength={CHAT_LIMITS.messageLength}
          placeholder={t('chat.messagePlaceholder')}
          className="max-h-40 min-h-11 flex-1 resize-none rounded-2xl border border-slate-300 bg-white px-4 py-2.5 dark:border-slate-700 dark:bg-slate-950"
        />
        <button
          type="submit"
          disabled={!draft.trim()}
          className="rounded-full bg-brand-600 p-2.5 text-white hover:bg-brand-700 disabled:opacity-50"
          aria-label={t('chat.send')}
        >
          <Send className="size-6 rtl:-scale-x-100" aria-hidden />
        </button>
      </form>
    </div>
  );
}
