import { and, eq, or } from 'drizzle-orm';
import type {
  ChatKey,
  ChatListTab,
  ChatMessage,
  ChatRecord,
  ChatState,
  Conversation,
  MessagePage,
  SendMessageInput,
} from '../../../contract/chat.ts';
import { CHAT_LIMITS } from '../../../contract/chat.ts';
import type { LanguageCode } from '../../../contract/language.ts';
import { OFFER_STATUS, type Offer, type OfferInput, type OfferListTab } from '../../../contract/offers.ts';
import type { PageWindow } from '../../../contract/pages.ts';
import type { Paged } from '../../../contract/paging.ts';
import type { Viewer } from '../../../contract/session.ts';
import type { Db } from '../../kernel/database.ts';
import type { LimiterFactory } from '../../kernel/rate-limit.ts';
import type { Upload } from '../media/index.ts';
import type { ChatContext } from './context.ts';
import { Conversations } from './conversations.ts';
import { Messages } from './messages.ts';
import { Offers } from './offers.ts';
import { otherPartyOf } from './policy.ts';
import { tooManyMessages } from './refusals.ts';
import { chats } from './schema.ts';

export interface ChatDependencies extends Omit<ChatContext, 'sendLimiter'> {
  createLimiter: LimiterFactory;
  /** Messages one person may send per minute; CHAT_LIMITS.messagesPerMinute by default. */
  messagesPerMinute?: number;
}

/** Conversations about items, their messages and the offer flow (issue 12). Every call checks who asks. */
export class ChatService {
  private readonly db: Db;
  private readonly conversations: Conversations;
  private readonly messages: Messages;
  private readonly offers: Offers;

  constructor({ createLimiter, messagesPerMinute, ...dependencies }: ChatDependencies) {
    const sendLimiter = createLimiter({
      keyPrefix: 'chat-send',
      points: messagesPerMinute ?? CHAT_LIMITS.messagesPerMinute,
      durationSeconds: 60,
      messageKey: tooManyMessages,
    });
    const context: ChatContext = { ...dependencies, sendLimiter };
    this.db = dependencies.db;
    this.conversations = new Conversations(context);
    this.messages = new Messages(context, this.conversations);
    this.offers = new Offers(context, this.conversations);
    dependencies.events.onCommitted('item.sold', 'chat.close-conversations', ({ itemId, ownerId }) =>
      this.offers.closeConversationsOf(itemId, ownerId),
    );
  }

  /** The chat screen's conversation, started by the buyer's first visit. */
  async open(viewer: Viewer, key: ChatKey, language: LanguageCode): Promise<Conversation> {
    const row = await this.conversations.open(viewer, key);
    const [chat] = await this.conversations.records(viewer, [row], language);
    const page = await this.messages.page(viewer.userId, row.id, {});
    if (!chat) throw new Error('a conversation could not be presented');
    return { chat, ...page };
  }

  async record(viewer: Viewer, chatId: string, language: LanguageCode): Promise<ChatRecord> {
    const row = await this.conversations.ofParticipant(viewer.userId, chatId);
    const [chat] = await this.conversations.records(viewer, [row], language);
    if (!chat) throw new Error('a conversation could not be presented');
    return chat;
  }

  history(viewer: Viewer, chatId: string, window: { before?: number; after?: number }): Promise<MessagePage> {
    return this.messages.page(viewer.userId, chatId, window);
  }

  sendText(viewer: Viewer, chatId: string, input: SendMessageInput, queued?: () => void): Promise<ChatMessage> {
    return this.messages.sendText(viewer, chatId, input, queued);
  }

  sendImage(viewer: Viewer, chatId: string, clientId: string, upload: Upload): Promise<ChatMessage> {
    return this.messages.sendImage(viewer, chatId, clientId, upload);
  }

  makeOffer(viewer: Viewer, chatId: string, input: OfferInput, language?: LanguageCode): Promise<ChatMessage> {
    return this.offers.make(viewer, chatId, input, language);
  }

  decideOffer(viewer: Viewer, chatId: string, accept: boolean): Promise<ChatState> {
    return this.offers.decide(viewer, chatId, accept);
  }

  markSold(viewer: Viewer, chatId: string): Promise<ChatMessage> {
    return this.offers.markSold(viewer, chatId);
  }

  list(viewer: Viewer, tab: ChatListTab, page: PageWindow, language: LanguageCode): Promise<Paged<ChatRecord>> {
    return this.conversations.list(viewer, tab, page, language);
  }

  offerList(viewer: Viewer, tab: OfferListTab, page: PageWindow, language: LanguageCode): Promise<Paged<Offer>> {
    return this.offers.list(viewer, tab, page, language);
  }

  markRead(userId: string, chatId: string): Promise<number> {
    return this.conversations.markRead(userId, chatId);
  }

  unreadTotal(userId: string): Promise<number> {
    return this.conversations.unreadTotal(userId);
  }

  /** The other side of a conversation the asker is in (403/404 otherwise): whom a typing signal goes to. */
  async otherParty(userId: string, chatId: string): Promise<string> {
    return otherPartyOf(await this.conversations.ofParticipant(userId, chatId), userId);
  }

  haveConversation(userId: string, otherId: string): Promise<boolean> {
    return this.conversations.haveConversation(userId, otherId);
  }

  /** Whether the two completed a deal: one sold an item to the other in a conversation ("bought", SPEC.md 4). */
  async completedDealBetween(userId: string, otherId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: chats.id })
      .from(chats)
      .where(
        and(
          eq(chats.offerStatus, OFFER_STATUS.bought),
          or(
            and(eq(chats.buyerUserId, userId), eq(chats.sellerUserId, otherId)),
            and(eq(chats.buyerUserId, otherId), eq(chats.sellerUserId, userId)),
          ),
        ),
      )
      .limit(1);
    return Boolean(row);
  }
}
