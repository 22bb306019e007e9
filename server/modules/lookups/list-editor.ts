import { asc, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  type ConsoleList,
  type ConsoleListEntry,
  type ConsoleListKind,
  isChildList,
  LIST_PARENTS,
  type ListEntryEdit,
  listHasCurrency,
  listHasPoint,
  listHasShipping,
} from '../../../contract/console-lists.ts';
import type { LanguageCode } from '../../../contract/language.ts';
import { type Db, isUniqueViolation } from '../../kernel/database.ts';
import { AppError, notFound } from '../../kernel/errors.ts';
import type { EventBus, Publish } from '../../kernel/events.ts';
import { localizedText } from '../../kernel/localized-text.ts';
import { recordOperatorAction, refuseUnlessAdmin } from '../../kernel/operator-actions.ts';
import { firstImages } from '../media/index.ts';
import { categories, subcategories } from './catalog-schema.ts';
import './events.ts';
import * as lists from './schema.ts';
import { uniqueSlug } from './slugs.ts';

interface Asker {
  userId: string;
  isAdmin: boolean;
}

/**
 * Where a list keeps what the console edits; `nameKey` and `parentKey` are the row's property names. `nameKey` is
 * the column the English name is copied to (none for currencies, whose `name` column is their code).
 */
interface ListTable {
  table: PgTable;
  columns: { id: AnyPgColumn; name: AnyPgColumn; names: AnyPgColumn; ordering: AnyPgColumn; status: AnyPgColumn };
  nameKey: string | null;
  parent?: { column: AnyPgColumn; key: string };
  point?: { lat: AnyPgColumn; lng: AnyPgColumn };
  currency?: { code: AnyPgColumn; symbol: AnyPgColumn };
  shipping?: { price: AnyPgColumn; days: AnyPgColumn };
}

const plain = (table: typeof lists.itemTypes | typeof lists.itemPriceTypes): ListTable => ({
  table,
  columns: table,
  nameKey: 'name',
});

const LIST_TABLES: Record<ConsoleListKind, ListTable> = {
  'item-types': plain(lists.itemTypes),
  conditions: plain(lists.itemConditions),
  'deal-options': plain(lists.dealOptions),
  'price-types': plain(lists.itemPriceTypes),
  currencies: {
    table: lists.currencies,
    columns: { ...lists.currencies, name: lists.currencies.currencyShortForm },
    nameKey: null,
    currency: { code: lists.currencies.currencyShortForm, symbol: lists.currencies.currencySymbol },
  },
  'shipping-methods': {
    ...{ table: lists.shippingMethods, columns: lists.shippingMethods, nameKey: 'name' },
    shipping: { price: lists.shippingMethods.price, days: lists.shippingMethods.days },
  },
  'seller-types': plain(lists.sellerTypes),
  manufacturers: plain(lists.manufacturers),
  models: {
    ...{ table: lists.models, columns: lists.models, nameKey: 'name' },
    parent: { column: lists.models.manufacturerId, key: 'manufacturerId' },
  },
  'vehicle-types': plain(lists.vehicleTypes),
  'body-styles': plain(lists.bodyStyles),
  transmissions: plain(lists.transmissions),
  'fuel-types': plain(lists.fuelTypes),
  'engine-statuses': plain(lists.engineStatuses),
  colors: plain(lists.colors),
  states: plain(lists.states),
  'user-states': plain(lists.userStates),
  subcategories: {
    ...{ table: subcategories, columns: subcategories, nameKey: 'name' },
    parent: { column: subcategories.catId, key: 'catId' },
  },
  cities: {
    ...{ table: lists.itemLocations, columns: lists.itemLocations, nameKey: 'name' },
    point: { lat: lists.itemLocations.lat, lng: lists.itemLocations.lng },
  },
  townships: {
    table: lists.locationTownships,
    columns: { ...lists.locationTownships, name: lists.locationTownships.townshipName },
    nameKey: 'townshipName',
    parent: { column: lists.locationTownships.cityId, key: 'cityId' },
    point: { lat: lists.locationTownships.lat, lng: lists.locationTownships.lng },
  },
};

/** The parents' tables: their ids and their names, for the heading of a child list. */
const PARENT_TABLES = {
  manufacturers: {
    table: lists.manufacturers,
    id: lists.manufacturers.id,
    names: lists.manufacturers.names,
    name: lists.manufacturers.name,
  },
  categories: { table: categories, id: categories.id, names: categories.names, name: categories.catName },
  cities: {
    table: lists.itemLocations,
    id: lists.itemLocations.id,
    names: lists.itemLocations.names,
    name: lists.itemLocations.name,
  },
} as const;

/** A list shows at most this many entries: a parent's models or a country's cities are far fewer. */
const MAX_ENTRIES = 1000;

type EntryRow = Omit<ConsoleListEntry, 'kind' | 'is_published' | 'photo'> & { status: number };

/**
 * The lookup lists as the console edits them (issue 24): every entry, hidden ones too; adding and changing
 * names, order, visibility and map points. Entries are hidden, never deleted: listings keep the choices they
 * were posted with. Each change is in the audit log and retires the visitors' page cache.
 */
export class ListEditor {
  private readonly db: Db;
  private readonly events: EventBus;

  constructor(db: Db, events: EventBus) {
    this.db = db;
    this.events = events;
  }

  async list(
    asker: Asker,
    kind: ConsoleListKind,
    parentId: number | null,
    language: LanguageCode,
  ): Promise<ConsoleList> {
    refuseUnlessAdmin(asker);
    const list = LIST_TABLES[kind];
    const parent = isChildList(kind) ? await this.parentOf(kind, parentId, language) : null;
    const rows = await this.db
      .select(entryFields(list))
      .from(list.table)
      .where(parent && list.parent ? eq(list.parent.column, parent.id) : undefined)
      .orderBy(asc(list.columns.ordering), asc(list.columns.id))
      .limit(MAX_ENTRIES);
    return { kind, parent, entries: await this.withPhotos(kind, rows as EntryRow[]) };
  }

  async get(asker: Asker, kind: ConsoleListKind, id: number): Promise<ConsoleListEntry> {
    refuseUnlessAdmin(asker);
    const row = await this.find(this.db, kind, id);
    if (!row) throw notFound('console.lists.notFound');
    const [entry] = await this.withPhotos(kind, [row]);
    return entry as ConsoleListEntry;
  }

  /** The entries as the console shows them; a subcategory with the photo on its card. */
  private async withPhotos(kind: ConsoleListKind, rows: EntryRow[]): Promise<ConsoleListEntry[]> {
    const entries = rows.map((row) => present(kind, row));
    if (kind !== 'subcategories') return entries;
    const photos = await firstImages(
      this.db,
      rows.map((row) => row.id),
      ['subcategory'],
    );
    return entries.map((entry) => ({ ...entry, photo: photos.get(`${entry.id}:subcategory`)?.img_path ?? null }));
  }

  /** Adds an entry (to the parent named in the edit, for a child list), shown or hidden as asked. */
  async create(asker: Asker, kind: ConsoleListKind, edit: ListEntryEdit): Promise<ConsoleListEntry> {
    refuseUnlessAdmin(asker);
    const list = LIST_TABLES[kind];
    return this.events.transaction(this.db, async (tx, publish) => {
      if (isChildList(kind)) await this.requireParent(tx, kind, edit.parent_id);
      const values = { ...changedColumns(kind, edit), ...(await creationColumns(tx, kind, edit, asker)) };
      const [saved] = await tx
        .insert(list.table)
        .values(values as never)
        .returning(entryFields(list))
        .catch((error: unknown) => refuseTaken(kind, error));
      const after = present(kind, saved as EntryRow);
      record(publish, asker, `${kind}.create`, after, null);
      return after;
    });
  }

  async update(asker: Asker, kind: ConsoleListKind, id: number, edit: ListEntryEdit): Promise<ConsoleListEntry> {
    refuseUnlessAdmin(asker);
    const list = LIST_TABLES[kind];
    return this.events.transaction(this.db, async (tx, publish) => {
      const row = await this.find(tx, kind, id, true);
      if (!row) throw notFound('console.lists.notFound');
      const changes = { ...changedColumns(kind, edit), updatedDate: new Date() };
      if (kind === 'subcategories') Object.assign(changes, { updatedUserId: asker.userId });
      const [saved] = await tx
        .update(list.table)
        .set(changes as never)
        .where(eq(list.columns.id, id))
        .returning(entryFields(list))
        .catch((error: unknown) => refuseTaken(kind, error));
      const after = present(kind, saved as EntryRow);
      record(publish, asker, `${kind}.update`, after, present(kind, row));
      return after;
    });
  }

  private async find(db: Db, kind: ConsoleListKind, id: number, forUpdate = false): Promise<EntryRow | undefined> {
    const list = LIST_TABLES[kind];
    const query = db.select(entryFields(list)).from(list.table).where(eq(list.columns.id, id));
    const [row] = forUpdate ? await query.for('update') : await query;
    return row as EntryRow | undefined;
  }

  private async parentOf(kind: keyof typeof LIST_PARENTS, parentId: number | null, language: LanguageCode) {
    const parent = PARENT_TABLES[LIST_PARENTS[kind]];
    if (parentId === null) throw new AppError(400, 'console.lists.parentMissing');
    const [found] = await this.db
      .select({ id: parent.id, name: localizedText(parent.names, language, parent.name) })
      .from(parent.table)
      .where(eq(parent.id, parentId));
    if (!found) throw notFound('console.lists.parentNotFound');
    return found;
  }

  private async requireParent(db: Db, kind: keyof typeof LIST_PARENTS, parentId: number | undefined) {
    const parent = PARENT_TABLES[LIST_PARENTS[kind]];
    const [found] = parentId
      ? await db.select({ id: parent.id }).from(parent.table).where(eq(parent.id, parentId)).for('share')
      : [];
    if (!found) throw notFound('console.lists.parentNotFound');
  }
}

function entryFields(list: ListTable): Record<string, AnyPgColumn | SQL> {
  const { columns } = list;
  return {
    id: columns.id,
    names: columns.names,
    name: columns.name,
    ordering: columns.ordering,
    status: columns.status,
    parent_id: list.parent?.column ?? sql<null>`null`,
    lat: list.point?.lat ?? sql<null>`null`,
    lng: list.point?.lng ?? sql<null>`null`,
    code: list.currency?.code ?? sql<null>`null`,
    symbol: list.currency?.symbol ?? sql<null>`null`,
    price: list.shipping?.price ?? sql<null>`null`,
    days: list.shipping?.days ?? sql<null>`null`,
  };
}

function present(kind: ConsoleListKind, row: EntryRow & { name?: unknown }): ConsoleListEntry {
  const names = { ...(row.names as Record<string, string>) };
  names.en ??= String(row.name ?? '');
  return {
    id: row.id,
    kind,
    names,
    ordering: row.ordering,
    is_published: row.status === 1,
    parent_id: row.parent_id,
    lat: row.lat,
    lng: row.lng,
    code: row.code,
    symbol: row.symbol,
    price: row.price,
    days: row.days,
    photo: null,
  };
}

/**
 * What an edit writes: the names (the English one is also the list's default name), order, state, and what the
 * list has beside them (a point, a currency's code and symbol, a shipping method's price and days).
 */
function changedColumns(kind: ConsoleListKind, edit: ListEntryEdit) {
  const list = LIST_TABLES[kind];
  const names = Object.fromEntries(Object.entries(edit.names).filter(([, name]) => name !== ''));
  return {
    ...(list.nameKey ? { [list.nameKey]: edit.names.en } : {}),
    names,
    ordering: edit.ordering,
    status: edit.is_published ? 1 : 0,
    ...(listHasPoint(kind) ? { lat: edit.lat, lng: edit.lng } : {}),
    ...(listHasCurrency(kind) ? { currencyShortForm: edit.code, currencySymbol: edit.symbol } : {}),
    ...(listHasShipping(kind) ? { price: edit.price, days: edit.days ?? null } : {}),
  };
}

/** What only a new entry gets: its parent, and for a subcategory the author and a unique slug. */
async function creationColumns(db: Db, kind: ConsoleListKind, edit: ListEntryEdit, asker: Asker) {
  const list = LIST_TABLES[kind];
  const columns: Record<string, unknown> = list.parent ? { [list.parent.key]: edit.parent_id } : {};
  if (kind !== 'subcategories') return columns;
  return {
    ...columns,
    slug: await uniqueSlug(db, { table: subcategories, slug: subcategories.slug }, edit.names.en ?? '', 'subcategory'),
    addedUserId: asker.userId,
  };
}

/** A name another entry of the list already has, or a currency's code. */
function refuseTaken(kind: ConsoleListKind, error: unknown): never {
  if (!isUniqueViolation(error)) throw error;
  throw new AppError(409, listHasCurrency(kind) ? 'console.lists.currencyCodeTaken' : 'console.lists.nameTaken');
}

function record(
  publish: Publish,
  asker: Asker,
  action: string,
  after: ConsoleListEntry,
  before: ConsoleListEntry | null,
) {
  const subjectId = `${after.kind}:${after.id}`;
  const audited = (entry: ConsoleListEntry) => {
    const { kind: _kind, id: _id, photo: _photo, ...fields } = entry;
    return fields;
  };
  publish('lookups.changed', { kind: after.kind, id: after.id });
  recordOperatorAction(publish, {
    ...{ actorId: asker.userId, action, subjectType: 'lookup', subjectId },
    ...{ before: before && audited(before), after: audited(after) },
  });
}
