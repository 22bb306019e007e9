import { and, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { ChatKey, ChatListTab, ChatRecord } from '../../../contract/chat.ts';
import type { LanguageCode } from '../../../contract/language.ts';
import type { PageWindow } from '../../../contract/pages.ts';
import type { Paged } from '../../../contract/paging.ts';
import { latestFirst } from '../../kernel/database.ts';
import { toPage } from '../../kernel/paging.ts';
import { isItemId, LISTING_STATE, listingState } from '../items/index.ts';
import type { ChatContext } from './context.ts';
import { otherPartyOf, roleOf } from './policy.ts';
import { type ChatRow, presentChat } from './presenter.ts';
import {
  blockedChat,
  chatNotFound,
  itemClosedToChat,
  notYourChat,
  ownItemChat,
  personUnavailable,
} from './refusals.ts';
import { chatMessages, chats } from './schema.ts';

type Asker = { userId: string; isAdmin: boolean };

/** Conversations: opening one from an item, reading them, the lists and the unread counts. */
export class Conversations {
  private readonly context: ChatContext;

  constructor(context: ChatContext) {
    this.context = context;
  }

  /**
   * The conversation the chat screen names by item, buyer and seller. The buyer's first visit starts it
   * (an item on offer, a seller others may see, no block between them); the seller only opens existing ones.
   */
  async open(viewer: Asker, key: ChatKey): Promise<ChatRow> {
    if (roleOf({ buyerUserId: key.buyer_user_id, sellerUserId: key.seller_user_id }, viewer.userId) === null) {
      throw notYourChat();
    }
    const item = await this.context.items.accessOf(key.item_id);
    if (item.addedUserId !== key.seller_user_id) throw chatNotFound();
    if (key.buyer_user_id === key.seller_user_id) throw ownItemChat();
    if (await this.context.social.inBlock(key.buyer_user_id, key.seller_user_id)) throw blockedChat();
    const existing = await this.find(key);
    if (existing) return existing;
    if (viewer.userId !== key.buyer_user_id) throw chatNotFound();
    // The items module's rule: a listing others may act on; told apart, a closed listing and a hidden seller.
    const state = listingState(item);
    if (state === LISTING_STATE.sellerHidden) throw personUnavailable();
    if (state !== LISTING_STATE.public) throw itemClosedToChat();
    await this.context.db
      .insert(chats)
      .values({ itemId: key.item_id, buyerUserId: key.buyer_user_id, sellerUserId: key.seller_user_id })
      .onConflictDoNothing();
    const created = await this.find(key);
    if (!created) throw chatNotFound();
    return created;
  }

  /** A conversation the asker is in: 404 when there is none, 403 when it is someone else's. */
  async ofParticipant(userId: string, chatId: string): Promise<ChatRow> {
    if (!isItemId(chatId)) throw chatNotFound();
    const [row] = await this.context.db.select().from(chats).where(eq(chats.id, chatId));
    if (!row) throw chatNotFound();
    if (roleOf(row, userId) === null) throw notYourChat();
    return row;
  }

  /**
   * May the asker write in this conversation now: the item still exists, nobody blocked the other, and the
   * other side is an account others may reach (not banned or deactivated).
   */
  async assertMayWrite(chat: ChatRow, userId: string) {
    const other = otherPartyOf(chat, userId);
    // Three questions at once: a first message after a pause waits for one round trip, not three.
    const [, blocked, reachable] = await Promise.all([
      this.context.items.accessOf(chat.itemId),
      this.context.social.inBlock(userId, other),
      this.context.users.isPublic(other),
    ]);
    if (blocked) throw blockedChat();
    if (!reachable) throw personUnavailable();
  }

  async records(viewer: Asker, rows: ChatRow[], language: LanguageCode): Promise<ChatRecord[]> {
    if (rows.length === 0) return [];
    const itemIds = [...new Set(rows.map((row) => row.itemId))];
    const userIds = [...new Set(rows.flatMap((row) => [row.buyerUserId, row.sellerUserId]))];
    const [items, people] = await Promise.all([
      this.context.items.cardsOf(itemIds, viewer, language),
      this.context.users.cardsOf(userIds, viewer, { followed: new Set(), includeHidden: true }),
    ]);
    const itemById = new Map(items.map((item) => [item.id, item]));
    const personById = new Map(people.map((person) => [person.user_id, person]));
    return rows.map((row) =>
      presentChat(
        row,
        viewer.userId,
        {
          item: itemById.get(row.itemId) ?? null,
          buyer: personById.get(row.buyerUserId) ?? null,
          seller: personById.get(row.sellerUserId) ?? null,
        },
        language,
      ),
    );
  }

  /** The asker's conversations with messages, the latest first: from buyers (I sell) or from sellers (I buy). */
  async list(viewer: Asker, tab: ChatListTab, page: PageWindow, language: LanguageCode): Promise<Paged<ChatRecord>> {
    const side = tab === 'from-buyers' ? chats.sellerUserId : chats.buyerUserId;
    const rows = await this.context.db
      .select()
      .from(chats)
      .where(and(eq(side, viewer.userId), isNotNull(chats.lastMessageAt)))
      .orderBy(latestFirst(chats.lastMessageAt), latestFirst(chats.id))
      .limit(page.limit + 1)
      .offset(page.offset);
    const paged = toPage(rows, page.limit, page.offset);
    return { ...paged, items: await this.records(viewer, paged.items, language) };
  }

  /** The asker has read the conversation: their unread count goes to zero; answers their new total. */
  async markRead(userId: string, chatId: string): Promise<number> {
    const chat = await this.ofParticipant(userId, chatId);
    const isSeller = chat.sellerUserId === userId;
    const column = isSeller ? 'sellerUnreadCount' : 'buyerUnreadCount';
    if (chat[column] > 0) {
      const readUpTo = sql`(select coalesce(max(${chatMessages.seq}), 0) from ${chatMessages} where ${chatMessages.chatId} = ${chats.id})`;
      await this.context.db
        .update(chats)
        .set({ [column]: 0, [isSeller ? 'sellerReadSeq' : 'buyerReadSeq']: readUpTo })
        .where(eq(chats.id, chatId));
    }
    const total = await this.unreadTotal(userId);
    if (chat[column] > 0) await this.context.events.publish('chat.read', { userId, chatId, unreadTotal: total });
    return total;
  }

  async unreadTotal(userId: string): Promise<number> {
    const [row] = await this.context.db
      .select({
        total: sql<number>`coalesce(sum(case when ${chats.sellerUserId} = ${userId} then ${chats.sellerUnreadCount} else ${chats.buyerUnreadCount} end), 0)::int`,
      })
      .from(chats)
      .where(or(eq(chats.sellerUserId, userId), eq(chats.buyerUserId, userId)));
    return row?.total ?? 0;
  }

  /** Whether the two have a conversation (one may then see the other online). */
  async haveConversation(userId: string, otherId: string): Promise<boolean> {
    const [row] = await this.context.db
      .select({ id: chats.id })
      .from(chats)
      .where(
        or(
          and(eq(chats.buyerUserId, userId), eq(chats.sellerUserId, otherId)),
          and(eq(chats.buyerUserId, otherId), eq(chats.sellerUserId, userId)),
        ),
      )
      .limit(1);
    return Boolean(row);
  }

  private async find(key: ChatKey): Promise<ChatRow | null> {
    const [row] = await this.context.db
      .select()
      .from(chats)
      .where(
        and(
          eq(chats.itemId, key.item_id),
          eq(chats.buyerUserId, key.buyer_user_id),
          eq(chats.sellerUserId, key.seller_user_id),
        ),
      );
    return row ?? null;
  }
}
