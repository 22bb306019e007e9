import type { ChatMessage, ChatState } from '../../../contract/chat.ts';

/** What happened in a conversation, for the live gateway (both sides' sockets) and the offline notices. */
export type ChatNoticeKind = 'message' | 'image' | 'offer' | 'accepted' | 'rejected' | 'sold';

export interface ChatNotice {
  kind: ChatNoticeKind;
  chat: ChatState;
  actorId: string;
  recipientId: string;
  /** Shown in the notice of someone not connected. */
  actorName: string;
}

/** Events of the chat module (delivered after the write committed, so the message is stored before it goes out). */
declare module '../../kernel/events.ts' {
  interface DomainEvents {
    /** A message (text, image, offer, sold or bought) was stored. */
    'chat.message': ChatNotice & { message: ChatMessage };
    /** The seller accepted or rejected the open offer. */
    'chat.changed': ChatNotice;
    /** Someone read a conversation: their unread total changed. */
    'chat.read': { userId: string; chatId: string; unreadTotal: number };
  }
}
