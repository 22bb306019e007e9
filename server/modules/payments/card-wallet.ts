/**
 * Where a payer's saved cards are: the card provider's customer objects (Stripe's Customers and the
 * PaymentMethods saved to them), never rows of ours. The payments module keeps only which customer is whose.
 */
export interface CardWallet {
  /** A new customer at the provider for an account; the same `userId` again gives the same customer back. */
  createCustomer(payer: { userId: string; email: string | null; name: string }): Promise<string>;
  /** Deletes the customer and with it every card saved to it. An unknown or deleted one is no error. */
  deleteCustomer(customerId: string): Promise<void>;
  /** The customer's saved cards, the latest first. */
  cards(customerId: string): Promise<WalletCard[]>;
  /** Starts saving a card: the payer's browser confirms the returned secret with the provider's own card fields. */
  startSetup(customerId: string, metadata: Record<string, string>): Promise<{ id: string; clientSecret: string }>;
  /** How a card's saving stands, as the provider says; null for an id it does not know. */
  setup(setupId: string): Promise<WalletSetup | null>;
  /** The new card takes the old one's owner details (but its own name), and the old one is removed. */
  replaceCard(oldCardId: string, newCardId: string): Promise<void>;
  removeCard(cardId: string): Promise<void>;
}

/** What is shown of a saved card: never its number or security code, which only the provider holds. */
export interface WalletCard {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  holderName: string | null;
}

export interface WalletSetup {
  customerId: string | null;
  state: 'saved' | 'waiting' | 'cancelled';
  /** The saved card, once it is. */
  cardId: string | null;
  metadata: Record<string, string>;
}
