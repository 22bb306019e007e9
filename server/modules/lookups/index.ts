export { Banners, MAX_BANNER_BYTES } from './banners.ts';
export { MAX_CATALOG_PICTURE_BYTES } from './catalog-pictures.ts';
export { CategoryEditor } from './category-editor.ts';
export {
  type CategoryJson,
  type ChoiceList,
  type CurrencyJson,
  categoryJson,
  cityJson,
  currencyJson,
  isVehicleCategory,
  type LookupJson,
  lookupJson,
  offered,
  type PlainList,
  priceTypeJson,
  type SubcategoryJson,
  subcategoryJson,
  townshipJson,
} from './fragments.ts';
export { ListEditor } from './list-editor.ts';
export { type LookupsPageOperations, lookupsPageOperations } from './page-operations.ts';
export { lookupRoutes } from './routes.ts';
export { type CatalogMatch, type ListQuery, LookupsService, SIMPLE_LOOKUPS, type SimpleLookupKind } from './service.ts';
