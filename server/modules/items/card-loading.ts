import { and, type Placeholder, sql } from 'drizzle-orm';
import type { LanguageCode } from '../../../contract/language.ts';
import { type Db, qualified } from '../../kernel/database.ts';
import { cityJson, currencyJson } from '../lookups/index.ts';
import { firstImageJson } from '../media/index.ts';
import { sellerMarksJson } from '../users/index.ts';
import { items } from './schema.ts';
import { type ListingTies, listedConditions } from './visibility.ts';

/**
 * Reading items as cards (lists and rails), in one query: the few columns a card shows, its currency, city,
 * cover photo and seller's verified marks, and whether the viewer keeps it as a favourite. The item page's loader (loading.ts) reads
 * fifteen lookups per item and every picture; a card needs two lookups and one picture.
 */

function cardSelection(language: LanguageCode, viewerId: Placeholder | null, ties: ListingTies) {
  return {
    id: items.id,
    slug: items.slug,
    title: items.title,
    price: items.price,
    status: items.status,
    isSoldOut: items.isSoldOut,
    isPaid: items.isPaid,
    catId: items.catId,
    subCatId: items.subCatId,
    addedDate: items.addedDate,
    addedUserId: items.addedUserId,
    rejectReason: items.rejectReason,
    lat: items.lat,
    lng: items.lng,
    cover: firstImageJson(qualified(items.id), 'item'),
    currency: currencyJson(items.itemCurrencyId, language),
    location: cityJson(items.itemLocationId, language),
    sellerMarks: sellerMarksJson(items.addedUserId),
    isFavourited: viewerId ? ties.favouriteOf(viewerId, items.id) : sql<boolean>`false`,
  };
}

/** Who reads the cards: a visitor or a viewer, and whether only what they may list (visibility.ts mayList). */
type CardReader = 'visitor' | 'viewer' | 'listed visitor' | 'listed viewer';

function cardRowsQuery(db: Db, ties: ListingTies, language: LanguageCode, reader: CardReader) {
  const viewerId = reader.endsWith('viewer') ? sql.placeholder('viewerId') : null;
  const listed = reader.startsWith('listed') ? listedConditions(viewerId, ties) : [];
  return db
    .select(cardSelection(language, viewerId, ties))
    .from(items)
    .where(and(sql`${items.id} = any(${sql.placeholder('itemIds')}::uuid[])`, ...listed));
}

type CardStatement = ReturnType<ReturnType<typeof cardRowsQuery>['prepare']>;
export type CardRow = Awaited<ReturnType<CardStatement['execute']>>[number];

export class CardLoader {
  private readonly db: Db;
  private readonly ties: ListingTies;
  /** One prepared statement per language and kind of viewer. */
  private readonly statements = new Map<string, CardStatement>();

  constructor(db: Db, ties: ListingTies) {
    this.db = db;
    this.ties = ties;
  }

  /**
   * The card rows of these items, in the order of the ids given; with `listedOnly`, only those the viewer may
   * list now (visibility.ts mayList), the others left out.
   */
  async byIds(
    itemIds: string[],
    language: LanguageCode,
    viewerId: string | null,
    { listedOnly = false } = {},
  ): Promise<CardRow[]> {
    if (itemIds.length === 0) return [];
    const reader = `${listedOnly ? 'listed ' : ''}${viewerId === null ? 'visitor' : 'viewer'}` as const;
    const rows = await this.statementFor(language, reader).execute({ itemIds, viewerId });
    const position = new Map(itemIds.map((id, index) => [id, index]));
    return rows.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
  }

  private statementFor(language: LanguageCode, reader: CardReader) {
    const name = `item_cards_${language}_${reader.replace(' ', '_')}`;
    let statement = this.statements.get(name);
    if (!statement) {
      statement = cardRowsQuery(this.db, this.ties, language, reader).prepare(name);
      this.statements.set(name, statement);
    }
    return statement;
  }
}
