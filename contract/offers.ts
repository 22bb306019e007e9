import { z } from 'zod';
import { dateTextSchema, dateTimeSchema } from './fields.ts';
import { priceSchema } from './item-entry.ts';
import { itemSchema } from './items.ts';
import { userSchema } from './users.ts';

export { isClosedDeal, OFFER_LIST_TABS, OFFER_STATUS, type OfferListTab, type OfferStatus } from './offer-basics.ts';

/** The buyer's price, in the item's currency: the same format as an item's price. */
export const offerInputSchema = z.object({ price: priceSchema });
export type OfferInput = z.infer<typeof offerInputSchema>;

/** The seller's answer to the open offer (after a yes/no confirmation on screen). */
export const offerDecisionSchema = z.object({ accept: z.boolean() });

/** One offer on /offer-list: received (I sell) or sent (I buy). */
export const offerSchema = z
  .object({
    id: z.number().int(),
    chat_id: z.string(),
    price: z.string(),
    status: z.number().int().describe('1 open, 2 rejected, 3 accepted'),
    added_date: dateTimeSchema,
    added_date_str: dateTextSchema,
    item: itemSchema.nullable(),
    buyer: userSchema.nullable(),
    seller: userSchema.nullable(),
  })
  .meta({ id: 'Offer' });
export type Offer = z.infer<typeof offerSchema>;
