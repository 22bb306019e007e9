import { and, asc, desc, eq, gt, lt } from 'drizzle-orm';
import {
  CHAT_MESSAGE_TYPE,
  type ChatMessage,
  type MessagePage,
  type SendMessageInput,
} from '../../../contract/chat.ts';
import { PAGE_SIZE } from '../../../contract/paging.ts';
import { AppError } from '../../kernel/errors.ts';
import { MediaRefused, type Upload } from '../media/index.ts';
import type { ChatContext } from './context.ts';
import type { Conversations } from './conversations.ts';
import type { ChatNoticeKind } from './events.ts';
import { MessageWriter } from './message-writer.ts';
import { presentMessage } from './presenter.ts';
import { chatMessages } from './schema.ts';
import type { NewMessage } from './store.ts';
import { WriteChecks } from './write-checks.ts';

/** A chat photo fits a phone screen twice over; larger ones are shrunk. */
const CHAT_IMAGE_BOX = { width: 1600, height: 1600, fit: 'inside' } as const;
export const MAX_CHAT_IMAGE_BYTES = 8 * 1024 * 1024;

type Sender = { userId: string; userName: string };
type Window = { before?: number | undefined; after?: number | undefined; limit?: number | undefined };

/** Text and photo messages, and reading a conversation's history. */
export class Messages {
  private readonly context: ChatContext;
  private readonly conversations: Conversations;
  private readonly writeChecks: WriteChecks;
  private readonly writer: MessageWriter;

  constructor(context: ChatContext, conversations: Conversations) {
    this.context = context;
    this.conversations = conversations;
    this.writeChecks = new WriteChecks(context.events);
    this.writer = new MessageWriter(context.db, context.events);
  }

  /** The conversation, when the sender may write in it now (see WriteChecks). */
  private writable(userId: string, chatId: string) {
    return this.writeChecks.check(userId, chatId, async () => {
      const chat = await this.conversations.ofParticipant(userId, chatId);
      await this.conversations.assertMayWrite(chat, userId);
      return chat;
    });
  }

  /** `queued` is told once the text is in line to be stored, its checks passed (a socket reads on from there). */
  async sendText(sender: Sender, chatId: string, input: SendMessageInput, queued?: () => void): Promise<ChatMessage> {
    await this.context.sendLimiter.consume(sender.userId);
    return this.send(
      sender,
      chatId,
      { type: CHAT_MESSAGE_TYPE.text, message: input.message, clientId: input.client_id },
      'message',
      queued,
    );
  }

  /** A photo through the media pipeline (real type, pixel limit, upright, WebP without metadata). */
  async sendImage(sender: Sender, chatId: string, clientId: string, upload: Upload): Promise<ChatMessage> {
    await this.context.sendLimiter.consume(sender.userId);
    const chat = await this.writable(sender.userId, chatId);
    const stored = await this.context.media
      .storeImage(upload, {
        ...{ folder: 'chat', name: chat.id, owner: sender.userId },
        ...{ box: CHAT_IMAGE_BOX, maxBytes: MAX_CHAT_IMAGE_BYTES },
      })
      .catch((error: unknown) => {
        if (error instanceof MediaRefused) throw new AppError(400, 'api.chatImageRefused');
        throw error;
      });
    const message = await this.send(
      sender,
      chatId,
      { type: CHAT_MESSAGE_TYPE.image, imagePath: stored.path, clientId },
      'image',
    );
    // A resent photo was stored the first time: the second copy goes.
    if (message.image_url && !message.image_url.endsWith(stored.path))
      await this.context.media.removeStored(stored.path);
    return message;
  }

  /**
   * A page of the conversation, oldest first: the latest messages, those before `before` (loading older ones),
   * or those after `after` (catching up after a reconnect).
   */
  async page(userId: string, chatId: string, window: Window): Promise<MessagePage> {
    const chat = await this.conversations.ofParticipant(userId, chatId);
    const limit = window.limit ?? PAGE_SIZE.chatHistory;
    const inChat = eq(chatMessages.chatId, chat.id);
    if (window.after !== undefined) {
      const rows = await this.context.db
        .select()
        .from(chatMessages)
        .where(and(inChat, gt(chatMessages.seq, window.after)))
        .orderBy(asc(chatMessages.seq))
        .limit(limit);
      return { messages: rows.map(presentMessage), has_older: false };
    }
    const rows = await this.context.db
      .select()
      .from(chatMessages)
      .where(window.before === undefined ? inChat : and(inChat, lt(chatMessages.seq, window.before)))
      .orderBy(desc(chatMessages.seq))
      .limit(limit + 1);
    return { messages: rows.slice(0, limit).reverse().map(presentMessage), has_older: rows.length > limit };
  }

  private async send(
    sender: Sender,
    chatId: string,
    message: NewMessage & { clientId: string },
    kind: ChatNoticeKind,
    queued?: () => void,
  ): Promise<ChatMessage> {
    const chat = await this.writable(sender.userId, chatId);
    const notice = { kind, actorName: sender.userName };
    const storing = this.writer.store({ chat, senderId: sender.userId, message, notice });
    queued?.();
    return presentMessage((await storing).row);
  }
}
