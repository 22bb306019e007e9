import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Collection, CollectionEdit, ConsoleCollection } from '../../../contract/collections.ts';
import { MAX_COLLECTION_ITEMS } from '../../../contract/collections.ts';
import type { LanguageCode } from '../../../contract/language.ts';
import { type Db, isForeignKeyViolation } from '../../kernel/database.ts';
import { AppError, notFound } from '../../kernel/errors.ts';
import type { EventBus, Publish } from '../../kernel/events.ts';
import { pickByLanguage } from '../../kernel/localized-text.ts';
import { recordOperatorAction, refuseUnlessAdmin } from '../../kernel/operator-actions.ts';
import type { Listings } from '../items/index.ts';
import { collectionItems, collections } from './schema.ts';

type CollectionRow = typeof collections.$inferSelect;

interface Asker {
  userId: string;
  isAdmin: boolean;
}

declare module '../../kernel/events.ts' {
  interface DomainEvents {
    /** An operator changed a collection: the dashboard is out of date. */
    'collections.changed': { collectionId: number };
  }
}

/** The dashboard shows a few collections, each a rail: more would bury the newest listings. */
export const COLLECTIONS_SHOWN = 3;

/** Curated groups of listings (SPEC.md 3): the dashboard's rails, and the console's commands on them (issue 24). */
export class Collections {
  private readonly db: Db;
  private readonly events: EventBus;

  constructor(db: Db, events: EventBus) {
    this.db = db;
    this.events = events;
  }

  /** The published collections in their order, named in the reader's language. */
  async shown(language: LanguageCode, limit = COLLECTIONS_SHOWN): Promise<Collection[]> {
    const rows = await this.db
      .select()
      .from(collections)
      .where(eq(collections.status, 1))
      .orderBy(asc(collections.ordering), asc(collections.id))
      .limit(limit);
    return rows.map((row) => ({ id: row.id, name: nameIn(row, language), ordering: row.ordering }));
  }

  /** A published collection, or null. */
  async find(collectionId: number, language: LanguageCode): Promise<Collection | null> {
    const [row] = await this.db
      .select()
      .from(collections)
      .where(and(eq(collections.id, collectionId), eq(collections.status, 1)));
    return row ? { id: row.id, name: nameIn(row, language), ordering: row.ordering } : null;
  }

  /** The search condition of a collection's listings (item-search.ts adds what every public list requires). */
  static holding(collectionId: number) {
    return (listings: Listings) => [
      sql`${listings.id} in (select ${collectionItems.itemId} from ${collectionItems} where ${collectionItems.collectionId} = ${collectionId})`,
    ];
  }

  async list(asker: Asker): Promise<ConsoleCollection[]> {
    refuseUnlessAdmin(asker);
    const rows = await this.db.select().from(collections).orderBy(asc(collections.ordering), asc(collections.id));
    return Promise.all(rows.map((row) => this.present(row)));
  }

  async get(asker: Asker, collectionId: number): Promise<ConsoleCollection> {
    refuseUnlessAdmin(asker);
    return this.present(await this.row(collectionId));
  }

  async create(asker: Asker, edit: CollectionEdit): Promise<ConsoleCollection> {
    refuseUnlessAdmin(asker);
    const saved = await this.events.transaction(this.db, async (tx, publish) => {
      const [row] = await tx.insert(collections).values(columnsOf(edit)).returning();
      if (!row) throw new Error('collection not inserted');
      record(publish, asker, 'collection.create', row.id, null, auditOf(row));
      return row;
    });
    return this.present(saved);
  }

  async update(asker: Asker, collectionId: number, edit: CollectionEdit): Promise<ConsoleCollection> {
    refuseUnlessAdmin(asker);
    const saved = await this.events.transaction(this.db, async (tx, publish) => {
      const [row] = await tx.select().from(collections).where(eq(collections.id, collectionId)).for('update');
      if (!row) throw notFound('console.collections.notFound');
      const [updated] = await tx
        .update(collections)
        .set(columnsOf(edit))
        .where(eq(collections.id, collectionId))
        .returning();
      if (!updated) throw notFound('console.collections.notFound');
      record(publish, asker, 'collection.update', collectionId, auditOf(row), auditOf(updated));
      return updated;
    });
    return this.present(saved);
  }

  /** Adds a listing (refused past MAX_COLLECTION_ITEMS); adding one it holds already changes nothing. */
  async addItem(asker: Asker, collectionId: number, itemId: string): Promise<ConsoleCollection> {
    refuseUnlessAdmin(asker);
    await this.events
      .transaction(this.db, async (tx, publish) => {
        const [row] = await tx.select().from(collections).where(eq(collections.id, collectionId)).for('update');
        if (!row) throw notFound('console.collections.notFound');
        const [held] = await tx
          .select({ n: count() })
          .from(collectionItems)
          .where(eq(collectionItems.collectionId, collectionId));
        if ((held?.n ?? 0) >= MAX_COLLECTION_ITEMS) {
          throw new AppError(409, 'console.collections.full', { values: { count: MAX_COLLECTION_ITEMS } });
        }
        const added = await tx
          .insert(collectionItems)
          .values({ collectionId, itemId, ordering: held?.n ?? 0 })
          .onConflictDoNothing()
          .returning();
        if (added.length > 0) record(publish, asker, 'collection.add-item', collectionId, null, { item_id: itemId });
      })
      .catch((error: unknown) => {
        throw isForeignKeyViolation(error) ? new AppError(404, 'console.collections.itemNotFound') : error;
      });
    return this.get(asker, collectionId);
  }

  async removeItem(asker: Asker, collectionId: number, itemId: string): Promise<ConsoleCollection> {
    refuseUnlessAdmin(asker);
    await this.events.transaction(this.db, async (tx, publish) => {
      const removed = await tx
        .delete(collectionItems)
        .where(and(eq(collectionItems.collectionId, collectionId), eq(collectionItems.itemId, itemId)))
        .returning();
      if (removed.length > 0) record(publish, asker, 'collection.remove-item', collectionId, { item_id: itemId }, null);
    });
    return this.get(asker, collectionId);
  }

  async remove(asker: Asker, collectionId: number) {
    refuseUnlessAdmin(asker);
    await this.events.transaction(this.db, async (tx, publish) => {
      const [row] = await tx.delete(collections).where(eq(collections.id, collectionId)).returning();
      if (!row) throw notFound('console.collections.notFound');
      record(publish, asker, 'collection.delete', collectionId, auditOf(row), null);
    });
  }

  private async row(collectionId: number) {
    const [row] = await this.db.select().from(collections).where(eq(collections.id, collectionId));
    if (!row) throw notFound('console.collections.notFound');
    return row;
  }

  private async present(row: CollectionRow): Promise<ConsoleCollection> {
    const held = await this.db
      .select({ itemId: collectionItems.itemId })
      .from(collectionItems)
      .where(eq(collectionItems.collectionId, row.id))
      .orderBy(desc(collectionItems.ordering));
    return {
      id: row.id,
      names: row.names,
      ordering: row.ordering,
      is_published: row.status === 1,
      item_ids: held.map((each) => each.itemId),
    };
  }
}

function columnsOf(edit: CollectionEdit) {
  const names = Object.fromEntries(Object.entries(edit.names).filter(([, name]) => name !== ''));
  return { names, name: edit.names.en, ordering: edit.ordering, status: edit.is_published ? 1 : 0 };
}

function nameIn(row: CollectionRow, language: LanguageCode) {
  const texts = Object.entries(row.names).map(([lang, name]) => ({ lang, name }));
  return pickByLanguage(texts, language)?.name ?? row.name;
}

function auditOf(row: CollectionRow) {
  return { names: row.names, ordering: row.ordering, is_published: row.status === 1 };
}

function record(
  publish: Publish,
  asker: Asker,
  action: string,
  collectionId: number,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
) {
  publish('collections.changed', { collectionId });
  recordOperatorAction(publish, {
    ...{ actorId: asker.userId, action, subjectType: 'content', subjectId: `collection:${collectionId}` },
    ...{ before, after },
  });
}
