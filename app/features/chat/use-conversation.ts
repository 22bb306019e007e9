import { useCallback, useEffect, useState } from 'react';
import type { ChatMessage, ChatRecord, ChatState, Conversation } from '../../../contract/chat.ts';
import { apiPost } from '../../lib/api-client.ts';
import { realtime, useRealtimeFrames, useRealtimeOpen } from '../../lib/realtime.ts';
import { routeConversationFrame } from './use-conversation-frames.ts';
import { otherParticipant, type PendingMessage } from './use-conversation-lists.ts';
import { useConversationMessages } from './use-conversation-messages.ts';
import { useTypingIndicator, useTypingSignal } from './use-conversation-typing.ts';

export type { PendingMessage } from './use-conversation-lists.ts';

export const newClientId = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID().replaceAll('-', '')
    : `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;

/**
 * One conversation kept live: the loader's messages, then what arrives on the socket; on every reconnection it
 * fetches what came after the last message it holds, so nothing sent meanwhile is lost or shown twice.
 */
export function useConversation(initial: Conversation, viewerId: string) {
  const chatId = initial.chat.id;
  const otherId = otherParticipant(initial.chat, viewerId);
  const log = useConversationMessages(initial);
  const [state, setState] = useState<ChatRecord>(initial.chat);
  const [online, setOnline] = useState<boolean | null>(null);
  const typing = useTypingIndicator();
  const signalTyping = useTypingSignal(() => realtime().send({ t: 'typing', chat_id: chatId }));
  const applyState = useCallback((chat: ChatState) => setState((current) => ({ ...current, ...chat })), []);

  useRealtimeOpen(true, () => {
    void log.catchUp();
    realtime().send({ t: 'watch', user_id: otherId });
    realtime().send({ t: 'read', chat_id: chatId });
  });

  useRealtimeFrames(true, (frame) =>
    routeConversationFrame(
      frame,
      { chatId, otherId },
      {
        message: (message, chat) => {
          log.add([message]);
          applyState(chat);
          if (message.sender_id === viewerId) return;
          if (document.visibilityState === 'visible') realtime().send({ t: 'read', chat_id: chatId });
          typing.hideTyping();
        },
        acknowledged: (message) => log.add([message]),
        state: applyState,
        typing: typing.showTyping,
        presence: setOnline,
        refused: log.refuse,
      },
    ),
  );

  // Opening the screen reads the conversation, and asks whether the other side is online.
  useEffect(() => {
    const live = realtime();
    live.send({ t: 'read', chat_id: chatId });
    live.send({ t: 'watch', user_id: otherId });
  }, [chatId, otherId]);

  const sendText = (text: string) => {
    const client_id = newClientId();
    log.queue({ client_id, message: text, error: null });
    realtime().sendMessage({ chat_id: chatId, client_id, message: text });
  };

  const post = async <T>(path: string, body: unknown = {}) => apiPost<T>(`/api/v1/chats/${chatId}${path}`, body);

  return {
    chat: state,
    messages: log.messages,
    pending: log.pending,
    hasOlder: log.hasOlder,
    online,
    otherIsTyping: typing.otherIsTyping,
    sendText,
    loadOlder: log.loadOlder,
    signalTyping,
    retry: (entry: PendingMessage) => {
      log.drop(entry.client_id);
      sendText(entry.message);
    },
    dismiss: (entry: PendingMessage) => log.drop(entry.client_id),
    added: log.add,
    makeOffer: async (price: string) => log.add([await post<ChatMessage>('/offers', { price })]),
    decideOffer: async (accept: boolean) => applyState(await post<ChatState>('/offer-decision', { accept })),
    markSold: async () => log.add([await post<ChatMessage>('/sold')]),
  };
}

export type ConversationApi = ReturnType<typeof useConversation>;
