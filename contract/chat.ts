import { z } from 'zod';
import { dateTextSchema, dateTimeSchema } from './fields.ts';
import { itemSchema } from './items.ts';
import { imageSchema } from './media.ts';
import { userSchema } from './users.ts';

export const CHAT_MESSAGE_TYPE = { text: 0, image: 1, offer: 2, date: 3, sold: 4, bought: 5 } as const;

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
  })
  .meta({ id: 'ChatRecord' });

export type ChatRecord = z.infer<typeof chatRecordSchema>;
