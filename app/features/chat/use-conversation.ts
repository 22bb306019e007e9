import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatMessage, ChatRecord, ChatState, Conversation } from '../../../contract/chat.ts';
import { apiGet, apiPost } from '../../lib/api-client.ts';
import { realtime, useRealtimeFrames, useRealtimeOpen } from '../../lib/realtime.ts';

/** A text on its way: shown at once, until the server's copy (same client id) replaces it. */
export interface PendingMessage {
  client_id: string;
  message: string;
  error: string | null;
}

const TYPING_SHOWN_MS = 4000;

export const newClientId = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID().replaceAll('-', '')
    : `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;

/** Keeps messages in order and once each (a message may arrive live, in an ack and again when catching up). */
function merge(current: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  const byId = new Map(current.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

/**
 * One conversation kept live: the loader's messages, then what arrives on the socket; on every reconnection it
 * fetches what came after the last message it holds, so nothing sent meanwhile is lost or shown twice.
 */
export function useConversation(initial: Conversation, viewerId: string) {
  const chatId = initial.chat.id;
  const otherId = initial.chat.buyer_user_id === viewerId ? initial.chat.seller_user_id : initial.chat.buyer_user_id;
  const [messages, setMessages] = useState(initial.messages);
  const [hasOlder, setHasOlder] = useState(initial.has_older);
  const [state, setState] = useState<ChatRecord>(initial.chat);
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const [typingUntil, setTypingUntil] = useState(0);
  const [online, setOnline] = useState<boolean | null>(null);
  const lastSeq = useRef(initial.messages.at(-1)?.seq ?? 0);

  const add = useCallback((incoming: ChatMessage[]) => {
    if (incoming.length === 0) return;
    lastSeq.current = Math.max(lastSeq.current, ...incoming.map((message) => message.seq));
    setMessages((current) => merge(current, incoming));
    const clientIds = new Set(incoming.map((message) => message.client_id));
    setPending((current) => current.filter((entry) => !clientIds.has(entry.client_id)));
  }, []);
  const applyState = useCallback((chat: ChatState) => setState((current) => ({ ...current, ...chat })), []);

  const catchUp = useCallback(async () => {
    for (;;) {
      const page = await apiGet<{ messages: ChatMessage[] }>(`/api/v1/chats/${chatId}/messages`, {
        after: lastSeq.current,
      }).catch(() => null);
      if (!page || page.messages.length === 0) return;
      add(page.messages);
    }
  }, [add, chatId]);

  useRealtimeOpen(true, () => {
    void catchUp();
    realtime().send({ t: 'watch', user_id: otherId });
    realtime().send({ t: 'read', chat_id: chatId });
  });

  useRealtimeFrames(true, (frame) => {
    if (frame.t === 'message' && frame.message.chat_id === chatId) {
      add([frame.message]);
      applyState(frame.chat);
      if (frame.message.sender_id !== viewerId && document.visibilityState === 'visible') {
        realtime().send({ t: 'read', chat_id: chatId });
      }
      if (frame.message.sender_id !== viewerId) setTypingUntil(0);
    }
    if (frame.t === 'ack') add([frame.message]);
    if (frame.t === 'chat' && frame.chat.id === chatId) applyState(frame.chat);
    if (frame.t === 'typing' && frame.chat_id === chatId) setTypingUntil(Date.now() + TYPING_SHOWN_MS);
    if (frame.t === 'presence' && frame.user_id === otherId) setOnline(frame.online);
    if (frame.t === 'error' && frame.client_id) {
      const error = frame.message;
      setPending((current) =>
        current.map((entry) => (entry.client_id === frame.client_id ? { ...entry, error } : entry)),
      );
    }
  });

  // Opening the screen reads the conversation, and asks whether the other side is online.
  useEffect(() => {
    const live = realtime();
    live.send({ t: 'read', chat_id: chatId });
    live.send({ t: 'watch', user_id: otherId });
  }, [chatId, otherId]);

  const [, redraw] = useState(0);
  useEffect(() => {
    if (typingUntil === 0) return;
    const timer = setTimeout(() => redraw((value) => value + 1), Math.max(0, typingUntil - Date.now()) + 50);
    return () => clearTimeout(timer);
  }, [typingUntil]);

  const sendText = (text: string) => {
    const client_id = newClientId();
    setPending((current) => [...current, { client_id, message: text, error: null }]);
    realtime().sendMessage({ chat_id: chatId, client_id, message: text });
  };

  const loadOlder = async () => {
    const first = messages[0];
    if (!first) return;
    const page = await apiGet<{ messages: ChatMessage[]; has_older: boolean }>(`/api/v1/chats/${chatId}/messages`, {
      before: first.seq,
    });
    setMessages((current) => merge(current, page.messages));
    setHasOlder(page.has_older);
  };

  const post = async <T>(path: string, body: unknown = {}) => apiPost<T>(`/api/v1/chats/${chatId}${path}`, body);

  return {
    chat: state,
    messages,
    pending,
    hasOlder,
    online,
    otherIsTyping: typingUntil > Date.now(),
    sendText,
    loadOlder,
    signalTyping: () => realtime().send({ t: 'typing', chat_id: chatId }),
    retry: (entry: PendingMessage) => {
      setPending((current) => current.filter((each) => each.client_id !== entry.client_id));
      sendText(entry.message);
    },
    dismiss: (entry: PendingMessage) =>
      setPending((current) => current.filter((each) => each.client_id !== entry.client_id)),
    added: add,
    makeOffer: async (price: string) => add([await post<ChatMessage>('/offers', { price })]),
    decideOffer: async (accept: boolean) => applyState(await post<ChatState>('/offer-decision', { accept })),
    markSold: async () => add([await post<ChatMessage>('/sold')]),
  };
}

export type ConversationApi = ReturnType<typeof useConversation>;
