import { useCallback, useRef, useState } from 'react';
import type { ChatMessage, Conversation } from '../../../contract/chat.ts';
import { apiGet } from '../../lib/api-client.ts';
import {
  mergeMessages,
  type PendingMessage,
  stillPending,
  withoutPending,
  withPendingError,
} from './use-conversation-lists.ts';

/**
 * The messages of one conversation as this tab holds them: the loader's, those that arrived since, older pages
 * loaded on request, and the texts still on their way.
 */
export function useConversationMessages(initial: Conversation) {
  const chatId = initial.chat.id;
  const [messages, setMessages] = useState(initial.messages);
  const [hasOlder, setHasOlder] = useState(initial.has_older);
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const lastSeq = useRef(initial.messages.at(-1)?.seq ?? 0);

  const add = useCallback((incoming: ChatMessage[]) => {
    if (incoming.length === 0) return;
    lastSeq.current = Math.max(lastSeq.current, ...incoming.map((message) => message.seq));
    setMessages((current) => mergeMessages(current, incoming));
    setPending((current) => stillPending(current, incoming));
  }, []);

  /** Fetches, page after page, what came after the last message held (after a reconnection). */
  const catchUp = useCallback(async () => {
    for (;;) {
      const page = await apiGet<{ messages: ChatMessage[] }>(`/api/v1/chats/${chatId}/messages`, {
        after: lastSeq.current,
      }).catch(() => null);
      if (!page || page.messages.length === 0) return;
      add(page.messages);
    }
  }, [add, chatId]);

  const loadOlder = async () => {
    const first = messages[0];
    if (!first) return;
    const page = await apiGet<{ messages: ChatMessage[]; has_older: boolean }>(`/api/v1/chats/${chatId}/messages`, {
      before: first.seq,
    });
    setMessages((current) => mergeMessages(current, page.messages));
    setHasOlder(page.has_older);
  };

  return {
    messages,
    hasOlder,
    pending,
    add,
    catchUp,
    loadOlder,
    queue: (entry: PendingMessage) => setPending((current) => [...current, entry]),
    drop: (clientId: string) => setPending((current) => withoutPending(current, clientId)),
    refuse: (clientId: string, error: string) => setPending((current) => withPendingError(current, clientId, error)),
  };
}
