import type { LanguageCode } from '../../../contract/language.ts';
import { readEveryTime, type SharedRead } from '../../kernel/shared-cache.ts';
import type { Banners } from './banners.ts';
import type { ListQuery, LookupsService } from './service.ts';

/**
 * What pages may ask of the lookups: reading published lists, nothing else. `shared` keeps the categories a few
 * seconds for everyone, signed in or not: they are the same for all.
 */
export function lookupsPageOperations(lookups: LookupsService, banners: Banners, shared: SharedRead = readEveryTime) {
  return {
    listCategories: (query: ListQuery, language: LanguageCode) =>
      shared(`categories:${language}:${JSON.stringify(query)}`, () => lookups.listCategories(query, language)),
    getCategory: (catId: number, language: LanguageCode) => lookups.findCategory(catId, language),
    listSubcategories: (catId: number, query: ListQuery, language: LanguageCode) =>
      lookups.listSubcategories(catId, query, language),
    listDealOptions: (query: ListQuery, language: LanguageCode) => lookups.listSimple('deal-options', query, language),
    /** The cities people can choose for their profile, in the page's language. */
    listCities: (language: LanguageCode) => lookups.listCityChoices(language),
    /** The names of a city and one of its townships, for the location chosen in the header. */
    placeNames: (cityId: number, townshipId: number | null, language: LanguageCode) =>
      lookups.placeNames(cityId, townshipId, language),
    /** The dashboard's published banners, worded in the page's language. */
    listBanners: (language: LanguageCode) => banners.shown(language),
  };
}

export type LookupsPageOperations = ReturnType<typeof lookupsPageOperations>;
