import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { LanguageCode } from '../../../contract/language.ts';
import { qualified } from '../../kernel/database.ts';
import { localizedText } from '../../kernel/localized-text.ts';
import { categories, subcategories } from './catalog-schema.ts';
import * as lists from './schema.ts';

/**
 * Query fragments over the lookup tables, for other modules' SQL: a referenced lookup as one JSON value in the
 * reader's language (a scalar subquery on its primary key: planned on its own, where twenty left joins in one
 * query would cost far more to plan than to run), and whether a choice is offered (status 1).
 */

type Key = SQL | AnyPgColumn;

/** A lookup as the query answers it (JSON: dates are text). */
export interface LookupJson {
  id: number;
  name: string;
  status: number;
  added_date: string;
}

export interface CategoryJson extends LookupJson {
  name_ar: string;
  ordering: number;
  slug: string;
  icon: string;
  is_vehicle: boolean;
}

export interface SubcategoryJson extends LookupJson {
  cat_id: number;
  added_user_id: string | null;
  updated_date: string | null;
  updated_user_id: string | null;
  updated_flag: number;
}

export interface CurrencyJson extends LookupJson {
  short_form: string;
  symbol: string;
  is_default: boolean;
}

type Localized = PgTable & {
  id: AnyPgColumn;
  names: AnyPgColumn;
  name: AnyPgColumn;
  status: AnyPgColumn;
  addedDate: AnyPgColumn;
};

/** The lists that hold nothing but a name per language (their JSON is LookupJson). */
const PLAIN_LISTS = {
  itemType: lists.itemTypes,
  condition: lists.itemConditions,
  dealOption: lists.dealOptions,
  manufacturer: lists.manufacturers,
  model: lists.models,
  engineStatus: lists.engineStatuses,
  transmission: lists.transmissions,
  fuelType: lists.fuelTypes,
  bodyStyle: lists.bodyStyles,
  color: lists.colors,
  sellerType: lists.sellerTypes,
  vehicleType: lists.vehicleTypes,
} satisfies Record<string, Localized>;
export type PlainList = keyof typeof PLAIN_LISTS;

function rowJson<T>(table: PgTable & { id: AnyPgColumn }, key: Key, fields: Record<string, SQL | AnyPgColumn>) {
  const pairs = Object.entries(fields).flatMap(([name, value]) => [sql.raw(`'${name}'`), sql`${value}`]);
  return sql<T | null>`(select json_build_object(${sql.join(pairs, sql`, `)}) from ${table} where ${table.id} = ${qualified(key)})`;
}

const lookupFields = (table: Localized, language: LanguageCode) => ({
  id: table.id,
  name: localizedText(table.names, language, table.name),
  status: table.status,
  added_date: table.addedDate,
});

/** One of the plain lists' row, referenced by `key`. */
export const lookupJson = (list: PlainList, key: Key, language: LanguageCode) =>
  rowJson<LookupJson>(PLAIN_LISTS[list], key, lookupFields(PLAIN_LISTS[list], language));

export const categoryJson = (key: Key, language: LanguageCode) =>
  rowJson<CategoryJson>(categories, key, {
    id: categories.id,
    name: localizedText(categories.names, language, categories.catName),
    name_ar: categories.catNameAr,
    ordering: categories.catOrdering,
    slug: categories.slug,
    icon: categories.icon,
    is_vehicle: categories.isVehicle,
    status: categories.status,
    added_date: categories.addedDate,
  });

export const subcategoryJson = (key: Key, language: LanguageCode) =>
  rowJson<SubcategoryJson>(subcategories, key, {
    id: subcategories.id,
    cat_id: subcategories.catId,
    name: localizedText(subcategories.names, language, subcategories.name),
    status: subcategories.status,
    added_date: subcategories.addedDate,
    added_user_id: subcategories.addedUserId,
    updated_date: subcategories.updatedDate,
    updated_user_id: subcategories.updatedUserId,
    updated_flag: subcategories.updatedFlag,
  });

export const priceTypeJson = (key: Key, language: LanguageCode) =>
  rowJson<LookupJson & { is_empty_object: boolean }>(lists.itemPriceTypes, key, {
    ...lookupFields(lists.itemPriceTypes, language),
    is_empty_object: lists.itemPriceTypes.isEmptyObject,
  });

export const currencyJson = (key: Key, language: LanguageCode) =>
  rowJson<CurrencyJson>(lists.currencies, key, {
    id: lists.currencies.id,
    name: localizedText(lists.currencies.names, language, lists.currencies.currencyShortForm),
    short_form: lists.currencies.currencyShortForm,
    symbol: lists.currencies.currencySymbol,
    is_default: lists.currencies.isDefault,
    status: lists.currencies.status,
    added_date: lists.currencies.addedDate,
  });

export const cityJson = (key: Key, language: LanguageCode) =>
  rowJson<LookupJson & { lat: number; lng: number }>(lists.itemLocations, key, {
    ...lookupFields(lists.itemLocations, language),
    lat: lists.itemLocations.lat,
    lng: lists.itemLocations.lng,
  });

export const townshipJson = (key: Key, language: LanguageCode) =>
  rowJson<{ id: number; name: string }>(lists.locationTownships, key, {
    id: lists.locationTownships.id,
    name: localizedText(lists.locationTownships.names, language, lists.locationTownships.townshipName),
  });

type Offered = PgTable & { id: AnyPgColumn; status: AnyPgColumn };

/** The lists a listing picks one of by id, beside the catalog and the dependent ones below. */
const CHOICE_LISTS = {
  ...PLAIN_LISTS,
  priceType: lists.itemPriceTypes,
  currency: lists.currencies,
  city: lists.itemLocations,
} satisfies Record<string, Offered>;
export type ChoiceList = keyof typeof CHOICE_LISTS;

const activeIn = (table: Offered, id: number) =>
  sql<boolean>`exists (select 1 from ${table} where ${table.id} = ${id} and ${table.status} = 1)`;

/** Whether a choice is offered (published, status 1), and for dependent ones, offered under its parent. */
export const offered = {
  choice: (list: ChoiceList, id: number) => activeIn(CHOICE_LISTS[list], id),
  category: (id: number) => activeIn(categories, id),
  subcategory: (id: number | null, catId: number) =>
    sql<boolean>`exists (select 1 from ${subcategories} where ${subcategories.id} = ${id} and ${subcategories.catId} = ${catId} and ${subcategories.status} = 1)`,
  township: (id: number | null, cityId: number) =>
    sql<boolean>`exists (select 1 from ${lists.locationTownships} where ${lists.locationTownships.id} = ${id} and ${lists.locationTownships.cityId} = ${cityId} and ${lists.locationTownships.status} = 1)`,
  model: (id: number, manufacturerId: number) =>
    sql<boolean>`exists (select 1 from ${lists.models} where ${lists.models.id} = ${id} and ${lists.models.manufacturerId} = ${manufacturerId} and ${lists.models.status} = 1)`,
};

/** Whether the category is one of vehicles (its listings carry the vehicle fields). */
export const isVehicleCategory = (catId: number) =>
  sql<boolean>`coalesce((select ${categories.isVehicle} from ${categories} where ${categories.id} = ${catId}), false)`;
