import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { formatDateTime } from '../../../contract/format.ts';
import { DEFAULT_LANGUAGE, type LanguageCode } from '../../../contract/language.ts';
import type {
  Category,
  Currency,
  ItemLocation,
  Lookup,
  Model,
  PriceType,
  ShippingMethod,
  Subcategory,
  Township,
} from '../../../contract/lookups.ts';
import type { Image } from '../../../contract/media.ts';
import type { Paged } from '../../../contract/paging.ts';
import type { Db } from '../../kernel/database.ts';
import { notFound } from '../../kernel/errors.ts';
import { containsPattern } from '../../kernel/like-pattern.ts';
import { localizedText } from '../../kernel/localized-text.ts';
import { type PageRequest, resolveOffset, toPage } from '../../kernel/paging.ts';
import { firstImages } from '../media/index.ts';
import { categories, subcategories } from './catalog-schema.ts';
import * as lists from './schema.ts';

export const SIMPLE_LOOKUPS = {
  'item-types': lists.itemTypes,
  conditions: lists.itemConditions,
  'deal-options': lists.dealOptions,
  manufacturers: lists.manufacturers,
  transmissions: lists.transmissions,
  colors: lists.colors,
  'fuel-types': lists.fuelTypes,
  'body-styles': lists.bodyStyles,
  'seller-types': lists.sellerTypes,
  'vehicle-types': lists.vehicleTypes,
  'engine-statuses': lists.engineStatuses,
  states: lists.states,
  'user-states': lists.userStates,
} as const;
export type SimpleLookupKind = keyof typeof SIMPLE_LOOKUPS;

/** A category (sub_cat_id null) or subcategory whose name matched. */
export type CatalogMatch = {
  text: string;
  cat_id: number;
  sub_cat_id: number | null;
};

export interface ListQuery extends PageRequest {
  keyword?: string | undefined;
  orderBy: 'name' | 'ordering' | 'added_date';
  orderType: 'asc' | 'desc';
}

/** Matches a keyword against the default name and every translation. */
const keywordMatches = (names: AnyPgColumn, fallback: AnyPgColumn, keyword: string) => {
  const pattern = containsPattern(keyword);
  return sql`(${fallback} ilike ${pattern} or exists (select 1 from jsonb_each_text(${names}) as t(lang, value) where t.value ilike ${pattern}))`;
};

/** What every localized list table has: a name per language, a status, an order and a date. */
type LocalizedTable = PgTable & { id: AnyPgColumn; names: AnyPgColumn; status: AnyPgColumn; addedDate: AnyPgColumn };

interface ListSpec {
  /** The default-name column, used when a language has no name and for keyword search. */
  fallbackName: AnyPgColumn;
  ordering: AnyPgColumn;
  /** A further condition, such as the parent's id. */
  where?: SQL;
}

function mapPage<T, U>(page: Paged<T>, map: (item: T) => U): Paged<U> {
  return { ...page, items: page.items.map(map) };
}

export class LookupsService {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  /** One page of a published, localized list, filtered by keyword and sorted as asked. */
  private async listLocalized<T extends LocalizedTable>(
    table: T,
    spec: ListSpec,
    query: ListQuery,
    language: LanguageCode,
  ): Promise<Paged<{ row: T['$inferSelect']; name: string }>> {
    const name = localizedText(table.names, language, spec.fallbackName);
    const direction = query.orderType === 'desc' ? desc : asc;
    const sortColumn = { name, ordering: spec.ordering, added_date: table.addedDate }[query.orderBy];
    const offset = resolveOffset(query);
    const rows = await this.db
      .select({ row: table as PgTable, name })
      .from(table as PgTable)
      .where(
        and(
          eq(table.status, 1),
          spec.where,
          query.keyword ? keywordMatches(table.names, spec.fallbackName, query.keyword) : undefined,
        ),
      )
      .orderBy(direction(sortColumn), direction(table.id))
      .limit(query.limit + 1)
      .offset(offset);
    return toPage(rows as Array<{ row: T['$inferSelect']; name: string }>, query.limit, offset);
  }

  async listSimple(kind: SimpleLookupKind, query: ListQuery, language: LanguageCode): Promise<Paged<Lookup>> {
    const table = SIMPLE_LOOKUPS[kind];
    const page = await this.listLocalized(
      table,
      { fallbackName: table.name, ordering: table.ordering },
      query,
      language,
    );
    return mapPage(page, (entry) => toLookup(entry, language));
  }

  async listPriceTypes(query: ListQuery, language: LanguageCode): Promise<Paged<PriceType>> {
    const table = lists.itemPriceTypes;
    const page = await this.listLocalized(
      table,
      { fallbackName: table.name, ordering: table.ordering },
      query,
      language,
    );
    return mapPage(page, (entry) => ({ ...toLookup(entry, language), is_empty_object: entry.row.isEmptyObject }));
  }

  async listModels(manufacturerId: number, query: ListQuery, language: LanguageCode): Promise<Paged<Model>> {
    await this.requireActive(lists.manufacturers, manufacturerId, 'api.manufacturerNotFound');
    const table = lists.models;
    const spec = {
      fallbackName: table.name,
      ordering: table.ordering,
      where: eq(table.manufacturerId, manufacturerId),
    };
    const page = await this.listLocalized(table, spec, query, language);
    return mapPage(page, (entry) => ({ ...toLookup(entry, language), manufacturer_id: entry.row.manufacturerId }));
  }

  async listCurrencies(query: ListQuery, language: LanguageCode): Promise<Paged<Currency>> {
    const table = lists.currencies;
    const spec = { fallbackName: table.currencyShortForm, ordering: table.ordering };
    const page = await this.listLocalized(table, spec, query, language);
    return mapPage(page, ({ row, name }) => ({
      id: row.id,
      name,
      currency_short_form: row.currencyShortForm,
      currency_symbol: row.currencySymbol,
      is_default: row.isDefault,
      status: row.status,
      ...dates(row.addedDate, language),
    }));
  }

  /** How a buyer may receive an item (SPEC.md 7: shipping method), with its price in the site's currency. */
  async listShippingMethods(query: ListQuery, language: LanguageCode): Promise<Paged<ShippingMethod>> {
    const table = lists.shippingMethods;
    const page = await this.listLocalized(
      table,
      { fallbackName: table.name, ordering: table.ordering },
      query,
      language,
    );
    return mapPage(page, ({ row, name }) => ({
      id: row.id,
      name,
      price: row.price,
      days: row.days,
      status: row.status,
      ...dates(row.addedDate, language),
    }));
  }

  async listLocations(query: ListQuery, language: LanguageCode): Promise<Paged<ItemLocation>> {
    const table = lists.itemLocations;
    const page = await this.listLocalized(
      table,
      { fallbackName: table.name, ordering: table.ordering },
      query,
      language,
    );
    return mapPage(page, ({ row, name }) => ({
      id: row.id,
      name,
      lat: row.lat,
      lng: row.lng,
      status: row.status,
      ...dates(row.addedDate, language),
    }));
  }

  async listTownships(cityId: number, query: ListQuery, language: LanguageCode): Promise<Paged<Township>> {
    await this.requireActive(lists.itemLocations, cityId, 'api.locationNotFound');
    const table = lists.locationTownships;
    const spec = { fallbackName: table.townshipName, ordering: table.ordering, where: eq(table.cityId, cityId) };
    const page = await this.listLocalized(table, spec, query, language);
    return mapPage(page, ({ row, name }) => ({
      id: row.id,
      city_id: row.cityId,
      township_name: name,
      odering: row.ordering,
      lat: row.lat,
      lng: row.lng,
      status: row.status,
      ...dates(row.addedDate, language),
    }));
  }

  async listCategories(query: ListQuery, language: LanguageCode): Promise<Paged<Category>> {
    const table = categories;
    const page = await this.listLocalized(
      table,
      { fallbackName: table.catName, ordering: table.catOrdering },
      query,
      language,
    );
    const images = await firstImages(
      this.db,
      page.items.map(({ row }) => row.id),
      ['category', 'category-icon'],
    );
    return mapPage(page, ({ row, name }) => toCategory(row, name, language, images));
  }

  async getCategory(catId: number, language: LanguageCode): Promise<Category> {
    const category = await this.findCategory(catId, language);
    if (!category) throw notFound('api.categoryNotFound');
    return category;
  }

  async findCategory(catId: number, language: LanguageCode): Promise<Category | null> {
    const table = categories;
    const [found] = await this.db
      .select({ row: table, name: localizedText(table.names, language, table.catName) })
      .from(table)
      .where(and(eq(table.id, catId), eq(table.status, 1)));
    if (!found) return null;
    const images = await firstImages(this.db, [catId], ['category', 'category-icon']);
    return toCategory(found.row, found.name, language, images);
  }

  async listSubcategories(catId: number, query: ListQuery, language: LanguageCode): Promise<Paged<Subcategory>> {
    await this.getCategory(catId, language);
    const table = subcategories;
    const spec = { fallbackName: table.name, ordering: table.ordering, where: eq(table.catId, catId) };
    const page = await this.listLocalized(table, spec, query, language);
    const images = await firstImages(
      this.db,
      page.items.map(({ row }) => row.id),
      ['subcategory'],
    );
    return mapPage(page, ({ row, name }) => ({
      id: row.id,
      cat_id: row.catId,
      name,
      status: row.status,
      ...dates(row.addedDate, language),
      added_user_id: row.addedUserId,
      updated_date: row.updatedDate?.toISOString() ?? null,
      updated_user_id: row.updatedUserId,
      updated_flag: row.updatedFlag,
      default_photo: images.get(`${row.id}:subcategory`) ?? null,
    }));
  }

  /** The cities people can choose for their profile, in `language`. */
  /** Every published city, in the operator's order: a profile may pick any of them, none is left out. */
  async listCityChoices(language: LanguageCode) {
    const table = lists.itemLocations;
    return this.db
      .select({ id: table.id, name: localizedText(table.names, language, table.name) })
      .from(table)
      .where(eq(table.status, 1))
      .orderBy(asc(table.ordering), asc(table.id));
  }

  /** A city's name in `language`, or null when there is no such city. */
  async cityName(cityId: number | null, language: LanguageCode): Promise<string | null> {
    if (!cityId) return null;
    const table = lists.itemLocations;
    const [city] = await this.db
      .select({ name: localizedText(table.names, language, table.name) })
      .from(table)
      .where(eq(table.id, cityId));
    return city?.name ?? null;
  }

  /**
   * The names in `language` of a published city and, when asked, of a published township of that city; null
   * when the city is not offered, or the township is not offered in it. The location chosen in a page header
   * is stored and shown with these names.
   */
  async placeNames(
    cityId: number,
    townshipId: number | null,
    language: LanguageCode,
  ): Promise<{ city: string; township: string | null } | null> {
    const cities = lists.itemLocations;
    const [city] = await this.db
      .select({ name: localizedText(cities.names, language, cities.name) })
      .from(cities)
      .where(and(eq(cities.id, cityId), eq(cities.status, 1)));
    if (!city) return null;
    if (townshipId === null) return { city: city.name, township: null };
    const townships = lists.locationTownships;
    const [township] = await this.db
      .select({ name: localizedText(townships.names, language, townships.townshipName) })
      .from(townships)
      .where(and(eq(townships.id, townshipId), eq(townships.cityId, cityId), eq(townships.status, 1)));
    return township ? { city: city.name, township: township.name } : null;
  }

  /** The symbol of the currency of this short form (SAR: its symbol), or the short form itself when none is listed. */
  async currencySymbolOf(shortForm: string): Promise<string> {
    const [currency] = await this.db
      .select({ symbol: lists.currencies.currencySymbol })
      .from(lists.currencies)
      .where(eq(lists.currencies.currencyShortForm, shortForm))
      .limit(1);
    return currency?.symbol ?? shortForm;
  }

  /** Whether `cityId` names a city (published or not: a profile keeps the city it chose). */
  async cityExists(cityId: number) {
    const [city] = await this.db
      .select({ id: lists.itemLocations.id })
      .from(lists.itemLocations)
      .where(eq(lists.itemLocations.id, cityId));
    return Boolean(city);
  }

  /**
   * Up to `limit` categories and `limit` subcategories whose name in `language` has a word starting with
   * `prefix` (the search box's suggestions); published ones only.
   */
  async catalogMatches(prefix: string, language: LanguageCode, limit: number): Promise<CatalogMatch[]> {
    const categoryName = localizedText(categories.names, language, categories.catName);
    const subcategoryName = localizedText(subcategories.names, language, subcategories.name);
    const startsAWord = (name: unknown) =>
      sql`(' ' || souk_normalize(${name})) like '% ' || replace(replace(souk_normalize(${prefix}), '%', ''), '_', '') || '%'`;
    const result = await this.db.execute<CatalogMatch>(sql`
      (select ${categoryName} as text, ${categories.id} as cat_id, null::int as sub_cat_id
       from ${categories} where ${categories.status} = 1 and ${startsAWord(categoryName)} limit ${limit})
      union all
      (select ${subcategoryName}, ${subcategories.catId}, ${subcategories.id}
       from ${subcategories} join ${categories} on ${categories.id} = ${subcategories.catId}
       where ${subcategories.status} = 1 and ${categories.status} = 1 and ${startsAWord(subcategoryName)} limit ${limit})`);
    return result.rows;
  }

  /**
   * Each published make's and model's names in every language (Toyota, تويوتا): the search reads one as
   * another, so a word in either script finds listings written in the other.
   */
  async vehicleNames(): Promise<string[][]> {
    const namesOf = (table: typeof lists.manufacturers | typeof lists.models) => sql`
      select array(select distinct value from jsonb_each_text(${table.names}) where value <> '') || ${table.name} as names
      from ${table} where ${table.status} = 1`;
    const result = await this.db.execute<{ names: string[] }>(
      sql`${namesOf(lists.manufacturers)} union all ${namesOf(lists.models)}`,
    );
    return result.rows.map((row) => [...new Set(row.names)]);
  }

  /**
   * Every published city's and district's names in every language, normalized as search words are
   * (souk_normalize): a place named in a search's words also matches listings located there.
   */
  async searchablePlaceNames(): Promise<Array<{ name: string; cityId: number; townshipId: number | null }>> {
    const cities = lists.itemLocations;
    const townships = lists.locationTownships;
    const result = await this.db.execute<{ name: string; cityId: number; townshipId: number | null }>(sql`
      select distinct souk_normalize(n.value) as "name", ${cities.id} as "cityId", null::int as "townshipId"
      from ${cities}, jsonb_each_text(${cities.names} || jsonb_build_object('default', ${cities.name})) n
      where ${cities.status} = 1 and n.value <> ''
      union
      select distinct souk_normalize(n.value), ${townships.cityId}, ${townships.id}
      from ${townships} join ${cities} on ${cities.id} = ${townships.cityId},
        jsonb_each_text(${townships.names} || jsonb_build_object('default', ${townships.townshipName})) n
      where ${townships.status} = 1 and ${cities.status} = 1 and n.value <> ''`);
    return result.rows;
  }

  /** The published categories in the operator's order, named in the default language (the sitemap's pages). */
  publishedCategories() {
    const name = localizedText(categories.names, DEFAULT_LANGUAGE, categories.catNameAr);
    return this.db
      .select({ id: categories.id, name, changed: categories.updatedDate })
      .from(categories)
      .where(eq(categories.status, 1))
      .orderBy(asc(categories.catOrdering), asc(categories.id));
  }

  private async requireActive(
    table: typeof lists.manufacturers | typeof lists.itemLocations,
    id: number,
    messageKey: string,
  ) {
    const [found] = await this.db
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.id, id), eq(table.status, 1)));
    if (!found) throw notFound(messageKey);
  }
}

function toLookup(
  { row, name }: { row: { id: number; status: number; addedDate: Date }; name: string },
  language: LanguageCode,
): Lookup {
  return { id: row.id, name, status: row.status, ...dates(row.addedDate, language) };
}

function dates(addedDate: Date, language: LanguageCode) {
  return { added_date: addedDate.toISOString(), added_date_str: formatDateTime(addedDate, language) };
}

function toCategory(
  row: typeof categories.$inferSelect,
  name: string,
  language: LanguageCode,
  images: Map<string, Image>,
): Category {
  return {
    cat_id: row.id,
    cat_name: name,
    cat_name_ar: row.catNameAr,
    cat_ordering: row.catOrdering,
    is_vehicle: row.isVehicle,
    slug: row.slug,
    icon: row.icon,
    status: row.status,
    ...dates(row.addedDate, language),
    default_photo: images.get(`${row.id}:category`) ?? null,
    default_icon: images.get(`${row.id}:category-icon`) ?? null,
  };
}
