import { and, desc, eq, gt, ne, notInArray } from 'drizzle-orm';
import { CHAT_MESSAGE_TYPE, type ChatMessage, type ChatState } from '../../../contract/chat.ts';
import { formatDateTime } from '../../../contract/format.ts';
import { DEFAULT_LANGUAGE, type LanguageCode } from '../../../contract/language.ts';
import {
  isClosedDeal,
  OFFER_STATUS,
  type Offer,
  type OfferInput,
  type OfferListTab,
} from '../../../contract/offers.ts';
import type { PageWindow } from '../../../contract/pages.ts';
import type { Paged } from '../../../contract/paging.ts';
import type { Viewer } from '../../../contract/session.ts';
import { HOUR_MS, refuseAtLimit } from '../../kernel/account-limits.ts';
import type { Tx } from '../../kernel/database.ts';
import type { Publish } from '../../kernel/events.ts';
import { toPage } from '../../kernel/paging.ts';
import type { ChatContext } from './context.ts';
import type { Conversations } from './conversations.ts';
import type { ChatNoticeKind } from './events.ts';
import { mayDecide, mayMarkSold, mayOffer, otherPartyOf, roleOf } from './policy.ts';
import { type ChatRow, presentMessage, presentState } from './presenter.ts';
import {
  alreadySoldHere,
  itemAlreadySold,
  noOpenOffer,
  offerAlreadyAccepted,
  onlyBuyerOffers,
  onlySellerDecides,
} from './refusals.ts';
import { chatMessages, chats, offers } from './schema.ts';
import { lockChat, type NewMessage, storeMessage } from './store.ts';

type Actor = Viewer;

/** The offer flow of SPEC.md 4: the buyer offers, the seller accepts or rejects, the seller marks it sold. */
export class Offers {
  private readonly context: ChatContext;
  private readonly conversations: Conversations;

  constructor(context: ChatContext, conversations: Conversations) {
    this.context = context;
    this.conversations = conversations;
  }

  /**
   * The buyer offers a price (again, until one is accepted, a few times an hour); an open offer is replaced by
   * the new one.
   */
  async make(
    buyer: Actor,
    chatId: string,
    input: OfferInput,
    language: LanguageCode = DEFAULT_LANGUAGE,
  ): Promise<ChatMessage> {
    const chat = await this.conversations.ofParticipant(buyer.userId, chatId);
    if (roleOf(chat, buyer.userId) !== 'buyer') throw onlyBuyerOffers();
    await this.conversations.assertMayWrite(chat, buyer.userId);
    await this.refuseIfItemSold(chat.itemId);
    const { offersPerHour } = await this.context.settings.accountLimits();
    return this.inTransaction(async (tx, publish) => {
      const current = await lockChat(tx, chatId);
      if (!mayOffer(current.offerStatus)) {
        throw current.offerStatus === OFFER_STATUS.accept ? offerAlreadyAccepted() : itemAlreadySold();
      }
      await refuseOffersPastLimit(tx, chatId, buyer.userId, offersPerHour, language);
      const [replaced] = await tx
        .update(offers)
        .set({ price: input.price, addedDate: new Date() })
        .where(and(eq(offers.chatId, chatId), eq(offers.status, OFFER_STATUS.offer)))
        .returning({ id: offers.id });
      if (!replaced) {
        await tx.insert(offers).values({
          chatId,
          itemId: current.itemId,
          buyerUserId: current.buyerUserId,
          sellerUserId: current.sellerUserId,
          price: input.price,
        });
      }
      const message = { type: CHAT_MESSAGE_TYPE.offer, offerAmount: input.price } as const;
      const changes = { offerStatus: OFFER_STATUS.offer, offerAmount: input.price, negoPrice: input.price };
      return this.storeAndPublish(tx, publish, current, buyer, message, 'offer', changes);
    });
  }

  /** The seller accepts or rejects the open offer; a conversation accepts one offer at most. */
  async decide(seller: Actor, chatId: string, accept: boolean): Promise<ChatState> {
    const chat = await this.conversations.ofParticipant(seller.userId, chatId);
    if (roleOf(chat, seller.userId) !== 'seller') throw onlySellerDecides();
    if (accept) await this.refuseIfItemSold(chat.itemId);
    const status = accept ? OFFER_STATUS.accept : OFFER_STATUS.reject;
    return this.inTransaction(async (tx, publish) => {
      const current = await lockChat(tx, chatId);
      if (!mayDecide(current.offerStatus)) {
        throw current.offerStatus === OFFER_STATUS.accept ? offerAlreadyAccepted() : noOpenOffer();
      }
      await tx
        .update(offers)
        .set({ status, decidedAt: new Date() })
        .where(and(eq(offers.chatId, chatId), eq(offers.status, OFFER_STATUS.offer)));
      const [updated] = await tx.update(chats).set({ offerStatus: status }).where(eq(chats.id, chatId)).returning();
      const state = presentState(updated ?? current);
      publish('chat.changed', {
        kind: accept ? 'accepted' : 'rejected',
        chat: state,
        actorId: seller.userId,
        actorName: seller.userName,
        recipientId: current.buyerUserId,
      });
      return state;
    });
  }

  /**
   * The seller sold the item to this buyer: the conversation becomes "bought" (both may then review each
   * other), the item is marked sold, and every other conversation about it says it is sold.
   */
  async markSold(seller: Actor, chatId: string): Promise<ChatMessage> {
    const chat = await this.conversations.ofParticipant(seller.userId, chatId);
    if (roleOf(chat, seller.userId) !== 'seller') throw onlySellerDecides();
    await this.context.items.accessOf(chat.itemId);
    const message = await this.inTransaction(async (tx, publish) => {
      const current = await lockChat(tx, chatId);
      if (!mayMarkSold(current.offerStatus)) throw alreadySoldHere();
      const [otherBuyer] = await tx
        .select({ id: chats.id })
        .from(chats)
        .where(and(eq(chats.itemId, current.itemId), ne(chats.id, chatId), eq(chats.offerStatus, OFFER_STATUS.bought)));
      if (otherBuyer) throw itemAlreadySold();
      const bought = { type: CHAT_MESSAGE_TYPE.bought } as const;
      return this.storeAndPublish(tx, publish, current, seller, bought, 'sold', { offerStatus: OFFER_STATUS.bought });
    });
    await this.context.items.setSoldOut(seller, chat.itemId, true);
    return message;
  }

  /**
   * The item was marked sold (from the item page, or from a chat): conversations still open say so. When the
   * seller accepted exactly one buyer's offer and chose nobody, that buyer is the one who bought it. A follow-up
   * of item.sold: safe to run again.
   */
  async closeConversationsOf(itemId: string, ownerId: string) {
    const open = await this.context.db
      .select()
      .from(chats)
      .where(and(eq(chats.itemId, itemId), notInArray(chats.offerStatus, [OFFER_STATUS.sold, OFFER_STATUS.bought])));
    if (open.length === 0) return;
    const [buyerChosen] = await this.context.db
      .select({ id: chats.id })
      .from(chats)
      .where(and(eq(chats.itemId, itemId), eq(chats.offerStatus, OFFER_STATUS.bought)));
    const accepted = open.filter((chat) => chat.offerStatus === OFFER_STATUS.accept);
    const boughtChatId = !buyerChosen && accepted.length === 1 ? accepted[0]?.id : undefined;
    const seller = await this.sellerAsActor(ownerId);
    for (const chat of open) {
      const isBuyer = chat.id === boughtChatId;
      const status = isBuyer ? OFFER_STATUS.bought : OFFER_STATUS.sold;
      const type = isBuyer ? CHAT_MESSAGE_TYPE.bought : CHAT_MESSAGE_TYPE.sold;
      await this.inTransaction(async (tx, publish) => {
        const current = await lockChat(tx, chat.id);
        // Run again after a crash or a retry, it finds the conversation already closed and leaves it.
        if (isClosedDeal(current.offerStatus)) return;
        await this.storeAndPublish(tx, publish, current, seller, { type }, 'sold', { offerStatus: status });
      });
    }
  }

  /** /offer-list: offers received (I sell) or sent (I buy), the latest first. */
  async list(viewer: Actor, tab: OfferListTab, page: PageWindow, language: LanguageCode): Promise<Paged<Offer>> {
    const side = tab === 'received' ? offers.sellerUserId : offers.buyerUserId;
    const rows = await this.context.db
      .select()
      .from(offers)
      .where(eq(side, viewer.userId))
      .orderBy(desc(offers.addedDate), desc(offers.id))
      .limit(page.limit + 1)
      .offset(page.offset);
    const paged = toPage(rows, page.limit, page.offset);
    const itemIds = [...new Set(paged.items.map((row) => row.itemId))];
    const userIds = [...new Set(paged.items.flatMap((row) => [row.buyerUserId, row.sellerUserId]))];
    const [items, people] = await Promise.all([
      itemIds.length ? this.context.items.cardsOf(itemIds, viewer, language) : [],
      this.context.users.cardsOf(userIds, viewer, { followed: new Set(), includeHidden: true }),
    ]);
    return {
      ...paged,
      items: paged.items.map((row) => ({
        id: row.id,
        chat_id: row.chatId,
        price: row.price,
        status: row.status,
        added_date: row.addedDate.toISOString(),
        added_date_str: formatDateTime(row.addedDate, language),
        item: items.find((item) => item.id === row.itemId) ?? null,
        buyer: people.find((person) => person.user_id === row.buyerUserId) ?? null,
        seller: people.find((person) => person.user_id === row.sellerUserId) ?? null,
      })),
    };
  }

  private async refuseIfItemSold(itemId: string) {
    const item = await this.context.items.accessOf(itemId);
    if (item.isSoldOut) throw itemAlreadySold();
  }

  private inTransaction<T>(work: (tx: Tx, publish: Publish) => Promise<T>): Promise<T> {
    return this.context.events.transaction(this.context.db, work);
  }

  private async storeAndPublish(
    tx: Tx,
    publish: Publish,
    chat: ChatRow,
    actor: Actor,
    message: NewMessage,
    kind: ChatNoticeKind,
    changes: Parameters<typeof storeMessage>[4],
  ): Promise<ChatMessage> {
    const stored = await storeMessage(tx, chat, actor.userId, message, changes);
    const presented = presentMessage(stored.row);
    publish('chat.message', {
      kind,
      message: presented,
      chat: presentState(stored.chat),
      actorId: actor.userId,
      actorName: actor.userName,
      recipientId: otherPartyOf(chat, actor.userId),
    });
    return presented;
  }

  private async sellerAsActor(ownerId: string): Promise<Actor> {
    const [person] = await this.context.users.cardsOf([ownerId], null, { followed: new Set(), includeHidden: true });
    return { userId: ownerId, userName: person?.user_name ?? '', isAdmin: false, status: 1, photo: null };
  }
}

/**
 * Refuses a buyer's offer once they made `limit` in this conversation within the hour (the chat row is locked,
 * so parallel offers count each other), saying when the next may be made.
 */
async function refuseOffersPastLimit(tx: Tx, chatId: string, buyerId: string, limit: number, language: LanguageCode) {
  if (limit <= 0) return;
  const latest = await tx
    .select({ addedDate: chatMessages.addedDate })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.chatId, chatId),
        eq(chatMessages.senderId, buyerId),
        eq(chatMessages.type, CHAT_MESSAGE_TYPE.offer),
        gt(chatMessages.addedDate, new Date(Date.now() - HOUR_MS)),
      ),
    )
    .orderBy(desc(chatMessages.seq))
    .limit(limit);
  const oldest = latest.at(-1)?.addedDate ?? null;
  refuseAtLimit(
    { count: latest.length, oldest },
    { limit, windowMs: HOUR_MS, messageKey: 'api.offerHourlyLimit' },
    language,
  );
}
