import type { ChatMessage, ChatState } from '../../../contract/chat.ts';
import type { ServerFrame } from '../../../contract/realtime.ts';

/** What a conversation does with the frames that concern it. */
export interface ConversationFrameHandlers {
  /** A new message in this conversation, with the conversation's state after it. */
  message(message: ChatMessage, chat: ChatState): void;
  /** The server's copy of a text this tab sent. */
  acknowledged(message: ChatMessage): void;
  /** The conversation's state changed (an offer decided, the item sold…). */
  state(chat: ChatState): void;
  /** The other side is typing. */
  typing(): void;
  /** The other side came online or went away. */
  presence(online: boolean): void;
  /** The server refused the text sent with this client id. */
  refused(clientId: string, error: string): void;
}

/** Hands a realtime frame to the handler it concerns: frames of other conversations and people are ignored. */
export function routeConversationFrame(
  frame: ServerFrame,
  conversation: { chatId: string; otherId: string },
  on: ConversationFrameHandlers,
) {
  switch (frame.t) {
    case 'message':
      if (frame.message.chat_id === conversation.chatId) on.message(frame.message, frame.chat);
      return;
    case 'ack':
      on.acknowledged(frame.message);
      return;
    case 'chat':
      if (frame.chat.id === conversation.chatId) on.state(frame.chat);
      return;
    case 'typing':
      if (frame.chat_id === conversation.chatId) on.typing();
      return;
    case 'presence':
      if (frame.user_id === conversation.otherId) on.presence(frame.online);
      return;
    case 'error':
      if (frame.client_id) on.refused(frame.client_id, frame.message);
      return;
  }
}
