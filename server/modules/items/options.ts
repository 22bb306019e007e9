import type { LanguageCode } from '../../../contract/language.ts';
import type { ItemEntryOptions } from '../../../contract/pages.ts';
import type { ListQuery, LookupsService, SimpleLookupKind } from '../lookups/index.ts';

/** Every offered choice of a list: more than any operator keeps, in their order. */
const ALL: ListQuery = { limit: 10_000, offset: 0, orderBy: 'ordering', orderType: 'asc' };

/** Everything the item entry form offers (dependent lists, subcategories, townships and models, excepted). */
export async function entryOptions(lookups: LookupsService, language: LanguageCode): Promise<ItemEntryOptions> {
  const simple = async (kind: SimpleLookupKind) => (await lookups.listSimple(kind, ALL, language)).items;
  const [
    categories,
    item_types,
    price_types,
    currencies,
    conditions,
    deal_options,
    locations,
    manufacturers,
    engine_statuses,
    transmissions,
    fuel_types,
    body_styles,
    colors,
    seller_types,
    vehicle_types,
  ] = await Promise.all([
    lookups.listCategories(ALL, language).then((page) => page.items),
    simple('item-types'),
    lookups.listPriceTypes(ALL, language).then((page) => page.items),
    lookups.listCurrencies(ALL, language).then((page) => page.items),
    simple('conditions'),
    simple('deal-options'),
    lookups.listLocations(ALL, language).then((page) => page.items),
    simple('manufacturers'),
    simple('engine-statuses'),
    simple('transmissions'),
    simple('fuel-types'),
    simple('body-styles'),
    simple('colors'),
    simple('seller-types'),
    simple('vehicle-types'),
  ]);
  return {
    categories,
    item_types,
    price_types,
    currencies,
    conditions,
    deal_options,
    locations,
    manufacturers,
    engine_statuses,
    transmissions,
    fuel_types,
    body_styles,
    colors,
    seller_types,
    vehicle_types,
  };
}
