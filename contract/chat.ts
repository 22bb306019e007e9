import { z } from 'zod';
import { CHAT_LIMITS } from './chat-basics.ts';
import { dateTextSchema, dateTimeSchema, VALIDATION } from './fields.ts';
import { userIdSchema } from './ids.ts';
import { itemSchema } from './items.ts';
import { imageSchema } from './media.ts';
import { userSchema } from './users.ts';

export {
  CHAT_LIMITS,
  CHAT_LIST_TABS,
  CHAT_MESSAGE_TYPE,
  CHAT_ROLES,
  type ChatListTab,
  type ChatMessageType,
  type ChatRole,
  type MessageConcern,
  messageConcerns,
} from './chat-basics.ts';

/** The three ids that name a conversation (SPEC.md 2 /chat). */
export const chatKeySchema = z.object({
  item_id: z.uuid(),
  buyer_user_id: userIdSchema,
  seller_user_id: userIdSchema,
});
export type ChatKey = z.infer<typeof chatKeySchema>;

export const clientIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]+$/)
  .min(8)
  .max(CHAT_LIMITS.clientIdLength);

export const messageTextSchema = z
  .string()
  .trim()
  .min(1, VALIDATION.required)
  .max(CHAT_LIMITS.messageLength, VALIDATION.tooLong);

export const sendMessageSchema = z.object({ client_id: clientIdSchema, message: messageTextSchema });
export type SendMessageInput = z.infer<typeof sendMessageSchema>;

export const chatRecordSchema = z
  .object({
    id: z.string(),
    item_id: z.string(),
    buyer_user_id: z.string(),
    seller_user_id: z.string(),
    nego_price: z.string(),
    buyer_unread_count: z.number().int(),
    seller_unread_count: z.number().int(),
    is_accept: z.number().int().describe('Chat and offer status (SPEC.md 4): 0 none … 5 bought'),
    added_date: dateTimeSchema,
    added_date_str: dateTextSchema,
    is_offer: z.boolean(),
    offer_amount: z.string().nullable(),
    photo_count: z.number().int(),
    is_favourited: z.boolean(),
    is_owner: z.boolean(),
    default_photo: imageSchema.nullable(),
    item: itemSchema.nullable(),
    buyer: userSchema.nullable(),
    seller: userSchema.nullable(),
    last_message: z.string().nullable(),
    last_message_type: z.number().int().nullable(),
    last_message_date: dateTimeSchema.nullable(),
    unread_count: z.number().int().describe('Unread messages of the viewer in this conversation'),
  })
  .meta({ id: 'ChatRecord' });
export type ChatRecord = z.infer<typeof chatRecordSchema>;

/** What changes in a conversation as it goes on: sent live with each message and each offer step. */
export const chatStateSchema = chatRecordSchema
  .pick({
    id: true,
    item_id: true,
    buyer_user_id: true,
    seller_user_id: true,
    is_accept: true,
    offer_amount: true,
    buyer_unread_count: true,
    seller_unread_count: true,
    last_message: true,
    last_message_type: true,
    last_message_date: true,
  })
  .meta({ id: 'ChatState' });
export type ChatState = z.infer<typeof chatStateSchema>;

export const chatMessageSchema = z
  .object({
    id: z.string(),
    seq: z.number().int().describe('Order within the conversation; resume with after=<seq>'),
    chat_id: z.string(),
    sender_id: z.string(),
    type: z.number().int(),
    message: z.string(),
    offer_amount: z.string().nullable(),
    image_url: z.string().nullable(),
    client_id: z.string().nullable(),
    added_date: dateTimeSchema,
  })
  .meta({ id: 'ChatMessage' });
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** A conversation as the chat screen opens it: the record and its latest messages, oldest first. */
export const conversationSchema = z
  .object({
    chat: chatRecordSchema,
    messages: z.array(chatMessageSchema),
    has_older: z.boolean(),
  })
  .meta({ id: 'Conversation' });
export type Conversation = z.infer<typeof conversationSchema>;

export const messagePageSchema = z.object({ messages: z.array(chatMessageSchema), has_older: z.boolean() });
export type MessagePage = z.infer<typeof messagePageSchema>;

export const unreadTotalSchema = z.object({ unread_count: z.number().int() }).meta({ id: 'UnreadTotal' });
