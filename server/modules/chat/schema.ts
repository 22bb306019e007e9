import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { addedDate, updatedDate } from '../../db/schema/columns.ts';
import { items } from '../items/schema.ts';
import { users } from '../users/schema.ts';

/**
 * A conversation about one item between its seller and one buyer.
 * offer_status follows SPEC.md 4 "Chat and offer status": 0 none, 1 offer, 2 rejected, 3 accepted, 4 sold,
 * 5 bought by this buyer.
 */
export const chats = pgTable(
  'chats',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    buyerUserId: text('buyer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sellerUserId: text('seller_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    negoPrice: numeric('nego_price', { precision: 14, scale: 2 }).notNull().default('0'),
    buyerUnreadCount: integer('buyer_unread_count').notNull().default(0),
    sellerUnreadCount: integer('seller_unread_count').notNull().default(0),
    /** The last message seq each side has read: the unread counts can be counted again from the messages. */
    buyerReadSeq: bigint('buyer_read_seq', { mode: 'number' }).notNull().default(0),
    sellerReadSeq: bigint('seller_read_seq', { mode: 'number' }).notNull().default(0),
    offerStatus: smallint('offer_status').notNull().default(0),
    offerAmount: numeric('offer_amount', { precision: 14, scale: 2 }),
    lastMessage: text('last_message'),
    lastMessageType: smallint('last_message_type'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    addedDate: addedDate(),
    updatedDate: updatedDate(),
  },
  (table) => [
    uniqueIndex('chats_participants_idx').on(table.itemId, table.buyerUserId, table.sellerUserId),
    index('chats_buyer_idx').on(table.buyerUserId, table.lastMessageAt.desc()),
    index('chats_seller_idx').on(table.sellerUserId, table.lastMessageAt.desc()),
  ],
);

/**
 * type follows SPEC.md 4 "Chat message types": 0 text, 1 image, 2 offer, 4 sold, 5 bought (3, the date, is
 * drawn by screens). seq orders a conversation; client_id makes a client's resend store nothing new.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: smallint('type').notNull().default(0),
    message: text('message').notNull().default(''),
    offerAmount: numeric('offer_amount', { precision: 14, scale: 2 }),
    imagePath: text('image_path'),
    clientId: text('client_id'),
    readAt: timestamp('read_at', { withTimezone: true }),
    addedDate: addedDate(),
  },
  (table) => [
    index('chat_messages_chat_seq_idx').on(table.chatId, table.seq),
    uniqueIndex('chat_messages_client_idx').on(table.chatId, table.senderId, table.clientId),
  ],
);

/** A price offer made in a chat. status: 1 open, 2 rejected, 3 accepted; a conversation accepts one at most. */
export const offers = pgTable(
  'offers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    buyerUserId: text('buyer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sellerUserId: text('seller_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    price: numeric('price', { precision: 14, scale: 2 }).notNull(),
    status: smallint('status').notNull().default(1),
    addedDate: addedDate(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    index('offers_buyer_idx').on(table.buyerUserId, table.addedDate.desc()),
    index('offers_seller_idx').on(table.sellerUserId, table.addedDate.desc()),
    index('offers_chat_idx').on(table.chatId),
    uniqueIndex('offers_one_accepted_idx').on(table.chatId).where(sql`${table.status} = 3`),
  ],
);
